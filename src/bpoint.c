/* bpoint: dispatch from a breakpoint to its certificate's operations. */
#include "certune/bpoint.h"

void bpoint_init(bpoint_t b)
{
    b->kind = BPOINT_ALGEBRAIC;
    rroot_init(&b->alg);
    exroot_init(&b->ex);
    mqroot_init(&b->mq);
}

void bpoint_clear(bpoint_t b)
{
    rroot_clear(&b->alg);
    exroot_clear(&b->ex);
    mqroot_clear(&b->mq);
}

void bpoint_set(bpoint_t b, const bpoint_t s)
{
    if (s->kind == BPOINT_ALGEBRAIC)
        bpoint_set_rroot(b, &s->alg);
    else if (s->kind == BPOINT_EXPSUM)
        bpoint_set_exroot(b, &s->ex);
    else
        bpoint_set_mqroot(b, &s->mq);
}

void bpoint_set_rroot(bpoint_t b, const rroot_t r)
{
    b->kind = BPOINT_ALGEBRAIC;
    rroot_set(&b->alg, r);
}

void bpoint_set_exroot(bpoint_t b, const exroot_t r)
{
    b->kind = BPOINT_EXPSUM;
    exroot_set(&b->ex, r);
}

void bpoint_set_mqroot(bpoint_t b, const mqroot_t r)
{
    b->kind = BPOINT_MQ;
    mqroot_set(&b->mq, r);
}

const fmpq *bpoint_lo(const bpoint_t b)
{
    return b->kind == BPOINT_ALGEBRAIC ? b->alg.lo
           : b->kind == BPOINT_EXPSUM  ? b->ex.lo
                                       : b->mq.lo;
}

const fmpq *bpoint_hi(const bpoint_t b)
{
    return b->kind == BPOINT_ALGEBRAIC ? b->alg.hi
           : b->kind == BPOINT_EXPSUM  ? b->ex.hi
                                       : b->mq.hi;
}

void bpoint_bisect(bpoint_t b)
{
    if (b->kind == BPOINT_ALGEBRAIC)
        rroot_bisect(&b->alg);
    else if (b->kind == BPOINT_EXPSUM)
        exroot_bisect(&b->ex);
    else
        mqroot_bisect(&b->mq);
}

int bpoint_cmp_fmpq(const bpoint_t b, const fmpq_t q)
{
    if (b->kind == BPOINT_ALGEBRAIC)
        return rroot_cmp_fmpq(&b->alg, q);
    if (b->kind == BPOINT_EXPSUM)
        return exroot_cmp_fmpq(&b->ex, q);
    return mqroot_cmp_fmpq(&b->mq, q);
}

void bpoint_get_strs(char **approx, char **lo, char **hi, bpoint_t b, slong digits)
{
    if (b->kind == BPOINT_ALGEBRAIC)
        rroot_get_strs(approx, lo, hi, &b->alg, digits);
    else if (b->kind == BPOINT_EXPSUM)
        exroot_get_strs(approx, lo, hi, &b->ex, digits);
    else
        mqroot_get_strs(approx, lo, hi, &b->mq, digits);
}

char *bpoint_get_exact_str(const bpoint_t b)
{
    if (b->kind == BPOINT_ALGEBRAIC)
        return roots_poly_get_str(b->alg.poly);
    if (b->kind == BPOINT_EXPSUM)
        return expsum_get_str(&b->ex.fn);
    return mqpoly_get_str(&b->mq.fn);
}

/* Different kinds: an exact rational compares exactly; otherwise refine. */
static int bpoint_cmp_mixed(int *cmp, bpoint_t a, bpoint_t b)
{
    fmpq_t w, lim;
    fmpq_init(w);
    fmpq_init(lim);
    fmpq_one(lim);
    fmpq_div_2exp(lim, lim, EXROOT_CMP_BITS);
    int decided = 0;
    for (;;) {
        if (fmpq_equal(bpoint_lo(a), bpoint_hi(a))) {
            *cmp = -bpoint_cmp_fmpq(b, bpoint_lo(a)), decided = 1;
            break;
        }
        if (fmpq_equal(bpoint_lo(b), bpoint_hi(b))) {
            *cmp = bpoint_cmp_fmpq(a, bpoint_lo(b)), decided = 1;
            break;
        }
        if (fmpq_cmp(bpoint_hi(a), bpoint_lo(b)) < 0 ||
            fmpq_cmp(bpoint_hi(b), bpoint_lo(a)) < 0) {
            *cmp = fmpq_cmp(bpoint_hi(a), bpoint_lo(b)) < 0 ? -1 : 1, decided = 1;
            break;
        }
        fmpq_sub(w, bpoint_hi(a), bpoint_lo(a));
        if (fmpq_cmp(w, lim) < 0)
            break;
        bpoint_bisect(a);
        bpoint_bisect(b);
    }
    fmpq_clear(w);
    fmpq_clear(lim);
    return decided;
}

int bpoint_cmp(int *cmp, bpoint_t a, bpoint_t b)
{
    int ka = a->kind, kb = b->kind, decided;
    if (ka == BPOINT_ALGEBRAIC && kb == BPOINT_ALGEBRAIC) {
        *cmp = rroot_cmp(&a->alg, &b->alg);
        return 1;
    }
    if (ka == BPOINT_EXPSUM && kb == BPOINT_EXPSUM)
        return exroot_cmp(cmp, &a->ex, &b->ex);
    if (ka == BPOINT_MQ && kb == BPOINT_MQ)
        return mqroot_cmp(cmp, &a->mq, &b->mq);
    if (ka == BPOINT_MQ && kb == BPOINT_ALGEBRAIC)
        return mqroot_cmp_rroot(cmp, &a->mq, &b->alg);
    if (ka == BPOINT_ALGEBRAIC && kb == BPOINT_MQ) {
        decided = mqroot_cmp_rroot(cmp, &b->mq, &a->alg);
        *cmp = -*cmp;
        return decided;
    }
    return bpoint_cmp_mixed(cmp, a, b);
}
