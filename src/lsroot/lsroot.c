/* lsroot: the root type of the ball path on the certified-root core. Its sign
   oracle is exact: the disk's level-1 model, then models of the pair alone at
   96, 192, 384 and 768 bits, then an exact rational solve (lsroot_exact.c). */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/mem.h"
#include "lsroot_internal.h"

static atomic_long ls_nball, ls_nfallback, ls_nexact;
static slong ls_min_nodes = 120;

slong ct_lsroot_set_min_nodes(slong n)
{
    slong old = ls_min_nodes;
    ls_min_nodes = n == 0 ? 120 : n;
    return old;
}

slong ct_lsroot_min_nodes(void)
{
    return ls_min_nodes;
}

void _ct_lsroot_count(int which)
{
    atomic_fetch_add(which == 0 ? &ls_nball : which == 1 ? &ls_nfallback : &ls_nexact, 1);
}

void ct_lsroot_counts(long *ball, long *fallback, long *exact)
{
    *ball = atomic_load(&ls_nball);
    *fallback = atomic_load(&ls_nfallback);
    *exact = atomic_load(&ls_nexact);
}

void ct_lsroot_init(ct_lsroot_t r)
{
    fmpq_init(r->lo), fmpq_init(r->hi);
    fmpq_init(r->ilo), fmpq_init(r->ihi);
    r->sign_lo = 0;
    r->disk = NULL;
    r->row = r->k = r->l = r->node = 0;
}

void ct_lsroot_clear(ct_lsroot_t r)
{
    fmpq_clear(r->lo), fmpq_clear(r->hi);
    fmpq_clear(r->ilo), fmpq_clear(r->ihi);
    _ct_lsdisk_unref(r->disk);
    r->disk = NULL;
}

void ct_lsroot_set(ct_lsroot_t r, const ct_lsroot_t s)
{
    if (r == s)
        return;
    fmpq_set(r->lo, s->lo), fmpq_set(r->hi, s->hi);
    fmpq_set(r->ilo, s->ilo), fmpq_set(r->ihi, s->ihi);
    r->sign_lo = s->sign_lo;
    _ct_lsdisk_unref(r->disk);
    r->disk = s->disk == NULL ? NULL : _ct_lsdisk_ref(s->disk);
    r->row = s->row, r->k = s->k, r->l = s->l, r->node = s->node;
}

/* Sign by one model (0: undecided). */
static int lsroot_sign_by(const _ct_lsmodel *M, const ct_lsroot_struct *r, const fmpq_t x)
{
    _ct_lspoly P;
    _ct_lspoly_make(&P, M, r->disk, r->row, r->k, r->l);
    int s = _ct_lspoly_sign(&P, x, M->prec + 20);
    _ct_lspoly_free(&P);
    return s;
}

int ct_lsroot_sign_fmpq(const ct_lsroot_t r, const fmpq_t x)
{
    ct_lsdisk_struct *D = r->disk;
    const ct_lssys_struct *S = D->sys;
    slong p = _ct_lsroot_pair(r->k, r->l, S->c);
    int s = D->lev1 != NULL ? lsroot_sign_by(D->lev1, r, x) : 0;
    int gap = D->c == 0 || !_ct_lssys_certify_mu(D->sys);
    for (slong prec = 96; s == 0 && gap && prec <= 768; prec *= 2) {
        if (D->lev2[p] == NULL || D->lev2[p]->prec < prec) {
            _ct_lsrhs v = {r->k, r->l};
            _ct_lsmodel_free(D->lev2[p]);
            D->lev2[p] = _ct_lsmodel_build(D, &v, 1, prec);
        }
        s = lsroot_sign_by(D->lev2[p], r, x);
    }
    if (s == 0) {
        _ct_lsroot_count(2);
        s = _ct_lsroot_sign_exact(S, r->row, r->k, r->l, x);
    }
    return s;
}

