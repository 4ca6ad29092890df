/* lskron_root: lambda's system as a root kind of lsroot (ct_lskron_type).
   The roots' variable is lambda > 0; the models' is alpha = rho / (scale
   lambda + rho), decreasing. A disk holds per class and level the class's
   model at 96 << level bits (lskron_pm.c; a pair's is the difference of its
   classes'), so c classes cost c models per disk, not c (c - 1) / 2; the
   search's models are not kept on the disks. Past 768 bits the exact solve
   (lskron_exact.c). */
#include <string.h>
#include "certune/spchol.h"
#include "lskron_internal.h"

ct_lskron_struct *ct_lskron_new(slong sparse_min, slong n, const slong *rowstart,
                                const slong *col, const fmpz *w, slong nlab,
                                const slong *lab, const slong *cls, slong c,
                                const fmpz_t scale)
{
    return _ct_lskron_make(sparse_min, n, rowstart, col, w, nlab, lab, cls, c, scale,
                           &ct_lskron_type);
}

/* A disk's models: class k's at level in pm[level * c + k], built on demand;
   failed[level * c + k] once it could not be built (not tried again). In a
   component that takes the pencil (lskron_pencil.c) the level-0 models are
   the pencil's; lock orders the builds of one disk's pencil models. */
typedef struct {
    _ct_lskron_pmodel **pm;
    char *failed;
    pthread_mutex_t lock;
} lskr_disk;

static void lskr_disk_init(ct_lsroot_disk_struct *D)
{
    lskr_disk *X = flint_malloc(sizeof(lskr_disk));
    X->pm = flint_calloc(CT_LSROOT_LEVELS * D->sys->c, sizeof(_ct_lskron_pmodel *));
    X->failed = flint_calloc(CT_LSROOT_LEVELS * D->sys->c, 1);
    pthread_mutex_init(&X->lock, NULL);
    D->models = X;
}

static void lskr_disk_clear(ct_lsroot_disk_struct *D)
{
    lskr_disk *X = D->models;
    for (slong t = 0; t < CT_LSROOT_LEVELS * D->sys->c; t++)
        _ct_lskron_pmodel_free(X->pm[t], _ct_lskron_of(D->sys)->m);
    pthread_mutex_destroy(&X->lock);
    flint_free(X->pm), flint_free(X->failed), flint_free(X);
    D->models = NULL;
}

/* Whether D's level-0 models come from the pencil. */
static int lskr_pencil(const ct_lsroot_disk_struct *D, int level)
{
    return level == 0 && _ct_lskron_pencil_on(_ct_lskron_const(D->sys));
}

/* The pencil models' disk: D's, or on disk 0 (the power series at alpha =
   0, where the pencil is singular) the disk of center and radius r / 2: it
   holds the real segment [0, r], where the roots of disk 0 lie. */
static void lskr_pencil_disk(double *c, double *r, const ct_lsroot_disk_struct *D)
{
    *c = D->c > 0 ? D->c : D->r / 2;
    *r = D->c > 0 ? D->r : D->r / 2;
}

/* Moves the models the search made on D's disk (S->pen) into X, and drops
   their classes from todo[0..*nt). */
static void lskr_take_kept(lskr_disk *X, ct_lskron_struct *S,
                           const ct_lsroot_disk_struct *D, slong *todo, slong *nt)
{
    slong d = 0, c = S->head.c, left = 0;
    while (S->pen != NULL && d < S->nd &&
           !(S->cr[2 * d] == D->c && S->cr[2 * d + 1] == D->r))
        d++;
    for (slong t = 0; t < *nt; t++) {
        _ct_lskron_pmodel **p =
            S->pen != NULL && d < S->nd ? S->pen + d * c + todo[t] : NULL;
        if (p != NULL && *p != NULL)
            X->pm[todo[t]] = *p, *p = NULL;
        else
            todo[left++] = todo[t];
    }
    *nt = left;
}

