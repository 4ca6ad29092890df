/* t-lsroot: the generic root kind (lsroot.h) over a system of its own, a toy
   that shares no code with lsalpha or lskron: per row a polynomial p_i with
   rational coefficients in the models' variable a, its models the exact
   coefficients as balls widened by 2^-(30 + 10 level), its exact sign by
   evaluating p_i, and the roots' variable a itself or x = (1 - a) / a
   (decreasing, as lambda's). Checked: the search's zeros and signs right of 0
   (a leading zero divided out, a row sharing another's function, a zero on
   a segment's end refused), the roots made from them and narrowed (each
   model built once per disk), the oracle chain against the exact sign inside
   and outside the disk, the comparison, the decimal certificate and the
   function's words, the text read back (and rejected when tampered with),
   and that every system and disk is freed at the end. */
#include <math.h>
#include <stdatomic.h>
#include <string.h>
#include <arb_poly.h>
#include <flint/fmpq_poly.h>
#include "check.h"
#include "certune/lsroot.h"
#include "certune/qparse.h"
#include "../src/lsroot/lsroot_internal.h"

typedef struct {
    ct_lsroot_sys_struct head;
    int decreasing;      /* x = (1 - a) / a, else x = a */
    fmpq_poly_struct *p; /* per row: the function of the pair (0, 1) */
} toy_struct;

static slong toy_live_sys, toy_live_disks;
static atomic_long toy_builds; /* the narrowing builds on two threads */
static const ct_lsroot_type_struct toy_type;

static toy_struct *toy_new(slong n, int decreasing, const char *const *polys)
{
    toy_struct *S = flint_calloc(1, sizeof(toy_struct));
    S->head.refs = 1, S->head.type = &toy_type, S->head.n = n, S->head.c = 2;
    S->decreasing = decreasing;
    S->p = flint_malloc(n * sizeof(fmpq_poly_struct));
    for (slong i = 0; i < n; i++) {
        fmpq_poly_init(S->p + i);
        if (polys != NULL)
            fmpq_poly_set_str(S->p + i, polys[i]);
    }
    toy_live_sys++;
    return S;
}

static void toy_clear(ct_lsroot_sys_struct *H)
{
    toy_struct *S = (toy_struct *)H;
    for (slong i = 0; i < S->head.n; i++)
        fmpq_poly_clear(S->p + i);
    flint_free(S->p), flint_free(S);
    toy_live_sys--;
}

static atomic_long toy_maps; /* the model evaluations of a narrowing */

static int toy_map(fmpq_t a, const ct_lsroot_sys_struct *H, const fmpq_t x)
{
    atomic_fetch_add(&toy_maps, 1);
    if (((const toy_struct *)H)->decreasing) {
        if (fmpq_sgn(x) <= 0)
            return 0;
        fmpq_add_si(a, x, 1);
        fmpq_inv(a, a);
        return 1;
    }
    fmpq_set(a, x);
    return fmpq_sgn(x) > 0 && fmpq_cmp_ui(x, 1) < 0;
}

static void toy_unmap(fmpq_t x, const ct_lsroot_sys_struct *H, double a)
{
    arf_t t;
    arf_init(t);
    arf_set_d(t, a);
    arf_get_fmpq(x, t);
    arf_clear(t);
    if (((const toy_struct *)H)->decreasing) { /* (1 - a) / a */
        fmpq_inv(x, x);
        fmpq_sub_si(x, x, 1);
    }
}

/* P: row i's polynomial around D's center, coefficients widened by rad. */
static void toy_poly(ct_lsroot_poly_struct *P, const ct_lsroot_disk_struct *D, slong i,
                     const mag_t rad)
{
    const fmpq_poly_struct *p = ((const toy_struct *)D->sys)->p + i;
    arb_poly_t f;
    arb_t c;
    arb_poly_init(f), arb_init(c);
    arb_poly_set_fmpq_poly(f, p, 256);
    arb_set_d(c, D->c);
    arb_poly_taylor_shift(f, f, c, 256);
    slong J = FLINT_MAX(arb_poly_length(f), 1) - 1;
    arb_ptr a = _arb_vec_init(J + 1);
    for (slong j = 0; j < arb_poly_length(f); j++) {
        arb_set(a + j, f->coeffs + j);
        if (!arb_is_zero(a + j))
            arb_add_error_mag(a + j, rad);
    }
    mag_init(P->tau), mag_init(P->dtau);
    P->c = D->c, P->r = D->r;
    if (D->c == 0) {
        mag_t K;
        mag_init(K); /* 0: the polynomial is the whole series */
        ct_lsroot_poly_set_series(P, a, J, D->r, K);
        mag_clear(K);
    } else {
        P->shift = 0, P->len = J + 1;
        P->Q = _arb_vec_init(P->len);
        _arb_vec_set(P->Q, a, P->len);
    }
    _arb_vec_clear(a, J + 1);
    arb_poly_clear(f), arb_clear(c);
}

