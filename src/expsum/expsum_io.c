/* expsum_io: a zero of an exponential sum as text (profile files,
   docs/scale.md): "LEN C1 B1 ... CLEN BLEN LO HI SIGN_LO", the normalized sum
   sum_t C_t B_t^x with increasing bases. */
#include "certune/expsum.h"
#include "certune/qparse.h"

void ct_expsum_root_write(FILE *f, const ct_expsum_root_t r)
{
    fprintf(f, "%ld", (long)r->fn.len);
    for (slong t = 0; t < r->fn.len; t++) {
        fputc(' ', f);
        fmpz_fprint(f, r->fn.coef + t);
        fputc(' ', f);
        fmpz_fprint(f, r->fn.base + t);
    }
    fputc(' ', f);
    fmpq_fprint(f, r->lo);
    fputc(' ', f);
    fmpq_fprint(f, r->hi);
    fprintf(f, " %d", r->sign_lo);
}

/* The sum as read is nonzero, normalized, with distinct bases >= 1 in order. */
static int expsum_read_fn(ct_expsum_t h, const char **s)
{
    slong len;
    if (ct_qparse_tok_slong(&len, s) || len < 1 || len > 1000000)
        return -1;
    fmpz *c = _fmpz_vec_init(2 * len), *b = c + len;
    int rc = 0;
    for (slong t = 0; rc == 0 && t < len; t++)
        rc = ct_qparse_tok_fmpz(c + t, s) || ct_qparse_tok_fmpz(b + t, s) ||
             fmpz_cmp_ui(b + t, 1) < 0 || (t > 0 && fmpz_cmp(b + t - 1, b + t) >= 0);
    if (rc == 0) {
        ct_expsum_t g;
        ct_expsum_init(g);
        ct_expsum_set_terms(h, c, b, len);
        ct_expsum_set(g, h);
        rc = h->len != len || ct_expsum_normalize(g) != 1 || !ct_expsum_equal(g, h);
        ct_expsum_clear(g);
    }
    _fmpz_vec_clear(c, 2 * len);
    return rc ? -1 : 0;
}

int ct_expsum_root_read(ct_expsum_root_t r, const char **s)
{
    slong sign;
    if (expsum_read_fn(&r->fn, s) || ct_qparse_tok_fmpq(r->lo, s) ||
        ct_qparse_tok_fmpq(r->hi, s) || ct_qparse_tok_slong(&sign, s) || sign < -1 ||
        sign > 1 || fmpq_sgn(r->lo) < 0 || fmpq_cmp(r->lo, r->hi) > 0 ||
        fmpz_cmp(fmpq_numref(r->hi), fmpq_denref(r->hi)) > 0)
        return -1;
    r->sign_lo = (int)sign;
    if (fmpq_equal(r->lo, r->hi))
        return ct_expsum_sign_fmpq(&r->fn, r->lo) == 0 ? 0 : -1;
    return sign != 0 && ct_expsum_sign_fmpq(&r->fn, r->lo) == sign &&
                   ct_expsum_sign_fmpq(&r->fn, r->hi) == -sign
               ? 0
               : -1;
}