/* The pencil models of classes k[0..nk) not yet tried on D, at once (under
   D's lock; the factor of the pencil made for them and freed after); a
   class whose pencil model fails takes the dense one. */
static void lskr_pencil_build(ct_lsroot_disk_struct *D, const slong *k, slong nk)
{
    lskr_disk *X = D->models;
    ct_lskron_struct *S = _ct_lskron_of(D->sys);
    slong *todo = flint_malloc(FLINT_MAX(nk, 1) * sizeof(slong)), nt = 0;
    pthread_mutex_lock(&X->lock);
    for (slong t = 0; t < nk; t++) {
        int seen = X->pm[k[t]] != NULL || X->failed[k[t]];
        for (slong u = 0; u < nt && !seen; u++)
            seen = todo[u] == k[t];
        if (!seen)
            todo[nt++] = k[t];
    }
    double c, r;
    lskr_pencil_disk(&c, &r, D);
    lskr_take_kept(X, S, D, todo, &nt);
    struct ct_spchol_struct *F = nt > 0 ? _ct_lskron_pencil_factor(S, c) : NULL;
    _ct_lskron_pmodel **out = flint_calloc(FLINT_MAX(nt, 1), sizeof(void *));
    if (F != NULL)
        _ct_lskron_pencil_build(out, S, F, c, r, todo, nt);
    ct_spchol_free(F);
    for (slong t = 0; t < nt; t++) {
        if (out[t] == NULL) {
            const _ct_lskron_hi *H = _ct_lskron_hi_get(S, 0);
            if (H != NULL)
                out[t] = _ct_lskron_pmodel_build(S, H, D->c, D->r, todo[t]);
        }
        X->pm[todo[t]] = out[t];
        X->failed[todo[t]] = out[t] == NULL;
    }
    pthread_mutex_unlock(&X->lock);
    flint_free(todo), flint_free(out);
}

void _ct_lskron_disk_keep(ct_lskron_struct *S, ct_lsroot_disk_struct *D, slong d)
{
    lskr_disk *X = D->models;
    slong c = S->head.c;
    for (slong k = 0; S->pen != NULL && d < S->nd && k < c; k++)
        if (X->pm[k] != NULL && S->pen[d * c + k] == NULL)
            S->pen[d * c + k] = X->pm[k], X->pm[k] = NULL;
}

/* Class k's model at level on D (NULL when it cannot be built). */
static const _ct_lskron_pmodel *lskr_model(ct_lsroot_disk_struct *D, int level, slong k)
{
    lskr_disk *X = D->models;
    slong at = level * D->sys->c + k;
    if (lskr_pencil(D, level) && X->pm[at] == NULL && !X->failed[at])
        lskr_pencil_build(D, &k, 1); /* built ones are read as the dense ones */
    if (level == 0 && X->pm[at] == NULL && !X->failed[at]) { /* the search's */
        slong nt = 1, todo = k;
        lskr_take_kept(X, _ct_lskron_of(D->sys), D, &todo, &nt);
    }
    if (X->pm[at] == NULL && !X->failed[at]) {
        ct_lskron_struct *S = _ct_lskron_of(D->sys);
        const _ct_lskron_hi *H = _ct_lskron_hi_get(S, level);
        if (H != NULL)
            X->pm[at] = _ct_lskron_pmodel_build(S, H, D->c, D->r, k);
        X->failed[at] = X->pm[at] == NULL;
    }
    return X->pm[at];
}

static slong lskr_keys(slong *key, const ct_lsroot_sys_struct *S, slong k, slong l)
{
    (void)S;
    key[0] = k, key[1] = l;
    return 2;
}

static void lskr_build(ct_lsroot_disk_struct *D, int level, slong k, slong l, slong key)
{
    (void)k, (void)l;
    lskr_model(D, level, key);
}

/* The keys (classes) of one disk together: one pass over the pencil's
   factor per term serves them all. */