static int toy_pair_poly(ct_lsroot_poly_struct *P, slong *prec, ct_lsroot_disk_struct *D,
                         int level, slong row, slong k, slong l)
{
    mag_t rad;
    if (level < 0 || k != 0 || l != 1)
        return 1;
    mag_init(rad);
    mag_one(rad);
    mag_mul_2exp_si(rad, rad, -30 - 10 * level);
    toy_poly(P, D, row, rad);
    mag_clear(rad);
    *prec = 64 + 32 * level;
    return 0;
}

static slong toy_keys(slong *key, const ct_lsroot_sys_struct *S, slong k, slong l)
{
    (void)S, (void)k, (void)l;
    key[0] = 0;
    return 1;
}

static void toy_build(ct_lsroot_disk_struct *D, int level, slong k, slong l, slong key)
{
    (void)D, (void)level, (void)k, (void)l, (void)key;
    atomic_fetch_add(&toy_builds, 1);
}

static int toy_sign_exact(const ct_lsroot_sys_struct *H, slong row, slong k, slong l,
                          const fmpq_t x)
{
    const toy_struct *S = (const toy_struct *)H;
    fmpq_t a, v;
    (void)k, (void)l; /* one pair */
    fmpq_init(a), fmpq_init(v);
    toy_map(a, H, x);
    fmpq_poly_evaluate_fmpq(v, S->p + row, a);
    int s = fmpq_sgn(v);
    fmpq_clear(a), fmpq_clear(v);
    return s;
}

static int toy_equal(const ct_lsroot_sys_struct *A, const ct_lsroot_sys_struct *B)
{
    const toy_struct *S = (const toy_struct *)A, *T = (const toy_struct *)B;
    if (S->head.n != T->head.n || S->decreasing != T->decreasing)
        return 0;
    for (slong i = 0; i < S->head.n; i++)
        if (!fmpq_poly_equal(S->p + i, T->p + i))
            return 0;
    return 1;
}

/* "N DEC" and per row "LEN C0 C1 ...". */
static void toy_write(FILE *f, const ct_lsroot_sys_struct *H)
{
    const toy_struct *S = (const toy_struct *)H;
    fmpq_t c;
    fmpq_init(c);
    fprintf(f, "%ld %d", (long)S->head.n, S->decreasing);
    for (slong i = 0; i < S->head.n; i++) {
        fprintf(f, " %ld", (long)fmpq_poly_length(S->p + i));
        for (slong j = 0; j < fmpq_poly_length(S->p + i); j++) {
            fmpq_poly_get_coeff_fmpq(c, S->p + i, j);
            fputc(' ', f);
            fmpq_fprint(f, c);
        }
    }
    fmpq_clear(c);
}

static ct_lsroot_sys_struct *toy_read(const char **s)
{
    slong n, dec, len;
    if (ct_qparse_tok_slong(&n, s) || ct_qparse_tok_slong(&dec, s) || n < 1 || n > 100)
        return NULL;
    toy_struct *S = toy_new(n, dec != 0, NULL);
    fmpq_t c;
    fmpq_init(c);
    int bad = 0;
    for (slong i = 0; i < n && !bad; i++) {
        bad = ct_qparse_tok_slong(&len, s) || len < 0 || len > 100;
        for (slong j = 0; j < len && !bad; j++) {
            bad = ct_qparse_tok_fmpq(c, s);
            fmpq_poly_set_coeff_fmpq(S->p + i, j, c);
        }
    }
    fmpq_clear(c);
    if (bad) {
        toy_clear(&S->head);
        return NULL;
    }
    return &S->head;
}

