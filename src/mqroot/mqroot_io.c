/* mqroot_io: a zero of a multi-quadratic polynomial as text (profile files,
   docs/scale.md): "LEN R1 POLY1 ... RLEN POLYLEN LO HI SIGN_LO" for
   sum_k sqrt(R_k) G_k(x), radicands increasing. */
#include "certune/mqroot.h"
#include "certune/qparse.h"

void ct_mqroot_write(FILE *f, const ct_mqroot_t r)
{
    fprintf(f, "%ld", (long)r->fn.len);
    for (slong k = 0; k < r->fn.len; k++) {
        fputc(' ', f);
        fmpz_fprint(f, r->fn.rad + k);
        fputc(' ', f);
        ct_qparse_write_fmpz_poly(f, r->fn.poly + k);
    }
    fputc(' ', f);
    fmpq_fprint(f, r->lo);
    fputc(' ', f);
    fmpq_fprint(f, r->hi);
    fprintf(f, " %d", r->sign_lo);
}

/* Radicands >= 1, increasing, polynomials nonzero: each term is kept as is. */
static int mqroot_read_fn(ct_mqpoly_t g, const char **s)
{
    slong len;
    if (ct_qparse_tok_slong(&len, s) || len < 1 || len > 1000000)
        return -1;
    fmpz_t r, prev;
    fmpz_poly_t G;
    fmpz_init(r), fmpz_init(prev), fmpz_poly_init(G);
    int rc = 0;
    for (slong k = 0; rc == 0 && k < len; k++) {
        rc = ct_qparse_tok_fmpz(r, s) || ct_qparse_tok_fmpz_poly(G, s) ||
             fmpz_cmp_ui(r, 1) < 0 || (k > 0 && fmpz_cmp(prev, r) >= 0) ||
             fmpz_poly_is_zero(G);
        if (rc == 0)
            ct_mqpoly_add_term(g, r, G);
        fmpz_set(prev, r);
    }
    fmpz_clear(r), fmpz_clear(prev), fmpz_poly_clear(G);
    return rc || g->len != len ? -1 : 0;
}

int ct_mqroot_read(ct_mqroot_t r, const char **s)
{
    slong sign;
    if (mqroot_read_fn(&r->fn, s) || ct_qparse_tok_fmpq(r->lo, s) ||
        ct_qparse_tok_fmpq(r->hi, s) || ct_qparse_tok_slong(&sign, s) || sign < -1 ||
        sign > 1 || fmpq_cmp(r->lo, r->hi) > 0)
        return -1;
    r->sign_lo = (int)sign;
    if (fmpq_equal(r->lo, r->hi))
        return ct_mqroot_sign_fmpq(&r->fn, r->lo) == 0 ? 0 : -1;
    return sign != 0 && ct_mqroot_sign_fmpq(&r->fn, r->lo) == sign &&
                   ct_mqroot_sign_fmpq(&r->fn, r->hi) == -sign
               ? 0
               : -1;
}
