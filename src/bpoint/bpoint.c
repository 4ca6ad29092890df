/* bpoint: a breakpoint of any kind as a thin layer on the certified-root core:
   every operation goes through the per-kind table (bpoint_kinds.c), the
   comparison through its pairwise equality proofs or refinement. */
#include "bpoint_internal.h"

void ct_bpoint_init(ct_bpoint_t b)
{
    b->kind = CT_BPOINT_ALGEBRAIC;
    for (int k = 0; k < CT_BPOINT_NKINDS; k++)
        _ct_bpoint_kinds[k].init(b);
}

void ct_bpoint_clear(ct_bpoint_t b)
{
    for (int k = 0; k < CT_BPOINT_NKINDS; k++)
        _ct_bpoint_kinds[k].clear(b);
}

void ct_bpoint_set(ct_bpoint_t b, const ct_bpoint_t s)
{
    b->kind = s->kind;
    _ct_bpoint_kinds[s->kind].set(b, s);
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

void ct_bpoint_set_lkroot(ct_bpoint_t b, const ct_lsroot_t r)
{
    b->kind = CT_BPOINT_LK;
    ct_lsroot_set(&b->lk, r);
}

void ct_bpoint_set_ldroot(ct_bpoint_t b, const ct_lsroot_t r)
{
    b->kind = CT_BPOINT_LD;
    ct_lsroot_set(&b->ld, r);
}

void ct_bpoint_set_lsroot(ct_bpoint_t b, const ct_lsroot_t r)
{
    b->kind = CT_BPOINT_LS;
    ct_lsroot_set(&b->ls, r);
}

/* v: the view of b (b is not modified unless through v's step). */
static void bpoint_view(ct_root_struct *v, const ct_bpoint_struct *b)
{
    _ct_bpoint_kinds[b->kind].view(v, (ct_bpoint_struct *)b);
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
    _ct_bpoint_kinds[b->kind].strs(approx, lo, hi, b, digits);
}

char *ct_bpoint_get_exact_str(const ct_bpoint_t b)
{
    return _ct_bpoint_kinds[b->kind].exact(b);
}

/* The kinds' pairwise proof when there is one; else an exact rational compares
   exactly and otherwise both are refined (ct_root_cmp_refine, down to
   2^-CT_EXPSUM_ROOT_CMP_BITS). */
int ct_bpoint_cmp(int *cmp, ct_bpoint_t a, ct_bpoint_t b)
{
    ct_root_struct va, vb;
    int (*proof)(int *, ct_bpoint_struct *, ct_bpoint_struct *) =
        _ct_bpoint_kinds[a->kind].cmp[b->kind];

    if (proof != NULL)
        return proof(cmp, a, b);
    bpoint_view(&va, a);
    bpoint_view(&vb, b);
    return ct_root_cmp_refine(cmp, &va, &vb, CT_EXPSUM_ROOT_CMP_BITS);
}

void ct_bpoint_read_release(void)
{
    ct_lsroot_read_release();
}