static void toy_disk_init(ct_lsroot_disk_struct *D)
{
    D->models = NULL;
    toy_live_disks++;
}

static void toy_disk_clear(ct_lsroot_disk_struct *D)
{
    (void)D;
    toy_live_disks--;
}

static const ct_lsroot_type_struct toy_type = {.family = "toy",
                                               .trim = 1,
                                               .slot = CT_LSROOT_SLOT_ALPHA,
                                               .map = toy_map,
                                               .unmap = toy_unmap,
                                               .pair_poly = toy_pair_poly,
                                               .keys = toy_keys,
                                               .build = toy_build,
                                               .sign_exact = toy_sign_exact,
                                               .equal = toy_equal,
                                               .write = toy_write,
                                               .read = toy_read,
                                               .disk_init = toy_disk_init,
                                               .disk_clear = toy_disk_clear,
                                               .clear = toy_clear};

/* The search's models: the exact coefficients (rounded to 256-bit balls). */
static void toy_make(ct_lsroot_poly_struct *P, const void *ctx, slong m, slong i, slong k,
                     slong l)
{
    ct_lsroot_disk_struct *const *disks = ctx;
    mag_t zero;
    (void)k, (void)l;
    mag_init(zero);
    toy_poly(P, disks[m], i, zero);
    mag_clear(zero);
}

/* Coarser models: the coefficients widened by 2^-30 (a zero within that of
   a segment's end leaves the sign there undecided). */
static void toy_make_coarse(ct_lsroot_poly_struct *P, const void *ctx, slong m, slong i,
                            slong k, slong l)
{
    ct_lsroot_disk_struct *const *disks = ctx;
    mag_t rad;
    (void)k, (void)l;
    mag_init(rad);
    mag_one(rad);
    mag_mul_2exp_si(rad, rad, -30);
    toy_poly(P, disks[m], i, rad);
    mag_clear(rad);
}

typedef void (*toy_make_fn)(ct_lsroot_poly_struct *, const void *, slong, slong, slong,
                            slong);

static double toy_kappa(const void *ctx, double c)
{
    (void)ctx, (void)c;
    return 1;
}

/* A covering and its disks for S. */
typedef struct {
    slong nd;
    double *cr, *seg;
    ct_lsroot_disk_struct **disks;
} toy_cover;

static void toy_cover_init(toy_cover *C, toy_struct *S)
{
    ct_lsroot_cover(&C->nd, &C->cr, &C->seg, toy_kappa, NULL);
    C->disks = flint_malloc(C->nd * sizeof(ct_lsroot_disk_struct *));
    for (slong m = 0; m < C->nd; m++)
        C->disks[m] = ct_lsroot_disk_new(&S->head, C->cr[2 * m], C->cr[2 * m + 1]);
}

static void toy_cover_clear(toy_cover *C)
{
    for (slong m = 0; m < C->nd; m++)
        ct_lsroot_disk_unref(C->disks[m]);
    flint_free(C->disks), flint_free(C->cr), flint_free(C->seg);
}

/* Searches rows[0..nr) of S (same given), c = 2 classes, both labeled, with
   the models of make and make_hi (may be NULL). */
static int toy_search_with(ct_lsroot_zero_struct **z, slong *nz, int *sign0, toy_cover *C,
                           const slong *rows, const slong *same, slong nr,
                           toy_make_fn make, toy_make_fn make_hi)
{
    static const slong nlabk[2] = {1, 1};
    ct_lsroot_search_struct F = {make, C->disks, C->seg,  C->nd, 2,    nlabk,
                                 NULL, NULL,     make_hi, NULL,  NULL, NULL};
    int bad = ct_lsroot_search(z, nz, sign0, &F, rows, same, nr, 2);
    for (slong j = 0; !bad && j < *nz; j++)
        (*z)[j].node = rows[(*z)[j].t];
    return bad;
}

static int toy_search(ct_lsroot_zero_struct **z, slong *nz, int *sign0, toy_cover *C,
                      const slong *rows, const slong *same, slong nr)
{
    return toy_search_with(z, nz, sign0, C, rows, same, nr, toy_make, NULL);
}

