#include <stdio.h>
/* lsroot_narrow: the search's zeros as certified roots, narrowed at once to
   about 2^-96 relative (beyond the report's 20 digits) with the level-0
   models, so that later comparisons and decimal certificates rarely need the
   oracle; first by the family's own narrowing where it has one (type->narrow),
   the models then only for the roots it left. On the spare threads of a large instance
   (ct_pool_inner_threads): first every model the roots read, one job per disk (each
   writes only its own disk's models; a family may build a disk's keys together), then
   every root (reading them). */
#include <stdlib.h>
#include <string.h>
#include "certune/pool.h"
#include "lsroot_internal.h"

#define LS_KEEP_BITS 96
#define LS_GROUP_KEYS 8

/* r from zero z on disk D: [lo, hi] unmapped into the family's variable (a
   decreasing map swaps the ends and the sign). */
static void ls_set_zero(ct_lsroot_struct *r, ct_lsroot_disk_struct *D,
                        const ct_lsroot_zero_struct *z)
{
    const ct_lsroot_sys_struct *S = D->sys;
    S->type->unmap(r->lo, S, z->lo);
    S->type->unmap(r->hi, S, z->hi);
    r->sign_lo = z->sign_lo;
    if (fmpq_cmp(r->lo, r->hi) > 0) {
        fmpq_swap(r->lo, r->hi);
        r->sign_lo = -r->sign_lo;
    }
    fmpq_set(r->ilo, r->lo);
    fmpq_set(r->ihi, r->hi);
    r->disk = ct_lsroot_disk_ref(D);
    r->row = r->node = z->node;
    r->k = z->k, r->l = z->l;
}

/* One model to build: disk D, the key of pair (k, l). */
typedef struct {
    ct_lsroot_disk_struct *D;
    slong k, l, key;
} ls_job;

/* The jobs, grouped by disk: group g is job[start[g] .. start[g + 1]). */
typedef struct {
    ct_lsroot_struct **z;
    ls_job *job;
    slong *start;
} ls_narrow_ctx;

static void ls_build_group(void *arg, slong g)
{
    const ls_narrow_ctx *X = arg;
    const ls_job *b = X->job + X->start[g];
    slong nb = X->start[g + 1] - X->start[g];
    const ct_lsroot_type_struct *T = b->D->sys->type;
    if (T->build_keys == NULL) {
        for (slong t = 0; t < nb; t++)
            T->build(b[t].D, 0, b[t].k, b[t].l, b[t].key);
        return;
    }
    slong *a = flint_malloc(3 * nb * sizeof(slong));
    for (slong t = 0; t < nb; t++)
        a[t] = b[t].k, a[nb + t] = b[t].l, a[2 * nb + t] = b[t].key;
    T->build_keys(b->D, 0, a, a + nb, a + 2 * nb, nb);
    flint_free(a);
}

static void ls_narrow_job(void *arg, slong j)
{
    ct_lsroot_struct *r = ((ls_narrow_ctx *)arg)->z[j];
    ct_lsroot_disk_struct *D = r->disk;
    ct_lsroot_poly_struct P;
    slong prec;
    if (D->sys->type->pair_poly(&P, &prec, D, 0, r->row, r->k, r->l) != 0)
        return; /* no model: the oracle refines when asked */
    _ct_lsroot_poly_narrow(r->lo, r->hi, r->sign_lo, &P, LS_KEEP_BITS, D->sys);
    ct_lsroot_poly_clear(&P);
}

/* The distinct (disk, key) of the roots' pairs, grouped by disk in the
   order the disks first appear (each group in the roots' order; one job per
   group when the family builds keys one by one); the groups' starts into
   start (room for 2 nz + 1), their number returned. */
static slong ls_jobs(ls_job *job, slong *start, ct_lsroot_struct *const *z, slong nz)
{
    slong nj = 0, ng = 0, key[2];
    ls_job *all = flint_malloc(FLINT_MAX(2 * nz, 1) * sizeof(ls_job));
    for (slong j = 0; j < nz; j++) {
        const ct_lsroot_sys_struct *S = z[j]->disk->sys;
        slong nk = S->type->keys(key, S, z[j]->k, z[j]->l);
        for (slong e = 0; e < nk; e++) {
            slong t = 0;
            while (t < nj && !(all[t].D == z[j]->disk && all[t].key == key[e]))
                t++;
            if (t == nj)
                all[nj++] = (ls_job){z[j]->disk, z[j]->k, z[j]->l, key[e]};
        }
    }
    char *done = flint_calloc(FLINT_MAX(nj, 1), 1);
    for (slong t = 0, out = 0; t < nj; t++) {
        if (done[t])
            continue;
        start[ng++] = out;
        slong most = all[t].D->sys->type->build_keys != NULL ? LS_GROUP_KEYS : 1;
        for (slong u = t, g = 0; u < nj && g < most; u++)
            if (!done[u] && all[u].D == all[t].D)
                job[out++] = all[u], done[u] = 1, g++;
    }
    start[ng] = nj;
    flint_free(all), flint_free(done);
    return ng;
}

/* The family's own narrowing of root j, where it has one (done[j] = 1 when
   it narrowed it). */
typedef struct {
    ct_lsroot_struct **z;
    char *done;
} ls_fast_ctx;

