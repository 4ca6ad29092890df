/* expsum_str: decimal certificates of zeros of exponential sums, by the
   certified-root core (ct_root_get_strs) with one more isolation test. */
#include "certune/expsum.h"
#include "expsum_internal.h"

/* Whether [a, b] holds at most one zero of fn beyond the core's own test
   (inside the isolating interval): fn has one real zero in all, or fn'
   excludes 0 on [a, b]. */
static int _exroot_isolates(const ct_root_struct *v, const fmpq_t a, const fmpq_t b,
                            slong sig)
{
    const ct_expsum_struct *fn = v->fn;
    ct_expsum_ctx_t c;
    int sh, sd;

    if (ct_expsum_sign_changes(fn) == 1)
        return 1;
    _ct_expsum_ctx_init(c, fn, 64 + 4 * sig + _ct_expsum_coef_bits(fn));
    _ct_expsum_ctx_interval(&sh, &sd, c, a, b);
    _ct_expsum_ctx_clear(c);
    return sd != 2;
}

/* Bounds inside the isolating interval or passing the test above; past
   digits + 4 digits r is bisected too, moving its ends off the entry
   interval's so that a coarser grid fits between. */
static const ct_root_strs_spec _exroot_strs = {
    .trim = 1, .coarse = 0, .entry = 1, .isolates = _exroot_isolates, .bisect_after = 4};

void ct_expsum_root_get_strs(char **approx, char **lo, char **hi, ct_expsum_root_t r,
                             slong digits)
{
    ct_root_struct v;
    ct_expsum_root_view(&v, r);
    ct_root_get_strs(approx, lo, hi, &v, digits, &_exroot_strs);
}