/* Whether the exact signs at r's ends are its claimed ones. */
static int toy_brackets(const ct_lsroot_struct *r)
{
    const ct_lsroot_sys_struct *S = r->disk->sys;
    return fmpq_cmp(r->lo, r->hi) < 0 &&
           toy_sign_exact(S, r->row, 0, 1, r->lo) == r->sign_lo &&
           toy_sign_exact(S, r->row, 0, 1, r->hi) == -r->sign_lo;
}

static char *toy_text(const ct_lsroot_struct *r)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ct_lsroot_write(f, r);
    fclose(f);
    return buf;
}

static int toy_read_text(const char *text)
{
    ct_lsroot_t c;
    const char *s = text;
    ct_lsroot_init(c);
    int rc = ct_lsroot_read(c, &toy_type, &s);
    ct_lsroot_clear(c);
    return rc;
}

/* The start of the i-th space-separated token of s from its end (i >= 1). */
static char *toy_token_from_end(char *s, int i)
{
    char *p = s + strlen(s);
    while (i > 0 && p > s)
        if (*--p == ' ')
            i--;
    return p + 1;
}

/* The text read back gives an equal root; tampered texts are refused. */
static void check_text(ct_lsroot_struct *r)
{
    char *text = toy_text(r), *bad = flint_malloc(strlen(text) + 8);
    ct_lsroot_t c;
    const char *s = text;
    int cmp = 2;
    ct_lsroot_init(c);
    CHECK_MSG(ct_lsroot_read(c, &toy_type, &s) == 0 && *s == 0, "cannot read %s", text);
    CHECK(fmpq_equal(c->lo, r->lo) && fmpq_equal(c->hi, r->hi) &&
          c->sign_lo == r->sign_lo);
    CHECK(ct_lsroot_cmp(&cmp, c, r) == 1 && cmp == 0);
    ct_lsroot_clear(c);
    strcpy(bad, text); /* the sign flipped */
    strcpy(strrchr(bad, ' ') + 1, r->sign_lo > 0 ? "-1" : "1");
    CHECK_MSG(toy_read_text(bad) != 0, "accepted %s", bad);
    strcpy(bad, text); /* k = l = 1: k, the 8th token from the end, was 0 */
    char *k = toy_token_from_end(bad, 8);
    CHECK(k[0] == '0' && k[1] == ' ');
    k[0] = '1';
    CHECK_MSG(toy_read_text(bad) != 0, "accepted %s", bad);
    flint_free(bad);
    free(text);
}

/* P(a) = a^2 - 2 (sign -1 left of sqrt 2) around c = 1.4, with the
   remainder bound tau, as a disk's model. */
static void qir_poly(ct_lsroot_poly_struct *P, double tau)
{
    P->c = 1.4, P->r = 1, P->len = 3, P->shift = 0;
    P->Q = _arb_vec_init(3); /* (t + c)^2 - 2, exactly (c is the double 1.4) */
    arb_set_d(P->Q, P->c);
    arb_sqr(P->Q, P->Q, 200);
    arb_sub_ui(P->Q, P->Q, 2, 200);
    arb_set_d(P->Q + 1, 2 * P->c);
    arb_one(P->Q + 2);
    mag_init(P->tau), mag_init(P->dtau);
    mag_set_d(P->tau, tau), mag_set_d(P->dtau, tau);
}

/* The narrowing of sqrt 2 from [1, 3/2]: to 2^-96 relative in a few
   evaluations (bisection takes about 96); with a remainder bound of 2^-40,
   stopped at the model's limit, the zero still inside. */
static void check_qir(void)
{
    toy_struct *S = toy_new(1, 0, NULL); /* the identity map (x in (0, 1) unchecked) */
    fmpq_t lo, hi, w;
    fmpq_init(lo), fmpq_init(hi), fmpq_init(w);
    for (int lim = 0; lim < 2; lim++) {
        ct_lsroot_poly_struct P;
        qir_poly(&P, lim ? 0x1p-40 : 0);
        fmpq_set_si(lo, 1, 1), fmpq_set_si(hi, 3, 2);
        atomic_store(&toy_maps, 0);
        _ct_lsroot_poly_narrow(lo, hi, -1, &P, 96, &S->head);
        fmpq_mul(w, lo, lo);
        CHECK(fmpq_cmp_ui(w, 2) < 0);
        fmpq_mul(w, hi, hi);
        CHECK(fmpq_cmp_ui(w, 2) > 0);
        fmpq_sub(w, hi, lo);
        fmpq_mul_2exp(w, w, lim ? 30 : 96);
        CHECK_MSG(fmpq_cmp(w, hi) <= 0, "sqrt 2 not narrowed (limit %d)", lim);
        if (!lim)
            CHECK_MSG(atomic_load(&toy_maps) <= 24, "%ld evaluations",
                      (long)atomic_load(&toy_maps));
        ct_lsroot_poly_clear(&P);
    }
    fmpq_clear(lo), fmpq_clear(hi), fmpq_clear(w);
    ct_lsroot_sys_unref(&S->head);
}