static void ls_fast_job(void *arg, slong j)
{
    const ls_fast_ctx *X = arg;
    int (*narrow)(ct_lsroot_struct *) = X->z[j]->disk->sys->type->narrow;
    X->done[j] = narrow != NULL && narrow(X->z[j]);
}

/* The roots p[0..n) the family's narrowing left, kept in p; their number. */
static slong ls_fast(ct_lsroot_struct **p, slong n, slong nthreads)
{
    ls_fast_ctx X = {p, flint_calloc(FLINT_MAX(n, 1), 1)};
    ct_pool_for(n, nthreads, ls_fast_job, NULL, &X);
    slong left = 0;
    for (slong j = 0; j < n; j++)
        if (!X.done[j])
            p[left++] = p[j];
    flint_free(X.done);
    return left;
}

void ct_lsroot_roots_narrow(ct_lsroot_struct *r, slong nz, const char *which,
                            slong nthreads)
{
    ct_lsroot_struct **p = flint_malloc(FLINT_MAX(nz, 1) * sizeof(void *));
    slong n = 0;
    for (slong j = 0; j < nz; j++)
        if (which == NULL || which[j])
            p[n++] = r + j;
    n = ls_fast(p, n, nthreads);
    ls_narrow_ctx X = {p, flint_malloc(FLINT_MAX(2 * n, 1) * sizeof(ls_job)),
                       flint_malloc((2 * n + 1) * sizeof(slong))};
    slong ng = ls_jobs(X.job, X.start, p, n);
    ct_pool_for(ng, nthreads, ls_build_group, NULL, &X);
    ct_pool_for(n, nthreads, ls_narrow_job, NULL, &X);
    flint_free(X.job), flint_free(X.start), flint_free(p);
}

void ct_lsroot_roots_some(ct_lsroot_struct **out, ct_lsroot_disk_struct *const *disks,
                          const ct_lsroot_zero_struct *z, slong nz, const char *wide,
                          slong nthreads)
{
    ct_lsroot_struct *r = flint_malloc(FLINT_MAX(nz, 1) * sizeof(ct_lsroot_struct));
    char *which = wide != NULL ? flint_malloc(FLINT_MAX(nz, 1)) : NULL;
    for (slong j = 0; j < nz; j++) {
        ct_lsroot_init(r + j);
        ls_set_zero(r + j, disks[z[j].disk], z + j);
        if (which != NULL)
            which[j] = !wide[j];
    }
    ct_lsroot_roots_narrow(r, nz, which, nthreads);
    flint_free(which);
    *out = r;
}

void ct_lsroot_roots(ct_lsroot_struct **out, ct_lsroot_disk_struct *const *disks,
                     const ct_lsroot_zero_struct *z, slong nz, slong nthreads)
{
    ct_lsroot_roots_some(out, disks, z, nz, NULL, nthreads);
}

static int ls_root_cmp(const void *a, const void *b)
{
    const ct_lsroot_struct *x = *(const ct_lsroot_struct *const *)a,
                           *y = *(const ct_lsroot_struct *const *)b;
    return fmpq_cmp(x->lo, y->lo);
}

slong ct_lsroot_roots_overlapping(char *mark, const ct_lsroot_struct *r, slong nz)
{
    const ct_lsroot_struct **ord = flint_malloc(FLINT_MAX(nz, 1) * sizeof(void *));
    for (slong j = 0; j < nz; j++)
        ord[j] = r + j;
    qsort(ord, nz, sizeof(void *), ls_root_cmp);
    slong bad = 0;
    for (slong j = 1, far = 0; j < nz; j++) {
        if (fmpq_cmp(ord[j]->lo, ord[far]->hi) < 0) {
            bad++;
            if (mark != NULL)
                mark[ord[j] - r] = mark[ord[far] - r] = 1;
        }
        if (fmpq_cmp(ord[j]->hi, ord[far]->hi) > 0)
            far = j;
    }
    flint_free(ord);
    return bad;
}

int ct_lsroot_roots_overlap(const ct_lsroot_struct *r, slong nz)
{
    return ct_lsroot_roots_overlapping(NULL, r, nz) > 0;
}

/* Whether roots still overlap once the wide roots met in overlaps are
   narrowed (three rounds: narrowing one may uncover another; then every
   wide root left). */
int ct_lsroot_roots_settle(ct_lsroot_struct *r, slong nz, const char *wide,
                           slong nthreads)
{
    slong len = FLINT_MAX(nz, 1);
    char *mark = flint_calloc(len, 1), *left = flint_malloc(len);
    for (slong j = 0; j < nz; j++)
        left[j] = wide != NULL && wide[j];
    int over = ct_lsroot_roots_overlapping(mark, r, nz) > 0;
    for (int round = 0; over && round < 4; round++) {
        slong todo = 0;
        for (slong j = 0; j < nz; j++) {
            mark[j] = left[j] && (round == 3 || mark[j]);
            left[j] &= !mark[j];
            todo += mark[j];
        }
        if (todo == 0)
            break;
        ct_lsroot_roots_narrow(r, nz, mark, nthreads);
        memset(mark, 0, len);
        over = ct_lsroot_roots_overlapping(mark, r, nz) > 0;
    }
    flint_free(mark), flint_free(left);
    return over;
}
