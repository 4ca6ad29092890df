/* lsalpha_comp: the ball path for one component (ct_lsalpha_component): the
   gap certificate, the covering, the level-0 models of every labeled class
   (disks on the spare threads of a large instance: each job writes only its
   own disk's models), the search of every row's pairs on them
   (ct_lsroot_search), and the zeros as narrowed roots (ct_lsroot_roots,
   which finds the classes' models built). */
#include "certune/pool.h"
#include "lsalpha_internal.h"

/* Searched functions per disk from which the search reads level-0 models
   (t-lsalpha lowers it to 0 to run its comparisons on them). */
static slong LSCOMP_MANY = 64;

void _ct_lsalpha_set_search_many(slong per_disk)
{
    LSCOMP_MANY = per_disk;
}

typedef struct {
    ct_lsroot_disk_struct **disks;
    const _ct_lsalpha_rhs *v;
    slong nv;
    int many; /* functions enough that every disk will hold zeros */
} lscomp_models_ctx;

/* The search reads on disk m the level-0 models of the classes when the
   narrowing will want them there anyway (many functions per disk: on every
   graph measured each disk then held zeros) and their doubles stay in range
   (kappa^50 below 2^850); else a 56-bit model of its own (J = 30, one solve
   per term instead of two: a third of the cost on a disk without zeros). */
static void lscomp_models_job(void *arg, slong m)
{
    lscomp_models_ctx *X = arg;
    ct_lsroot_disk_struct *D = X->disks[m];
    const ct_lsalpha_struct *S = _ct_lsalpha_of(D->sys);
    if (X->many && _ct_lsalpha_kappa(S, D->c) <= 0x1p16)
        _ct_lsalpha_disk_build_classes(D, X->v, X->nv);
    else
        _ct_lsalpha_disk_of(D)->lev1 = _ct_lsalpha_model_build(D, X->v, X->nv, 56);
}

/* The covering of S's [0, 1] by disks (*nd, segments in *seg). */
static double lscomp_kappa(const void *S, double c)
{
    return _ct_lsalpha_kappa(S, c);
}

static ct_lsroot_disk_struct **lscomp_cover(slong *nd, double **seg, ct_lsalpha_struct *S)
{
    double *cr;
    ct_lsroot_cover(nd, &cr, seg, lscomp_kappa, S);
    ct_lsroot_disk_struct **d = flint_malloc(*nd * sizeof(ct_lsroot_disk_struct *));
    for (slong m = 0; m < *nd; m++)
        d[m] = ct_lsroot_disk_new(&S->head, cr[2 * m], cr[2 * m + 1]);
    flint_free(cr);
    return d;
}

/* node and same (per row and pair) for the alpha system S. */
static void lscomp_twins(slong *same, slong *node, const ct_lsalpha_struct *S,
                         const slong *rows, slong nr)
{
    slong *cls = flint_malloc(S->head.n * sizeof(slong));
    for (slong i = 0; i < S->head.n; i++)
        cls[i] = -1;
    for (slong j = 0; j < S->nlab; j++)
        cls[S->lab[j]] = S->cls[j];
    ct_lsroot_graph_struct G = {S->head.n, S->head.c, S->rowstart, S->col, S->w, cls};
    _ct_lsalpha_twins(same, node, &G, rows, nr);
    flint_free(cls);
}

/* The models' rows: the searched nodes node[0..len) (every root's row). */
static void lscomp_slots(ct_lsalpha_struct *S, const slong *node, slong len)
{
    flint_free(S->slot);
    S->slot = flint_malloc(FLINT_MAX(S->head.n, 1) * sizeof(slong));
    S->nslot = 0;
    for (slong i = 0; i < S->head.n; i++)
        S->slot[i] = -1;
    for (slong e = 0; e < len; e++)
        if (S->slot[node[e]] < 0)
            S->slot[node[e]] = S->nslot++;
}

/* The polynomial of row i's pair (k, l) from disk m's search model, or from
   its level-0 models of the two classes (a class without labels: 0). */
static void lscomp_make(ct_lsroot_poly_struct *P, const void *ctx, slong m, slong i,
                        slong k, slong l)
{
    ct_lsroot_disk_struct *const *disks = ctx;
    const _ct_lsalpha_disk *X = _ct_lsalpha_disk_of(disks[m]);
    const _ct_lsalpha_model *M[2];
    const slong cls[2] = {k, l};
    slong nm = 0;
    if (X->lev1 != NULL)
        M[nm++] = X->lev1;
    for (int e = 0; e < 2 && X->lev1 == NULL; e++)
        if (X->lev2[X->npairs + cls[e]] != NULL)
            M[nm++] = X->lev2[X->npairs + cls[e]];
    _ct_lsalpha_poly_make(P, M, nm, disks[m], i, k, l);
}

/* The search over the covering, every pair of a row searching that row's
   searched node for the pair (node[t * np + p]; twins copy their first
   row's). */