static void check_increasing(void)
{
    static const char *polys[] = {"3  5/21 -22/21 1", "2  3/5 -1", "4  0 0 -9/10 1"};
    toy_struct *S = toy_new(3, 0, polys);
    toy_cover C;
    toy_cover_init(&C, S);
    slong rows[4] = {0, 1, 2, 0}, same[4] = {0, 1, 2, 0}, nz;
    int sign0[4];
    ct_lsroot_zero_struct *z;
    CHECK(toy_search(&z, &nz, sign0, &C, rows, same, 4) == 0);
    CHECK(sign0[0] == 1 && sign0[1] == 1 && sign0[2] == -1 && sign0[3] == 1);
    CHECK_MSG(nz == 4, "%ld zeros", (long)nz);
    static const char *want[] = {"1/3", "3/5", "5/7", "9/10"};
    static const slong wrow[] = {0, 1, 0, 2};
    ct_lsroot_struct *r;
    toy_builds = 0;
    ct_lsroot_roots(&r, C.disks, z, nz, 2);
    slong ndisks = 0;
    for (slong j = 0; j < nz; j++) {
        slong t = 0;
        while (t < j && z[t].disk != z[j].disk)
            t++;
        ndisks += t == j;
    }
    CHECK_MSG(atomic_load(&toy_builds) == ndisks, "%ld builds for %ld disks",
              (long)atomic_load(&toy_builds), (long)ndisks);
    fmpq_t x, w;
    fmpq_init(x), fmpq_init(w);
    for (slong j = 0; j < nz && nz == 4; j++) {
        fmpq_set_str(x, want[j], 10);
        CHECK(r[j].row == wrow[j] && r[j].node == wrow[j] && r[j].k == 0 && r[j].l == 1);
        CHECK(toy_brackets(r + j) && fmpq_cmp(r[j].lo, x) < 0 &&
              fmpq_cmp(x, r[j].hi) < 0);
        fmpq_sub(w, r[j].hi, r[j].lo);
        fmpq_mul_2exp(w, w, 20);
        CHECK_MSG(fmpq_cmp_ui(w, 1) < 0, "root %ld not narrowed", (long)j);
        CHECK(ct_lsroot_sign_fmpq(r + j, x) == 0); /* the exact zero: to the end */
        for (int e = -3; e <= 4; e++) {            /* near the zero, and off its disk */
            fmpq_set_si(w, e, 1000);
            fmpq_add(w, w, x);
            if (e == 4)
                fmpq_set_si(w, 1, 20);
            CHECK(ct_lsroot_sign_fmpq(r + j, w) ==
                  toy_sign_exact(&S->head, r[j].row, 0, 1, w));
        }
        if (j + 1 < nz) {
            int cmp = 2;
            CHECK(ct_lsroot_cmp(&cmp, r + j, r + j + 1) == 1 && cmp == -1);
        }
        check_text(r + j);
    }
    char *approx, *lo, *hi, *fn = ct_lsroot_get_str(r);
    ct_lsroot_get_strs(&approx, &lo, &hi, r, 20);
    CHECK_MSG(strcmp(approx, "1/3") == 0 || strcmp(approx, "0.33333333333333333333") == 0,
              "%s", approx);
    fmpq_set_str(x, "1/3", 10);
    CHECK(ct_qparse_fmpq(w, lo) == 0 && fmpq_cmp(w, x) <= 0);
    CHECK(ct_qparse_fmpq(w, hi) == 0 && fmpq_cmp(w, x) >= 0);
    CHECK_MSG(
        strcmp(fn, "F[1][0] - F[1][1] (toy; zero certified by Taylor models in balls)") ==
            0,
        "%s", fn);
    free(approx), free(lo), free(hi), free(fn);
    fmpq_clear(x), fmpq_clear(w);
    for (slong j = 0; j < nz; j++)
        ct_lsroot_clear(r + j);
    flint_free(r), flint_free(z);
    toy_cover_clear(&C);
    ct_lsroot_sys_unref(&S->head);
}

