/* bpoint: a breakpoint of any kind as a thin layer on the certified-root core:
   one table of per-kind operations (view, strings, exact function), the
   pairwise equality proofs in ct_bpoint_cmp. */
#include "certune/bpoint.h"

void ct_bpoint_init(ct_bpoint_t b)
{
    b->kind = CT_BPOINT_ALGEBRAIC;
    ct_rroot_init(&b->alg);
    ct_expsum_root_init(&b->ex);
    ct_mqroot_init(&b->mq);
}

void ct_bpoint_clear(ct_bpoint_t b)
{
    ct_rroot_clear(&b->alg);
    ct_expsum_root_clear(&b->ex);
    ct_mqroot_clear(&b->mq);
}

void ct_bpoint_set(ct_bpoint_t b, const ct_bpoint_t s)
{
    if (s->kind == CT_BPOINT_ALGEBRAIC)
        ct_bpoint_set_rroot(b, &s->alg);
    else if (s->kind == CT_BPOINT_EXPSUM)
        ct_bpoint_set_exroot(b, &s->ex);
    else
        ct_bpoint_set_mqroot(b, &s->mq);
}

void ct_bpoint_set_rroot(ct_bpoint_t b, const ct_rroot_t r)
{
    b->kind = CT_BPOINT_ALGEBRAIC;
    ct_rroot_set(&b->alg, r);
}

void ct_bpoint_set_exroot(ct_bpoint_t b, const ct_expsum_root_t r)
{
    b->kind = CT_BPOINT_EXPSUM;
    ct_expsum_root_set(&b->ex, r);
}

void ct_bpoint_set_mqroot(ct_bpoint_t b, const ct_mqroot_t r)
{
    b->kind = CT_BPOINT_MQ;
    ct_mqroot_set(&b->mq, r);
}

/* The per-kind operations, by kind: the view onto the certified-root core
   (interval, sign oracle, bisection), the decimal certificate and the exact
   function's string. Everything else goes through the view. */
static void bpoint_view_alg(ct_root_struct *v, ct_bpoint_struct *b)
{
    ct_rroot_view(v, &b->alg);
}

static void bpoint_view_ex(ct_root_struct *v, ct_bpoint_struct *b)
{
    ct_expsum_root_view(v, &b->ex);
}

static void bpoint_view_mq(ct_root_struct *v, ct_bpoint_struct *b)
{
    ct_mqroot_view(v, &b->mq);
}

static void bpoint_strs_alg(char **approx, char **lo, char **hi, ct_bpoint_struct *b,
                            slong digits)
{
    ct_rroot_get_strs(approx, lo, hi, &b->alg, digits);
}

static void bpoint_strs_ex(char **approx, char **lo, char **hi, ct_bpoint_struct *b,
                           slong digits)
{
    ct_expsum_root_get_strs(approx, lo, hi, &b->ex, digits);
}

static void bpoint_strs_mq(char **approx, char **lo, char **hi, ct_bpoint_struct *b,
                           slong digits)
{
    ct_mqroot_get_strs(approx, lo, hi, &b->mq, digits);
}

static char *bpoint_exact_alg(const ct_bpoint_struct *b)
{
    return ct_rroot_poly_get_str(b->alg.poly);
}

static char *bpoint_exact_ex(const ct_bpoint_struct *b)
{
    return ct_expsum_get_str(&b->ex.fn);
}

static char *bpoint_exact_mq(const ct_bpoint_struct *b)
{
    return ct_mqpoly_get_str(&b->mq.fn);
}

static const struct {
    void (*view)(ct_root_struct *v, ct_bpoint_struct *b);
    void (*strs)(char **approx, char **lo, char **hi, ct_bpoint_struct *b, slong digits);
    char *(*exact)(const ct_bpoint_struct *b);
} bpoint_kinds[3] = {
    [CT_BPOINT_ALGEBRAIC] = {bpoint_view_alg, bpoint_strs_alg, bpoint_exact_alg},
    [CT_BPOINT_EXPSUM] = {bpoint_view_ex, bpoint_strs_ex, bpoint_exact_ex},
    [CT_BPOINT_MQ] = {bpoint_view_mq, bpoint_strs_mq, bpoint_exact_mq},
};

/* v: the view of b (b is not modified unless through v's step). */
static void bpoint_view(ct_root_struct *v, const ct_bpoint_struct *b)
{
    bpoint_kinds[b->kind].view(v, (ct_bpoint_struct *)b);
}

const fmpq *ct_bpoint_lo(const ct_bpoint_t b)
{
    ct_root_struct v;
    bpoint_view(&v, b);
    return v.lo;
}

const fmpq *ct_bpoint_hi(const ct_bpoint_t b)
{
    ct_root_struct v;
    bpoint_view(&v, b);
    return v.hi;
}

void ct_bpoint_bisect(ct_bpoint_t b)
{
    ct_root_struct v;
    bpoint_view(&v, b);
    v.step(v.self);
}

int ct_bpoint_cmp_fmpq(const ct_bpoint_t b, const fmpq_t q)
{
    ct_root_struct v;
    bpoint_view(&v, b);
    return ct_root_cmp_fmpq(&v, q);
}

void ct_bpoint_get_strs(char **approx, char **lo, char **hi, ct_bpoint_t b, slong digits)
{
    bpoint_kinds[b->kind].strs(approx, lo, hi, b, digits);
}

char *ct_bpoint_get_exact_str(const ct_bpoint_t b)
{
    return bpoint_kinds[b->kind].exact(b);
}

/* Different kinds: an exact rational compares exactly; otherwise refine
   (ct_root_cmp_refine, down to 2^-CT_EXPSUM_ROOT_CMP_BITS). */
static int bpoint_cmp_mixed(int *cmp, ct_bpoint_t a, ct_bpoint_t b)
{
    ct_root_struct va, vb;
    bpoint_view(&va, a);
    bpoint_view(&vb, b);
    return ct_root_cmp_refine(cmp, &va, &vb, CT_EXPSUM_ROOT_CMP_BITS);
}

int ct_bpoint_cmp(int *cmp, ct_bpoint_t a, ct_bpoint_t b)
{
    int ka = a->kind, kb = b->kind, decided;
    if (ka == CT_BPOINT_ALGEBRAIC && kb == CT_BPOINT_ALGEBRAIC) {
        *cmp = ct_rroot_cmp(&a->alg, &b->alg);
        return 1;
    }
    if (ka == CT_BPOINT_EXPSUM && kb == CT_BPOINT_EXPSUM)
        return ct_expsum_root_cmp(cmp, &a->ex, &b->ex);
    if (ka == CT_BPOINT_MQ && kb == CT_BPOINT_MQ)
        return ct_mqroot_cmp(cmp, &a->mq, &b->mq);
    if (ka == CT_BPOINT_MQ && kb == CT_BPOINT_ALGEBRAIC)
        return ct_mqroot_cmp_rroot(cmp, &a->mq, &b->alg);
    if (ka == CT_BPOINT_ALGEBRAIC && kb == CT_BPOINT_MQ) {
        decided = ct_mqroot_cmp_rroot(cmp, &b->mq, &a->alg);
        *cmp = -*cmp;
        return decided;
    }
    return bpoint_cmp_mixed(cmp, a, b);
}
