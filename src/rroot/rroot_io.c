/* rroot_io: a real algebraic number as text (profile files, docs/scale.md):
   "POLY LO HI SIGN_LO", the polynomial as ct_qparse_write_fmpz_poly writes it. */
#include "certune/qparse.h"
#include "certune/rroot.h"
#include "rroot_internal.h"

void ct_rroot_write(FILE *f, const ct_rroot_t r)
{
    ct_qparse_write_fmpz_poly(f, r->poly);
    fputc(' ', f);
    fmpq_fprint(f, r->lo);
    fputc(' ', f);
    fmpq_fprint(f, r->hi);
    fprintf(f, " %d", r->sign_lo);
}

/* The polynomial is primitive, of degree >= 1, with a positive leading
   coefficient, and changes sign across [lo, hi] as sign_lo says (or vanishes
   at lo == hi). */
static int rroot_check(const ct_rroot_t r)
{
    fmpz_t g;
    fmpz_init(g);
    fmpz_poly_content(g, r->poly);
    int ok = fmpz_poly_length(r->poly) >= 2 && fmpz_is_one(g) &&
             fmpz_sgn(fmpz_poly_lead(r->poly)) > 0 && fmpq_cmp(r->lo, r->hi) <= 0;
    fmpz_clear(g);
    if (ok && fmpq_equal(r->lo, r->hi))
        return _ct_rroot_poly_sign_at(r->poly, r->lo) == 0 ? 0 : -1;
    return ok && (r->sign_lo == 1 || r->sign_lo == -1) &&
                   _ct_rroot_poly_sign_at(r->poly, r->lo) == r->sign_lo &&
                   _ct_rroot_poly_sign_at(r->poly, r->hi) == -r->sign_lo
               ? 0
               : -1;
}

int ct_rroot_read(ct_rroot_t r, const char **s)
{
    slong sign;
    if (ct_qparse_tok_fmpz_poly(r->poly, s) || ct_qparse_tok_fmpq(r->lo, s) ||
        ct_qparse_tok_fmpq(r->hi, s) || ct_qparse_tok_slong(&sign, s) || sign < -1 ||
        sign > 1)
        return -1;
    r->sign_lo = (int)sign;
    return rroot_check(r);
}