/* x = (1 - a) / a: a's zero 1/3 is x = 2, the ends and the sign swapped. */
static void check_decreasing(void)
{
    static const char *polys[] = {"2  -1/3 1"};
    toy_struct *S = toy_new(1, 1, polys);
    toy_cover C;
    toy_cover_init(&C, S);
    slong rows[1] = {0}, same[1] = {0}, nz;
    int sign0[1];
    ct_lsroot_zero_struct *z;
    CHECK(toy_search(&z, &nz, sign0, &C, rows, same, 1) == 0 && nz == 1);
    CHECK(sign0[0] == -1);
    if (nz == 1) {
        ct_lsroot_struct *r;
        fmpq_t two;
        fmpq_init(two);
        fmpq_set_si(two, 2, 1);
        ct_lsroot_roots(&r, C.disks, z, nz, 1);
        CHECK(toy_brackets(r) && r->sign_lo == 1);
        CHECK(fmpq_cmp(r->lo, two) < 0 && fmpq_cmp(two, r->hi) < 0);
        CHECK(ct_lsroot_sign_fmpq(r, two) == 0);
        check_text(r);
        ct_lsroot_clear(r);
        flint_free(r);
        fmpq_clear(two);
    }
    flint_free(z);
    toy_cover_clear(&C);
    ct_lsroot_sys_unref(&S->head);
}

/* A zero on a segment's end (1/4, where two disks only touch) cannot be
   isolated: the search fails, with finer models (make_hi) too. */
static void check_refused(void)
{
    static const char *polys[] = {"2  -1/4 1"};
    toy_struct *S = toy_new(1, 0, polys);
    toy_cover C;
    toy_cover_init(&C, S);
    slong rows[1] = {0}, same[1] = {0}, nz;
    int sign0[1];
    ct_lsroot_zero_struct *z;
    CHECK(toy_search(&z, &nz, sign0, &C, rows, same, 1) == 1);
    flint_free(z);
    CHECK(toy_search_with(&z, &nz, sign0, &C, rows, same, 1, toy_make_coarse, toy_make) ==
          1);
    flint_free(z);
    toy_cover_clear(&C);
    ct_lsroot_sys_unref(&S->head);
}

/* A zero 2^-40 right of that end: the coarse models (2^-30) cannot decide the
   sign there and the search fails; with make_hi (the exact coefficients) the
   pair is searched again and its zero isolated, in the interval the exact
   sign confirms, with the other row's zero (1/3) kept as the coarse models
   found it. */
static void check_retry(void)
{
    static const char *polys[] = {"2  -274877906945/1099511627776 1", "2  -1/3 1"};
    toy_struct *S = toy_new(2, 0, polys);
    toy_cover C;
    toy_cover_init(&C, S);
    slong rows[2] = {0, 1}, same[2] = {0, 1}, nz;
    int sign0[2];
    ct_lsroot_zero_struct *z;
    CHECK(toy_search_with(&z, &nz, sign0, &C, rows, same, 2, toy_make_coarse, NULL) == 1);
    flint_free(z);
    int bad =
        toy_search_with(&z, &nz, sign0, &C, rows, same, 2, toy_make_coarse, toy_make);
    CHECK_MSG(bad == 0 && nz == 2, "retry: %d, %ld zeros", bad, (long)nz);
    CHECK(sign0[0] == -1 && sign0[1] == -1);
    double x0 = 0.25 + ldexp(1.0, -40);
    for (slong j = 0; bad == 0 && j < nz; j++) {
        double x = z[j].t == 0 ? x0 : 1.0 / 3;
        CHECK_MSG(z[j].lo < x && x < z[j].hi && z[j].sign_lo == -1,
                  "row %ld: [%.17g, %.17g]", (long)z[j].t, z[j].lo, z[j].hi);
    }
    if (bad == 0 && nz == 2) {
        ct_lsroot_struct *r;
        ct_lsroot_roots(&r, C.disks, z, nz, 1);
        for (slong j = 0; j < nz; j++) {
            CHECK(toy_brackets(r + j));
            ct_lsroot_clear(r + j);
        }
        flint_free(r);
    }
    flint_free(z);
    toy_cover_clear(&C);
    ct_lsroot_sys_unref(&S->head);
}

