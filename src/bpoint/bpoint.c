/* bpoint: dispatch from a breakpoint to its certificate's operations. */
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

const fmpq *ct_bpoint_lo(const ct_bpoint_t b)
{
    return b->kind == CT_BPOINT_ALGEBRAIC ? b->alg.lo
           : b->kind == CT_BPOINT_EXPSUM  ? b->ex.lo
                                          : b->mq.lo;
}

const fmpq *ct_bpoint_hi(const ct_bpoint_t b)
{
    return b->kind == CT_BPOINT_ALGEBRAIC ? b->alg.hi
           : b->kind == CT_BPOINT_EXPSUM  ? b->ex.hi
                                          : b->mq.hi;
}

void ct_bpoint_bisect(ct_bpoint_t b)
{
    if (b->kind == CT_BPOINT_ALGEBRAIC)
        ct_rroot_bisect(&b->alg);
    else if (b->kind == CT_BPOINT_EXPSUM)
        ct_expsum_root_bisect(&b->ex);
    else
        ct_mqroot_bisect(&b->mq);
}

int ct_bpoint_cmp_fmpq(const ct_bpoint_t b, const fmpq_t q)
{
    if (b->kind == CT_BPOINT_ALGEBRAIC)
        return ct_rroot_cmp_fmpq(&b->alg, q);
    if (b->kind == CT_BPOINT_EXPSUM)
        return ct_expsum_root_cmp_fmpq(&b->ex, q);
    return ct_mqroot_cmp_fmpq(&b->mq, q);
}

void ct_bpoint_get_strs(char **approx, char **lo, char **hi, ct_bpoint_t b, slong digits)
{
    if (b->kind == CT_BPOINT_ALGEBRAIC)
        ct_rroot_get_strs(approx, lo, hi, &b->alg, digits);
    else if (b->kind == CT_BPOINT_EXPSUM)
        ct_expsum_root_get_strs(approx, lo, hi, &b->ex, digits);
    else
        ct_mqroot_get_strs(approx, lo, hi, &b->mq, digits);
}

char *ct_bpoint_get_exact_str(const ct_bpoint_t b)
{
    if (b->kind == CT_BPOINT_ALGEBRAIC)
        return ct_rroot_poly_get_str(b->alg.poly);
    if (b->kind == CT_BPOINT_EXPSUM)
        return ct_expsum_get_str(&b->ex.fn);
    return ct_mqpoly_get_str(&b->mq.fn);
}

/* Different kinds: an exact rational compares exactly; otherwise refine. */
static int bpoint_cmp_mixed(int *cmp, ct_bpoint_t a, ct_bpoint_t b)
{
    fmpq_t w, lim;
    fmpq_init(w);
    fmpq_init(lim);
    fmpq_one(lim);
    fmpq_div_2exp(lim, lim, CT_EXPSUM_ROOT_CMP_BITS);
    int decided = 0;
    for (;;) {
        if (fmpq_equal(ct_bpoint_lo(a), ct_bpoint_hi(a))) {
            *cmp = -ct_bpoint_cmp_fmpq(b, ct_bpoint_lo(a)), decided = 1;
            break;
        }
        if (fmpq_equal(ct_bpoint_lo(b), ct_bpoint_hi(b))) {
            *cmp = ct_bpoint_cmp_fmpq(a, ct_bpoint_lo(b)), decided = 1;
            break;
        }
        if (fmpq_cmp(ct_bpoint_hi(a), ct_bpoint_lo(b)) < 0 ||
            fmpq_cmp(ct_bpoint_hi(b), ct_bpoint_lo(a)) < 0) {
            *cmp = fmpq_cmp(ct_bpoint_hi(a), ct_bpoint_lo(b)) < 0 ? -1 : 1, decided = 1;
            break;
        }
        fmpq_sub(w, ct_bpoint_hi(a), ct_bpoint_lo(a));
        if (fmpq_cmp(w, lim) < 0)
            break;
        ct_bpoint_bisect(a);
        ct_bpoint_bisect(b);
    }
    fmpq_clear(w);
    fmpq_clear(lim);
    return decided;
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
