/* Tests of bpoint: dispatch to the three certificates, with hand values:
   sqrt(2) as the root of x^2 - 2 in [1, 2], log_2(3/2) = 0.58496... as the
   zero of 2*2^x - 3, the rational 1/2 as an exact algebraic point, sqrt(1/2) =
   0.70710678118654752440... both as the root of 2x^2 - 1 and as the zero of
   2x - sqrt(2), comparisons within and across kinds, and the text form. */
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

/* b written and read back as c: the kind's word first, then the same point. */
static void check_roundtrip(ct_bpoint_t b, const char *word)
{
    FILE *f = tmpfile();
    char buf[4096];
    CHECK(f != NULL);
    if (f == NULL)
        return;
    ct_bpoint_write(f, b);
    rewind(f);
    size_t n = fread(buf, 1, sizeof(buf) - 1, f);
    fclose(f);
    buf[n] = '\0';
    CHECK_MSG(strncmp(buf, word, strlen(word)) == 0 && buf[strlen(word)] == ' ', "%s",
              buf);
    ct_bpoint_t c;
    ct_bpoint_init(c);
    const char *s = buf;
    int cmp = 2;
    CHECK(ct_bpoint_read(c, &s) == 0 && c->kind == b->kind);
    CHECK(ct_bpoint_cmp(&cmp, c, b) == 1 && cmp == 0);
    char *x = ct_bpoint_get_exact_str(b), *y = ct_bpoint_get_exact_str(c);
    CHECK(strcmp(x, y) == 0);
    free(x), free(y);
    ct_bpoint_clear(c);
}

/* sqrt(1/2) read as a zero of 2x - sqrt(2) (mq) and of 2x^2 - 1 (alg): equal
   across the kinds, strings trimmed (mq) or not (alg); unknown words fail. */
static void check_mq_text(ct_bpoint_t a, ct_bpoint_t b)
{
    ct_bpoint_t m, r;
    ct_bpoint_init(m), ct_bpoint_init(r);
    const char *s = "mq 2 1 2 0 2 2 1 -1 1/2 1 -1", *t = "alg 3 -1 0 2 1/2 1 -1";
    CHECK(ct_bpoint_read(m, &s) == 0 && m->kind == CT_BPOINT_MQ);
    CHECK(ct_bpoint_read(r, &t) == 0 && r->kind == CT_BPOINT_ALGEBRAIC);
    int c = 2;
    CHECK(ct_bpoint_cmp(&c, m, r) == 1 && c == 0);
    CHECK(ct_bpoint_cmp(&c, r, m) == 1 && c == 0);
    CHECK(ct_bpoint_cmp(&c, m, a) == 1 && c == -1); /* 0.707 < 1.414 */
    CHECK(ct_bpoint_cmp(&c, b, m) == 1 && c == -1); /* 0.585 < 0.707 */
    char *ap, *lo, *hi;
    ct_bpoint_get_strs(&ap, &lo, &hi, m, 20);
    CHECK_MSG(strcmp(ap, "0.7071067811865475244") == 0, "%s", ap);
    free(ap), free(lo), free(hi);
    ct_bpoint_get_strs(&ap, &lo, &hi, r, 20);
    CHECK_MSG(strcmp(ap, "0.70710678118654752440") == 0, "%s", ap);
    free(ap), free(lo), free(hi);
    check_roundtrip(a, "alg");
    check_roundtrip(b, "exp");
    check_roundtrip(m, "mq");
    const char *bad[] = {"beta 1 2", "", "al 3 -1 0 2 1/2 1 -1", "mq"};
    for (int k = 0; k < 4; k++) {
        s = bad[k];
        CHECK_MSG(ct_bpoint_read(r, &s) == -1, "%s", bad[k]);
    }
    ct_bpoint_clear(m), ct_bpoint_clear(r);
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
    check_mq_text(a, b);
    ct_rroot_clear(r);
    fmpq_clear(q), fmpq_clear(w0), fmpq_clear(w1);
    ct_bpoint_clear(a), ct_bpoint_clear(b), ct_bpoint_clear(e), ct_bpoint_clear(x);
    flint_cleanup();
    return check_finish("t-bpoint");
}