int _ct_lsroot_in_disk(const ct_lsdisk_struct *D, const fmpq_t x)
{
    arb_t a, b;
    arb_init(a), arb_init(b);
    arb_set_d(a, D->c - D->r); /* exact: c and r are dyadic of few bits */
    arb_set_d(b, D->c + D->r);
    arb_union(a, a, b, 64);
    arb_set_fmpq(b, x, 64);
    int in = arb_contains(a, b);
    arb_clear(a), arb_clear(b);
    return in;
}

static int lsroot_sign_fn(const void *fn, const fmpq_t x)
{
    return ct_lsroot_sign_fmpq((ct_lsroot_struct *)fn, x);
}

static void lsroot_step(void *self)
{
    ct_root_struct v;
    ct_lsroot_view(&v, self);
    ct_root_bisect(&v);
}

void ct_lsroot_view(ct_root_struct *v, ct_lsroot_t r)
{
    v->lo = r->lo;
    v->hi = r->hi;
    v->sign_lo = &r->sign_lo;
    v->fn = r;
    v->sign = lsroot_sign_fn;
    v->step = lsroot_step;
    v->self = r;
}

/* Decimal bounds inside the isolating interval of the search. */
static int lsroot_isolates(const ct_root_struct *v, const fmpq_t a, const fmpq_t b,
                           slong sig)
{
    const ct_lsroot_struct *r = v->self;
    (void)sig;
    return fmpq_cmp(a, r->ilo) >= 0 && fmpq_cmp(b, r->ihi) <= 0;
}

static const ct_root_strs_spec _lsroot_strs = {
    .trim = 1, .coarse = 0, .entry = 1, .isolates = lsroot_isolates, .bisect_after = -1};

void ct_lsroot_get_strs(char **approx, char **lo, char **hi, ct_lsroot_t r, slong digits)
{
    ct_root_struct v;
    ct_lsroot_view(&v, r);
    ct_root_get_strs(approx, lo, hi, &v, digits, &_lsroot_strs);
}

char *ct_lsroot_get_str(const ct_lsroot_t r)
{
    char *s = ct_mem_malloc(160);
    long v = (long)r->node + 1;
    snprintf(
        s, 160,
        "F[%ld][%ld] - F[%ld][%ld] (alpha; zero certified by Taylor models in balls)", v,
        (long)r->k, v, (long)r->l);
    return s;
}

/* Whether a and b are zeros of one function: the same row and classes of
   systems with equal data (the same object, or equal weights and labels). */
static int lsroot_same_function(const ct_lsroot_struct *a, const ct_lsroot_struct *b)
{
    const ct_lssys_struct *S = a->disk->sys, *T = b->disk->sys;
    if (a->row != b->row || a->k != b->k || a->l != b->l)
        return 0;
    if (S == T)
        return 1;
    slong n = S->n, nnz = S->rowstart[n];
    if (T->n != n || T->c != S->c || T->nlab != S->nlab || T->rowstart[n] != nnz ||
        memcmp(S->rowstart, T->rowstart, (n + 1) * sizeof(slong)) ||
        memcmp(S->col, T->col, nnz * sizeof(slong)) ||
        memcmp(S->w, T->w, nnz * sizeof(double)) ||
        memcmp(S->lab, T->lab, S->nlab * sizeof(slong)) ||
        memcmp(S->cls, T->cls, S->nlab * sizeof(slong)))
        return 0;
    return _fmpz_vec_equal(S->q, T->q, S->nlab) && _fmpz_vec_equal(S->r, T->r, S->nlab);
}

int ct_lsroot_cmp(int *cmp, ct_lsroot_t a, ct_lsroot_t b)
{
    ct_root_struct va, vb;
    ct_lsroot_view(&va, a);
    ct_lsroot_view(&vb, b);
    if (fmpq_cmp(a->hi, b->lo) <= 0 || fmpq_cmp(b->hi, a->lo) <= 0 ||
        !lsroot_same_function(a, b))
        return ct_root_cmp_refine(cmp, &va, &vb, CT_LSROOT_CMP_BITS);
    return ct_root_cmp(cmp, &va, &vb, 1, NULL, CT_LSROOT_CMP_BITS);
}