static void lskr_build_keys(ct_lsroot_disk_struct *D, int level, const slong *k,
                            const slong *l, const slong *key, slong nb)
{
    (void)k, (void)l;
    if (lskr_pencil(D, level)) {
        lskr_pencil_build(D, key, nb);
        return;
    }
    for (slong t = 0; t < nb; t++)
        lskr_model(D, level, key[t]);
}

static int lskr_pair_poly(ct_lsroot_poly_struct *P, slong *prec, ct_lsroot_disk_struct *D,
                          int level, slong row, slong k, slong l)
{
    if (level < 0)
        return 1; /* the search's models are not kept */
    const _ct_lskron_pmodel *M = lskr_model(D, level, k), *N = lskr_model(D, level, l);
    if (M == NULL || N == NULL)
        return -1;
    ct_lskron_struct *S = _ct_lskron_of(D->sys);
    int dense = M->yh == NULL || N->yh == NULL;
    _ct_lskron_pmodel_poly(P, S, dense ? _ct_lskron_hi_get(S, level) : NULL, M, N, row);
    *prec = M->prec + 20;
    return 0;
}

static int lskr_map(fmpq_t a, const ct_lsroot_sys_struct *S, const fmpq_t x)
{
    if (fmpz_sgn(fmpq_numref(x)) <= 0)
        return 0;
    _ct_lskron_alpha(a, _ct_lskron_const(S), x);
    return 1;
}

static void lskr_unmap(fmpq_t x, const ct_lsroot_sys_struct *S, double a)
{
    _ct_lskron_lambda(x, _ct_lskron_const(S), a);
}

static int lskr_sign_exact(const ct_lsroot_sys_struct *S, slong row, slong k, slong l,
                           const fmpq_t x)
{
    return _ct_lskron_sign_exact(_ct_lskron_const(S), row, k, l, x);
}

/* Equal graphs, weights, labels and scale. */
static int lskr_equal(const ct_lsroot_sys_struct *A, const ct_lsroot_sys_struct *B)
{
    const ct_lskron_struct *S = _ct_lskron_const(A), *T = _ct_lskron_const(B);
    slong n = S->head.n, nnz = S->rowstart[n];
    return T->head.n == n && T->head.c == S->head.c && T->m == S->m &&
           T->rowstart[n] == nnz && fmpz_equal(S->scale, T->scale) &&
           !memcmp(S->rowstart, T->rowstart, (n + 1) * sizeof(slong)) &&
           !memcmp(S->col, T->col, nnz * sizeof(slong)) &&
           !memcmp(S->w, T->w, nnz * sizeof(double)) &&
           !memcmp(S->ncls, T->ncls, n * sizeof(slong));
}

static void lskr_write(FILE *f, const ct_lsroot_sys_struct *S)
{
    _ct_lskron_write(f, _ct_lskron_const(S));
}

static ct_lsroot_sys_struct *lskr_read(const char **s)
{
    ct_lskron_struct *S = _ct_lskron_read(s, &ct_lskron_type);
    return S == NULL ? NULL : &S->head;
}

const ct_lsroot_type_struct ct_lskron_type = {.family = "lambda",
                                              .trim = 0,
                                              .slot = CT_LSROOT_SLOT_LAMBDA,
                                              .map = lskr_map,
                                              .unmap = lskr_unmap,
                                              .pair_poly = lskr_pair_poly,
                                              .keys = lskr_keys,
                                              .build = lskr_build,
                                              .build_keys = lskr_build_keys,
                                              .narrow = _ct_lskron_eig_narrow,
                                              .sign_fast = _ct_lskron_eig_sign,
                                              .sign_exact = lskr_sign_exact,
                                              .equal = lskr_equal,
                                              .write = lskr_write,
                                              .read = lskr_read,
                                              .fine = 1,
                                              .disk_init = lskr_disk_init,
                                              .disk_clear = lskr_disk_clear,
                                              .clear = _ct_lskron_clear};