static int lscomp_search(ct_lsroot_zero_struct **z, slong *nz, int *sign0,
                         ct_lsroot_disk_struct **disks, const double *seg, slong nd,
                         const ct_lsalpha_struct *S, const slong *node, const slong *same,
                         slong nr, slong nthreads, char *failed)
{
    slong np = S->head.c * (S->head.c - 1) / 2;
    _ct_lsalpha_brk *B = _ct_lsalpha_brk_new((ct_lsalpha_struct *)S, node, nr * np);
    ct_lsroot_search_struct F = {
        lscomp_make,          disks, seg,  nd,   S->head.c, S->nlabk,
        _ct_lsalpha_brk_sign, B,     NULL, NULL, failed,    NULL};
    int bad = ct_lsroot_search(z, nz, sign0, &F, node, same, nr, nthreads);
    _ct_lsalpha_brk_free(B);
    for (slong j = 0; j < *nz; j++)
        (*z)[j].node = node[(*z)[j].t * np + (*z)[j].p];
    return bad;
}

/* With failed: the rows of roots that still overlap others leave, with the
   rows sharing functions with them, and the roots and zeros of every row
   that left are dropped (n0 updated); without: 1 when roots overlap. */
static int lscomp_settle(ct_lsroot_struct *r, ct_lsroot_zero_struct *z, slong *n0,
                         char *failed, slong *same, slong nr, slong np)
{
    if (failed == NULL)
        return ct_lsroot_roots_overlap(r, *n0);
    char *over = flint_calloc(FLINT_MAX(*n0, 1), 1);
    ct_lsroot_roots_overlapping(over, r, *n0);
    ct_lsroot_rows_leave(failed, same, nr, np, z, over, *n0);
    slong k = 0;
    for (slong j = 0; j < *n0; j++) {
        if (failed[z[j].t]) {
            ct_lsroot_clear(r + j);
            continue;
        }
        if (k != j)
            r[k] = r[j], z[k] = z[j];
        k++;
    }
    *n0 = k;
    flint_free(over);
    return 0;
}

/* The rows and pairs of the zeros (flint_malloc'ed). */
static void lscomp_index(slong **zrow, slong **zpair, const ct_lsroot_zero_struct *z,
                         slong nz)
{
    *zrow = flint_malloc(FLINT_MAX(nz, 1) * sizeof(slong));
    *zpair = flint_malloc(FLINT_MAX(nz, 1) * sizeof(slong));
    for (slong j = 0; j < nz; j++)
        (*zrow)[j] = z[j].t, (*zpair)[j] = z[j].p;
}

int ct_lsalpha_component(int *sign0, slong *same, ct_lsroot_struct **out, slong **zrow,
                         slong **zpair, slong *nz, ct_lsalpha_struct *S,
                         const slong *rows, slong nr, char *failed)
{
    *out = NULL, *zrow = *zpair = NULL, *nz = 0;
    if (_ct_lsalpha_certify_mu(S)) {
        ct_lsroot_count(S->head.type, 1);
        return 1;
    }
    slong nd, nv = 0;
    double *seg;
    ct_lsroot_disk_struct **disks = lscomp_cover(&nd, &seg, S);
    _ct_lsalpha_rhs *v = flint_malloc(S->head.c * sizeof(_ct_lsalpha_rhs));
    for (slong k = 0; k < S->head.c; k++)
        if (S->nlabk[k] > 0)
            v[nv].k = k, v[nv++].l = -1;
    slong nth = ct_pool_inner_threads();
    ct_lsroot_zero_struct *z = NULL;
    slong np = S->head.c * (S->head.c - 1) / 2;
    slong n0 = 0, *node = flint_malloc(FLINT_MAX(nr * np, 1) * sizeof(slong));
    lscomp_twins(same, node, S, rows, nr);
    lscomp_slots(S, node, nr * np);
    _ct_lsalpha_weights(S); /* built before the threads read it */
    lscomp_models_ctx L = {disks, v, nv, nr * np >= LSCOMP_MANY * nd};
    ct_pool_for(nd, nth, lscomp_models_job, NULL, &L);
    int bad =
        lscomp_search(&z, &n0, sign0, disks, seg, nd, S, node, same, nr, nth, failed);
    if (!bad) {
        ct_lsroot_roots(out, disks, z, n0, nth);
        bad = lscomp_settle(*out, z, &n0, failed, same, nr, np);
        if (bad) { /* maybe equal zeros of different rows: the exact path */
            for (slong j = 0; j < n0; j++)
                ct_lsroot_clear(*out + j);
            flint_free(*out);
            *out = NULL;
        } else {
            lscomp_index(zrow, zpair, z, n0);
            *nz = n0;
        }
    }
    for (slong m = 0; m < nd; m++) { /* the roots keep the disks, not their data */
        _ct_lsalpha_disk_release(disks[m]);
        ct_lsroot_disk_unref(disks[m]);
    }
    _ct_lsalpha_compact(S);
    flint_free(disks), flint_free(seg), flint_free(v), flint_free(z), flint_free(node);
    ct_lsroot_count(S->head.type, bad ? 1 : 0);
    return bad;
}
