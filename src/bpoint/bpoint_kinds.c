/* bpoint_kinds: the per-kind operations table (bpoint_internal.h). Each entry
   adapts its kind's functions to a ct_bpoint_struct; adding a kind adds a row
   here (and its member, enum value and setter in bpoint.h). */
#include "certune/lsalpha.h"
#include "certune/lsdelta.h"
#include "certune/lskron.h"
#include "bpoint_internal.h"

/* ---- real algebraic numbers (rroot) ------------------------------------- */

static void alg_init(ct_bpoint_struct *b)
{
    ct_rroot_init(&b->alg);
}

static void alg_clear(ct_bpoint_struct *b)
{
    ct_rroot_clear(&b->alg);
}

static void alg_set(ct_bpoint_struct *b, const ct_bpoint_struct *s)
{
    ct_rroot_set(&b->alg, &s->alg);
}

static void alg_view(ct_root_struct *v, ct_bpoint_struct *b)
{
    ct_rroot_view(v, &b->alg);
}

static void alg_strs(char **approx, char **lo, char **hi, ct_bpoint_struct *b,
                     slong digits)
{
    ct_rroot_get_strs(approx, lo, hi, &b->alg, digits);
}

static char *alg_exact(const ct_bpoint_struct *b)
{
    return ct_rroot_poly_get_str(b->alg.poly);
}

static void alg_write(FILE *f, const ct_bpoint_struct *b)
{
    ct_rroot_write(f, &b->alg);
}

static int alg_read(ct_bpoint_struct *b, const char **s)
{
    return ct_rroot_read(&b->alg, s);
}

static int alg_cmp_alg(int *cmp, ct_bpoint_struct *a, ct_bpoint_struct *b)
{
    *cmp = ct_rroot_cmp(&a->alg, &b->alg);
    return 1;
}

static int alg_cmp_mq(int *cmp, ct_bpoint_struct *a, ct_bpoint_struct *b)
{
    int decided = ct_mqroot_cmp_rroot(cmp, &b->mq, &a->alg);
    *cmp = -*cmp;
    return decided;
}

/* ---- zeros of exponential sums (expsum) --------------------------------- */

static void ex_init(ct_bpoint_struct *b)
{
    ct_expsum_root_init(&b->ex);
}

static void ex_clear(ct_bpoint_struct *b)
{
    ct_expsum_root_clear(&b->ex);
}

static void ex_set(ct_bpoint_struct *b, const ct_bpoint_struct *s)
{
    ct_expsum_root_set(&b->ex, &s->ex);
}

static void ex_view(ct_root_struct *v, ct_bpoint_struct *b)
{
    ct_expsum_root_view(v, &b->ex);
}

static void ex_strs(char **approx, char **lo, char **hi, ct_bpoint_struct *b,
                    slong digits)
{
    ct_expsum_root_get_strs(approx, lo, hi, &b->ex, digits);
}

static char *ex_exact(const ct_bpoint_struct *b)
{
    return ct_expsum_get_str(&b->ex.fn);
}

static void ex_write(FILE *f, const ct_bpoint_struct *b)
{
    ct_expsum_root_write(f, &b->ex);
}

static int ex_read(ct_bpoint_struct *b, const char **s)
{
    return ct_expsum_root_read(&b->ex, s);
}

static int ex_cmp_ex(int *cmp, ct_bpoint_struct *a, ct_bpoint_struct *b)
{
    return ct_expsum_root_cmp(cmp, &a->ex, &b->ex);
}

/* ---- zeros of multi-quadratic polynomials (mqroot) ---------------------- */

static void mq_init(ct_bpoint_struct *b)
{
    ct_mqroot_init(&b->mq);
}

static void mq_clear(ct_bpoint_struct *b)
{
    ct_mqroot_clear(&b->mq);
}

static void mq_set(ct_bpoint_struct *b, const ct_bpoint_struct *s)
{
    ct_mqroot_set(&b->mq, &s->mq);
}

static void mq_view(ct_root_struct *v, ct_bpoint_struct *b)
{
    ct_mqroot_view(v, &b->mq);
}

static void mq_strs(char **approx, char **lo, char **hi, ct_bpoint_struct *b,
                    slong digits)
{
    ct_mqroot_get_strs(approx, lo, hi, &b->mq, digits);
}

static char *mq_exact(const ct_bpoint_struct *b)
{
    return ct_mqpoly_get_str(&b->mq.fn);
}

static void mq_write(FILE *f, const ct_bpoint_struct *b)
{
    ct_mqroot_write(f, &b->mq);
}

static int mq_read(ct_bpoint_struct *b, const char **s)
{
    return ct_mqroot_read(&b->mq, s);
}

static int mq_cmp_mq(int *cmp, ct_bpoint_struct *a, ct_bpoint_struct *b)
{
    return ct_mqroot_cmp(cmp, &a->mq, &b->mq);
}

static int mq_cmp_alg(int *cmp, ct_bpoint_struct *a, ct_bpoint_struct *b)
{
    return ct_mqroot_cmp_rroot(cmp, &a->mq, &b->alg);
}