/* q = x exactly (x finite). */
static void toy_fmpq_set_d(fmpq_t q, double x)
{
    int e;
    double f = frexp(x, &e); /* x = f 2^e, f 53 bits */
    fmpq_set_si(q, (slong)ldexp(f, 53), 1);
    if (e - 53 >= 0)
        fmpq_mul_2exp(q, q, e - 53);
    else
        fmpq_div_2exp(q, q, 53 - e);
}

/* make_hi with the exact coefficients, recording the first disk it is asked for. */
static slong toy_hi_min_disk;

static void toy_make_counted(ct_lsroot_poly_struct *P, const void *ctx, slong m, slong i,
                             slong k, slong l)
{
    toy_hi_min_disk = FLINT_MIN(toy_hi_min_disk, m);
    toy_make(P, ctx, m, i, k, l);
}

/* A row with two zeros, one inside disk 0 and one 2^-40 right of the
   touching end seg[2] (disks 1 and 2 only touch there): the coarse search
   keeps the first, fails at disk 1 and the retry starts there (not at disk
   0): both zeros, once each. */
static void check_resume(void)
{
    toy_struct *T = toy_new(1, 0, NULL);
    toy_cover C;
    toy_cover_init(&C, T);
    slong j = 2;
    CHECK_MSG(C.nd >= 4, "%ld disks", (long)C.nd);
    double x0 = C.seg[1] / 2, x1 = C.seg[j] + ldexp(1.0, -40); /* both exact doubles */
    fmpq_t r0, r1, b, c;
    fmpq_init(r0), fmpq_init(r1), fmpq_init(b), fmpq_init(c);
    toy_fmpq_set_d(r0, x0), toy_fmpq_set_d(r1, x1);
    fmpq_add(b, r0, r1), fmpq_neg(b, b), fmpq_mul(c, r0, r1);
    char *sb = fmpq_get_str(NULL, 10, b), *sc = fmpq_get_str(NULL, 10, c);
    char *poly = flint_malloc(strlen(sb) + strlen(sc) + 16);
    sprintf(poly, "3  %s %s 1", sc, sb); /* (x - x0)(x - x1) */
    const char *polys[1] = {poly};
    toy_struct *S = toy_new(1, 0, polys);
    toy_cover_clear(&C);
    ct_lsroot_sys_unref(&T->head);
    toy_cover_init(&C, S);
    slong rows[1] = {0}, same[1] = {0}, nz;
    int sign0[1];
    ct_lsroot_zero_struct *z;
    toy_hi_min_disk = WORD_MAX;
    int bad = toy_search_with(&z, &nz, sign0, &C, rows, same, 1, toy_make_coarse,
                              toy_make_counted);
    CHECK_MSG(bad == 0 && nz == 2, "resume: %d, %ld zeros", bad, (long)nz);
    CHECK_MSG(toy_hi_min_disk == j - 1, "make_hi from disk %ld, not %ld",
              (long)toy_hi_min_disk, (long)(j - 1));
    CHECK(sign0[0] == 1);
    for (slong q = 0; bad == 0 && nz == 2 && q < 2; q++) {
        double x = z[q].lo < C.seg[1] ? x0 : x1;
        CHECK_MSG(z[q].lo < x && x < z[q].hi && z[q].sign_lo == (x == x0 ? 1 : -1),
                  "zero %ld: [%.17g, %.17g]", (long)q, z[q].lo, z[q].hi);
    }
    CHECK(nz != 2 || (z[0].lo < C.seg[1]) != (z[1].lo < C.seg[1]));
    flint_free(z);
    flint_free(poly), flint_free(sb), flint_free(sc);
    fmpq_clear(r0), fmpq_clear(r1), fmpq_clear(b), fmpq_clear(c);
    toy_cover_clear(&C);
    ct_lsroot_sys_unref(&S->head);
}

