/* mqroot_str: decimal certificates of zeros of multi-quadratic polynomials,
   by the certified-root core (ct_root_get_strs): refine to a relative width of
   10^-(digits + 2), round, and bound the zero by decimals inside its isolating
   interval (whose ends are dyadic, so a fine enough grid fits). */
#include "certune/mqroot.h"
#include "mqroot_internal.h"

static const ct_root_strs_spec _mqroot_strs = {
    .trim = 1, .coarse = 0, .entry = 1, .isolates = NULL, .bisect_after = -1};

void ct_mqroot_get_strs(char **approx, char **lo, char **hi, ct_mqroot_t r, slong digits)
{
    ct_root_struct v;
    ct_mqroot_view(&v, r);
    ct_root_get_strs(approx, lo, hi, &v, digits, &_mqroot_strs);
}
