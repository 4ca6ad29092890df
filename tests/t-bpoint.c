/* Tests of bpoint: dispatch to the two certificates, with hand values: sqrt(2)
   as the root of x^2 - 2 in [1, 2], log_2(3/2) = 0.58496... as the zero of
   2*2^x - 3, the rational 1/2 as an exact algebraic point, and comparisons
   within and across kinds. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "certune/bpoint.h"

static void set_sqrt2(ct_bpoint_t b)
{
    ct_rroot_t r;
    ct_rroot_init(r);
    fmpz_poly_set_coeff_si(r->poly, 2, 1);
    fmpz_poly_set_coeff_si(r->poly, 0, -2);
    fmpq_set_si(r->lo, 1, 1);
    fmpq_set_si(r->hi, 2, 1);
    r->sign_lo = -1;
    ct_bpoint_set_rroot(b, r);
    ct_rroot_clear(r);
}

/* The zero of 2*2^x - 3 in (0, 1), isolated by the expsum module. */
static void set_log(ct_bpoint_t b)
{
    ct_expsum_t h;
    ct_expsum_init(h);
    fmpz c[2], base[2];
    fmpz_init_set_si(c + 0, 2), fmpz_init_set_si(c + 1, -3);
    fmpz_init_set_si(base + 0, 2), fmpz_init_set_si(base + 1, 1);
    ct_expsum_set_terms(h, c, base, 2);
    ct_expsum_root_struct *z;
    slong n;
    int s;
    fmpq_t lo, hi;
    fmpq_init(lo), fmpq_init(hi);
    CHECK(ct_expsum_isolate(&z, &n, &s, lo, hi, h) == 0 && n == 1 && s < 0);
    if (n == 1) {
        ct_bpoint_set_exroot(b, z);
        ct_expsum_root_clear(z);
        flint_free(z);
    }
    fmpq_clear(lo), fmpq_clear(hi);
    for (int i = 0; i < 2; i++)
        fmpz_clear(c + i), fmpz_clear(base + i);
    ct_expsum_clear(h);
}

int main(void)
{
    ct_bpoint_t a, b, e, x;
    ct_bpoint_init(a), ct_bpoint_init(b), ct_bpoint_init(e), ct_bpoint_init(x);
    set_sqrt2(a);
    set_log(b);
    CHECK(a->kind == CT_BPOINT_ALGEBRAIC && b->kind == CT_BPOINT_EXPSUM);
    fmpq_t q;
    fmpq_init(q);
    fmpq_set_si(q, 141, 100);
    CHECK(ct_bpoint_cmp_fmpq(a, q) > 0);
    fmpq_set_si(q, 142, 100);
    CHECK(ct_bpoint_cmp_fmpq(a, q) < 0);
    fmpq_set_si(q, 58, 100);
    CHECK(ct_bpoint_cmp_fmpq(b, q) > 0);
    fmpq_set_si(q, 59, 100);
    CHECK(ct_bpoint_cmp_fmpq(b, q) < 0);
    /* lo/hi follow the kind; bisecting keeps the point inside and halves. */
    fmpq_t w0, w1;
    fmpq_init(w0), fmpq_init(w1);
    fmpq_sub(w0, ct_bpoint_hi(b), ct_bpoint_lo(b));
    ct_bpoint_bisect(b);
    fmpq_sub(w1, ct_bpoint_hi(b), ct_bpoint_lo(b));
    fmpq_mul_2exp(w1, w1, 1);
    CHECK(fmpq_equal(w0, w1));
    CHECK(ct_bpoint_cmp_fmpq(b, ct_bpoint_lo(b)) > 0 &&
          ct_bpoint_cmp_fmpq(b, ct_bpoint_hi(b)) < 0);
    /* Comparisons: across kinds (refined apart), and with an exact copy. */
    int c = 2;
    CHECK(ct_bpoint_cmp(&c, a, b) == 1 && c == 1);
    CHECK(ct_bpoint_cmp(&c, b, a) == 1 && c == -1);
    ct_bpoint_set(x, b);
    CHECK(ct_bpoint_cmp(&c, x, b) == 1 && c == 0);
    ct_rroot_t r;
    ct_rroot_init(r);
    fmpz_poly_set_coeff_si(r->poly, 1, 2);
    fmpz_poly_set_coeff_si(r->poly, 0, -1);
    fmpq_set_si(r->lo, 1, 2), fmpq_set_si(r->hi, 1, 2);
    ct_bpoint_set_rroot(e, r);
    CHECK(ct_bpoint_cmp(&c, e, b) == 1 && c == -1); /* 1/2 < 0.58 */
    CHECK(ct_bpoint_cmp(&c, b, e) == 1 && c == 1);
    /* Strings. */
    char *ap, *lo, *hi, *ex;
    ct_bpoint_get_strs(&ap, &lo, &hi, b, 20);
    CHECK_MSG(strncmp(ap, "0.584962500721156181", 20) == 0, "%s", ap);
    ex = ct_bpoint_get_exact_str(b);
    CHECK_MSG(strcmp(ex, "2*2^x - 3") == 0, "%s", ex);
    free(ap), free(lo), free(hi), free(ex);
    ct_bpoint_get_strs(&ap, &lo, &hi, a, 10);
    CHECK_MSG(strncmp(ap, "1.41421356", 10) == 0, "%s", ap);
    ex = ct_bpoint_get_exact_str(a);
    CHECK(strcmp(ex, "x^2 - 2") == 0);
    free(ap), free(lo), free(hi), free(ex);
    ct_rroot_clear(r);
    fmpq_clear(q), fmpq_clear(w0), fmpq_clear(w1);
    ct_bpoint_clear(a), ct_bpoint_clear(b), ct_bpoint_clear(e), ct_bpoint_clear(x);
    flint_cleanup();
    return check_finish("t-bpoint");
}