/* A zero z = 1 - d, d = (1 - seg[nd - 1]) 2^-21, of s (x - z) with s d = 1.6
   2^-30: the coarse models (errors 2^-30 (1 + |x - c|) <= 1.2 2^-30) decide
   the sign at 1 but neither z (the midpoint of [1 - 2d, 1]) nor the quarter
   points, so the interval cannot leave 1 (lambda = 0, where a root may not
   lie): the search fails, and with make_hi isolates z below 1. */
static void check_near_one(void)
{
    toy_struct *T = toy_new(1, 0, NULL);
    toy_cover C;
    toy_cover_init(&C, T);
    double d = ldexp(1 - C.seg[C.nd - 1], -21);
    CHECK(C.cr[2 * (C.nd - 1)] > 0.8 && C.cr[2 * (C.nd - 1)] < 1.2);
    toy_cover_clear(&C);
    ct_lsroot_sys_unref(&T->head);
    fmpq_t s, z, c;
    fmpq_init(s), fmpq_init(z), fmpq_init(c);
    toy_fmpq_set_d(z, d);
    fmpq_set_si(s, 8, 5);
    fmpq_div(s, s, z);
    fmpq_div_2exp(s, s, 30);
    toy_fmpq_set_d(z, 1 - d);
    fmpq_mul(c, s, z);
    fmpq_neg(c, c);
    char *ss = fmpq_get_str(NULL, 10, s), *sc = fmpq_get_str(NULL, 10, c);
    char *poly = flint_malloc(strlen(ss) + strlen(sc) + 16);
    sprintf(poly, "2  %s %s", sc, ss); /* s x - s z */
    const char *polys[1] = {poly};
    toy_struct *S = toy_new(1, 0, polys);
    toy_cover_init(&C, S);
    slong rows[1] = {0}, same[1] = {0}, nz;
    int sign0[1];
    ct_lsroot_zero_struct *zz;
    CHECK(toy_search_with(&zz, &nz, sign0, &C, rows, same, 1, toy_make_coarse, NULL) ==
          1);
    flint_free(zz);
    int bad =
        toy_search_with(&zz, &nz, sign0, &C, rows, same, 1, toy_make_coarse, toy_make);
    CHECK_MSG(bad == 0 && nz == 1, "near 1: %d, %ld zeros", bad, (long)nz);
    CHECK(bad != 0 || nz != 1 ||
          (zz[0].lo < 1 - d && 1 - d < zz[0].hi && zz[0].hi < 1 && zz[0].sign_lo == -1));
    flint_free(zz);
    flint_free(poly), flint_free(ss), flint_free(sc);
    fmpq_clear(s), fmpq_clear(z), fmpq_clear(c);
    toy_cover_clear(&C);
    ct_lsroot_sys_unref(&S->head);
}

/* ct_lsroot_terms: the least J with q^(J + 1) <= 2^-(prec + 6) for q <=
   1/4 (prec / 2 + 2 at q = 1/4), prec / 2 + 2 above; checked in logarithms
   at q off the boundaries (1.5 and 1.1 times powers of two). */
static void check_terms(void)
{
    CHECK(ct_lsroot_terms(96, 0.25) == 50 && ct_lsroot_terms(96, 0.3) == 50);
    CHECK(ct_lsroot_terms(192, 0.2) == 85 && ct_lsroot_terms(56, 1.0) == 30);
    for (slong prec = 56; prec <= 768; prec *= 2)
        for (int b = 3; b <= 60; b++)
            for (int f = 0; f < 2; f++) {
                double q = ldexp(f ? 1.5 : 1.1, -b), l = -log2(q);
                slong J = ct_lsroot_terms(prec, q);
                CHECK_MSG((double)(J + 1) * l >= (double)(prec + 6) &&
                              (double)J * l < (double)(prec + 6),
                          "prec %ld, q %g: J = %ld", (long)prec, q, (long)J);
            }
}

int main(void)
{
    check_terms();
    check_qir();
    check_increasing();
    check_decreasing();
    check_refused();
    check_retry();
    check_resume();
    check_near_one();
    ct_lsroot_read_release();
    CHECK_MSG(toy_live_sys == 0 && toy_live_disks == 0, "%ld systems, %ld disks left",
              (long)toy_live_sys, (long)toy_live_disks);
    flint_cleanup();
    return check_finish("t-lsroot");
}
