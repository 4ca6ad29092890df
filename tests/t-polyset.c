/* Tests of polyset: equality up to sign and content, growth, normal form. */
#include "check.h"
#include "certune/polyset.h"

static void poly_from(fmpz_poly_t p, const slong *c, slong len)
{
    fmpz_poly_zero(p);
    for (slong i = 0; i < len; i++)
        fmpz_poly_set_coeff_si(p, i, c[i]);
}

static void check_equivalence(void)
{
    ct_polyset_t S;
    fmpz_poly_t p;
    ct_polyset_init(S);
    fmpz_poly_init(p);
    slong a[] = {-4, 2}, b[] = {2, -1}, c[] = {6, -3}, d[] = {-2, 1, 0}, e[] = {-2, 3};
    poly_from(p, a, 2);
    slong id = ct_polyset_insert(S, p);
    CHECK(id == 0);
    poly_from(p, b, 2);
    CHECK(ct_polyset_insert(S, p) == id); /* -(x - 2) */
    poly_from(p, c, 2);
    CHECK(ct_polyset_insert(S, p) == id); /* -3 (x - 2) */
    poly_from(p, d, 3);
    CHECK(ct_polyset_insert(S, p) == id); /* trailing zero is normalized away */
    poly_from(p, e, 2);
    CHECK(ct_polyset_insert(S, p) == 1);
    CHECK(S->len == 2);
    /* Stored primitive with positive leading coefficient. */
    CHECK(fmpz_equal_si(S->polys[0].coeffs + 0, -2) &&
          fmpz_is_one(S->polys[0].coeffs + 1));
    fmpz_poly_clear(p);
    ct_polyset_clear(S);
}

/* Many distinct polynomials force table growth; each keeps its id. */
static void check_growth(void)
{
    ct_polyset_t S;
    fmpz_poly_t p;
    ct_polyset_init(S);
    fmpz_poly_init(p);
    for (slong round = 0; round < 2; round++)
        for (slong k = 0; k < 1000; k++) {
            slong c[3] = {k, -(k % 7) - 1, 1};
            poly_from(p, c, 3);
            if (round == 1)
                fmpz_poly_scalar_mul_si(p, p, -5);
            CHECK(ct_polyset_insert(S, p) == k);
        }
    CHECK(S->len == 1000);
    fmpz_poly_clear(p);
    ct_polyset_clear(S);
}

int main(void)
{
    check_equivalence();
    check_growth();
    return check_finish("t-polyset");
}