/* ---- zeros of pair functions certified in balls (lsroot) --------------- */

/* The operations of an lsroot kind whose certificate is member M, read with
   the root type T (alpha's ls, lambda's lk, delta's ld). */
#define BPOINT_LSROOT_KIND(M, T)                                                         \
    static void M##_init(ct_bpoint_struct *b)                                            \
    {                                                                                    \
        ct_lsroot_init(&b->M);                                                           \
    }                                                                                    \
    static void M##_clear(ct_bpoint_struct *b)                                           \
    {                                                                                    \
        ct_lsroot_clear(&b->M);                                                          \
    }                                                                                    \
    static void M##_set(ct_bpoint_struct *b, const ct_bpoint_struct *s)                  \
    {                                                                                    \
        ct_lsroot_set(&b->M, &s->M);                                                     \
    }                                                                                    \
    static void M##_view(ct_root_struct *v, ct_bpoint_struct *b)                         \
    {                                                                                    \
        ct_lsroot_view(v, &b->M);                                                        \
    }                                                                                    \
    static void M##_strs(char **approx, char **lo, char **hi, ct_bpoint_struct *b,       \
                         slong digits)                                                   \
    {                                                                                    \
        ct_lsroot_get_strs(approx, lo, hi, &b->M, digits);                               \
    }                                                                                    \
    static char *M##_exact(const ct_bpoint_struct *b)                                    \
    {                                                                                    \
        return ct_lsroot_get_str(&b->M);                                                 \
    }                                                                                    \
    static void M##_write(FILE *f, const ct_bpoint_struct *b)                            \
    {                                                                                    \
        ct_lsroot_write(f, &b->M);                                                       \
    }                                                                                    \
    static int M##_read(ct_bpoint_struct *b, const char **s)                             \
    {                                                                                    \
        return ct_lsroot_read(&b->M, &T, s);                                             \
    }                                                                                    \
    static int M##_cmp_##M(int *cmp, ct_bpoint_struct *a, ct_bpoint_struct *b)           \
    {                                                                                    \
        return ct_lsroot_cmp(cmp, &a->M, &b->M);                                         \
    }

BPOINT_LSROOT_KIND(ls, ct_lsalpha_type)
BPOINT_LSROOT_KIND(lk, ct_lskron_type)
BPOINT_LSROOT_KIND(ld, ct_lsdelta_type)

/* ---- the table ---------------------------------------------------------- */

const ct_bpoint_kind_struct _ct_bpoint_kinds[CT_BPOINT_NKINDS] = {
    [CT_BPOINT_ALGEBRAIC] =
        {.name = "alg",
         .init = alg_init,
         .clear = alg_clear,
         .set = alg_set,
         .view = alg_view,
         .strs = alg_strs,
         .exact = alg_exact,
         .write = alg_write,
         .read = alg_read,
         .cmp = {[CT_BPOINT_ALGEBRAIC] = alg_cmp_alg, [CT_BPOINT_MQ] = alg_cmp_mq}},
    [CT_BPOINT_EXPSUM] = {.name = "exp",
                          .init = ex_init,
                          .clear = ex_clear,
                          .set = ex_set,
                          .view = ex_view,
                          .strs = ex_strs,
                          .exact = ex_exact,
                          .write = ex_write,
                          .read = ex_read,
                          .cmp = {[CT_BPOINT_EXPSUM] = ex_cmp_ex}},
    [CT_BPOINT_MQ] =
        {.name = "mq",
         .init = mq_init,
         .clear = mq_clear,
         .set = mq_set,
         .view = mq_view,
         .strs = mq_strs,
         .exact = mq_exact,
         .write = mq_write,
         .read = mq_read,
         .cmp = {[CT_BPOINT_MQ] = mq_cmp_mq, [CT_BPOINT_ALGEBRAIC] = mq_cmp_alg}},
    [CT_BPOINT_LS] = {.name = "ls",
                      .init = ls_init,
                      .clear = ls_clear,
                      .set = ls_set,
                      .view = ls_view,
                      .strs = ls_strs,
                      .exact = ls_exact,
                      .write = ls_write,
                      .read = ls_read,
                      .cmp = {[CT_BPOINT_LS] = ls_cmp_ls}},
    [CT_BPOINT_LK] = {.name = "lk",
                      .init = lk_init,
                      .clear = lk_clear,
                      .set = lk_set,
                      .view = lk_view,
                      .strs = lk_strs,
                      .exact = lk_exact,
                      .write = lk_write,
                      .read = lk_read,
                      .cmp = {[CT_BPOINT_LK] = lk_cmp_lk}},
    [CT_BPOINT_LD] = {.name = "ld",
                      .init = ld_init,
                      .clear = ld_clear,
                      .set = ld_set,
                      .view = ld_view,
                      .strs = ld_strs,
                      .exact = ld_exact,
                      .write = ld_write,
                      .read = ld_read,
                      .cmp = {[CT_BPOINT_LD] = ld_cmp_ld}},
};
