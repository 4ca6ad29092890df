/* lsroot_kroot: the lambda ball path's root type on the certified-root core.
   Its interval is in lambda; its sign oracle maps lambda = x to alpha = rho /
   (scale x + rho) and asks the pair's models of its disk at 96, 192, 384 and
   768 bits, then an exact solve (lsroot_kron_exact.c). */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include "certune/mem.h"
#include "lsroot_kron.h"

static atomic_long kr_nball, kr_nfallback, kr_nexact;
static slong kr_min_nodes = CT_LSROOT_KRON_MIN_NODES;

slong ct_lsroot_kron_set_min_nodes(slong n)
{
    slong old = kr_min_nodes;
    kr_min_nodes = n == 0 ? CT_LSROOT_KRON_MIN_NODES : n;
    return old;
}

slong ct_lsroot_kron_min_nodes(void)
{
    return kr_min_nodes;
}

void ct_lsroot_kron_count(int which)
{
    _ct_kron_count(which);
}

void _ct_kron_count(int which)
{
    atomic_fetch_add(which == 0 ? &kr_nball : which == 1 ? &kr_nfallback : &kr_nexact, 1);
}

void ct_lsroot_kron_counts(long *ball, long *fallback, long *exact)
{
    *ball = atomic_load(&kr_nball);
    *fallback = atomic_load(&kr_nfallback);
    *exact = atomic_load(&kr_nexact);
}

ct_lsroot_kdisk_struct *_ct_kdisk_new(ct_lsroot_kron_struct *S, double c, double r)
{
    ct_lsroot_kdisk_struct *D = flint_calloc(1, sizeof(ct_lsroot_kdisk_struct));
    D->refs = 1;
    D->sys = S;
    S->refs++;
    D->c = c, D->r = r;
    D->pm = flint_calloc(4 * S->c, sizeof(_ct_kron_pmodel_ptr));
    return D;
}

ct_lsroot_kdisk_struct *_ct_kdisk_ref(ct_lsroot_kdisk_struct *D)
{
    D->refs++;
    return D;
}

void _ct_kdisk_unref(ct_lsroot_kdisk_struct *D)
{
    if (D == NULL || --D->refs > 0)
        return;
    for (slong t = 0; t < 4 * D->sys->c; t++)
        _ct_kron_pmodel_free(D->pm[t], D->sys->m);
    flint_free(D->pm);
    ct_lsroot_kron_unref(D->sys);
    flint_free(D);
}

const _ct_kron_pmodel *_ct_kdisk_model(ct_lsroot_kdisk_struct *D, int level, slong k)
{
    slong at = level * D->sys->c + k;
    if (D->pm[at] == NULL) {
        const _ct_kron_hi *X = _ct_kron_hi_get(D->sys, level);
        if (X != NULL)
            D->pm[at] = _ct_kron_pmodel_build(D->sys, X, D->c, D->r, k);
    }
    return D->pm[at];
}

void _ct_kron_alpha(fmpq_t a, const ct_lsroot_kron_struct *S, const fmpq_t x)
{
    fmpq_t t;
    fmpq_init(t);
    fmpq_mul_fmpz(t, x, S->scale);
    fmpq_add_si(t, t, (slong)S->rho);
    fmpq_set_si(a, (slong)S->rho, 1);
    fmpq_div(a, a, t);
    fmpq_clear(t);
}

void ct_lsroot_kroot_init(ct_lsroot_kroot_t r)
{
    fmpq_init(r->lo), fmpq_init(r->hi), fmpq_init(r->ilo), fmpq_init(r->ihi);
    r->sign_lo = 0;
    r->disk = NULL;
    r->row = r->k = r->l = r->node = 0;
}

void ct_lsroot_kroot_clear(ct_lsroot_kroot_t r)
{
    fmpq_clear(r->lo), fmpq_clear(r->hi), fmpq_clear(r->ilo), fmpq_clear(r->ihi);
    _ct_kdisk_unref(r->disk);
    r->disk = NULL;
}

void ct_lsroot_kroot_set(ct_lsroot_kroot_t r, const ct_lsroot_kroot_t s)
{
    if (r == s)
        return;
    fmpq_set(r->lo, s->lo), fmpq_set(r->hi, s->hi);
    fmpq_set(r->ilo, s->ilo), fmpq_set(r->ihi, s->ihi);
    r->sign_lo = s->sign_lo;
    _ct_kdisk_unref(r->disk);
    r->disk = s->disk == NULL ? NULL : _ct_kdisk_ref(s->disk);
    r->row = s->row, r->k = s->k, r->l = s->l, r->node = s->node;
}

/* Whether alpha a lies in the disk D. */
int _ct_kdisk_contains(const ct_lsroot_kdisk_struct *D, const fmpq_t a)
{
    arb_t x, y;
    arb_init(x), arb_init(y);
    arb_set_d(x, D->c - D->r); /* exact: c and r are dyadic of few bits */
    arb_set_d(y, D->c + D->r);
    arb_union(x, x, y, 64);
    arb_set_fmpq(y, a, 64);
    int in = arb_contains(x, y);
    arb_clear(x), arb_clear(y);
    return in;
}

int ct_lsroot_kroot_sign_fmpq(const ct_lsroot_kroot_t r, const fmpq_t x)
{
    ct_lsroot_kdisk_struct *D = r->disk;
    fmpq_t a;
    fmpq_init(a);
    _ct_kron_alpha(a, D->sys, x);
    int s = 0;
    for (int level = 0;
         s == 0 && level < 4 && fmpz_sgn(fmpq_numref(x)) > 0 && _ct_kdisk_contains(D, a);
         level++) {
        const _ct_kron_pmodel *M = _ct_kdisk_model(D, level, r->k);
        const _ct_kron_pmodel *N = _ct_kdisk_model(D, level, r->l);
        if (M == NULL || N == NULL)
            break;
        _ct_lspoly P;
        _ct_kron_pmodel_poly(&P, D->sys, _ct_kron_hi_get(D->sys, level), M, N, r->row);
        s = _ct_lspoly_sign(&P, a, M->prec + 20);
        _ct_lspoly_free(&P);
    }
    fmpq_clear(a);
    if (s == 0) {
        _ct_kron_count(2);
        s = _ct_kron_sign_exact(D->sys, r->row, r->k, r->l, x);
    }
    return s;
}

static int kroot_sign_fn(const void *fn, const fmpq_t x)
{
    return ct_lsroot_kroot_sign_fmpq((ct_lsroot_kroot_struct *)fn, x);
}

static void kroot_step(void *self)
{
    ct_root_struct v;
    ct_lsroot_kroot_view(&v, self);
    ct_root_bisect(&v);
}

void ct_lsroot_kroot_view(ct_root_struct *v, ct_lsroot_kroot_t r)
{
    v->lo = r->lo;
    v->hi = r->hi;
    v->sign_lo = &r->sign_lo;
    v->fn = r;
    v->sign = kroot_sign_fn;
    v->step = kroot_step;
    v->self = r;
}

/* Decimal bounds inside the isolating interval of the search. */
static int kroot_isolates(const ct_root_struct *v, const fmpq_t a, const fmpq_t b,
                          slong sig)
{
    const ct_lsroot_kroot_struct *r = v->self;
    (void)sig;
    return fmpq_cmp(a, r->ilo) >= 0 && fmpq_cmp(b, r->ihi) <= 0;
}

static const ct_root_strs_spec _kroot_strs = {
    .trim = 0, .coarse = 0, .entry = 1, .isolates = kroot_isolates, .bisect_after = -1};

void ct_lsroot_kroot_get_strs(char **approx, char **lo, char **hi, ct_lsroot_kroot_t r,
                              slong digits)
{
    ct_root_struct v;
    ct_lsroot_kroot_view(&v, r);
    ct_root_get_strs(approx, lo, hi, &v, digits, &_kroot_strs);
}

char *ct_lsroot_kroot_get_str(const ct_lsroot_kroot_t r)
{
    char *s = ct_mem_malloc(160);
    long v = (long)r->node + 1;
    snprintf(
        s, 160,
        "F[%ld][%ld] - F[%ld][%ld] (lambda; zero certified by Taylor models in balls)", v,
        (long)r->k, v, (long)r->l);
    return s;
}

/* Whether a and b are zeros of one function: the same row and classes of
   systems with equal data. */
static int kroot_same_function(const ct_lsroot_kroot_struct *a,
                               const ct_lsroot_kroot_struct *b)
{
    const ct_lsroot_kron_struct *S = a->disk->sys, *T = b->disk->sys;
    if (a->row != b->row || a->k != b->k || a->l != b->l)
        return 0;
    if (S == T)
        return 1;
    slong n = S->n, nnz = S->rowstart[n];
    return T->n == n && T->c == S->c && T->m == S->m && T->rowstart[n] == nnz &&
           fmpz_equal(S->scale, T->scale) &&
           !memcmp(S->rowstart, T->rowstart, (n + 1) * sizeof(slong)) &&
           !memcmp(S->col, T->col, nnz * sizeof(slong)) &&
           !memcmp(S->w, T->w, nnz * sizeof(double)) &&
           !memcmp(S->ncls, T->ncls, n * sizeof(slong));
}

int ct_lsroot_kroot_cmp(int *cmp, ct_lsroot_kroot_t a, ct_lsroot_kroot_t b)
{
    ct_root_struct va, vb;
    ct_lsroot_kroot_view(&va, a);
    ct_lsroot_kroot_view(&vb, b);
    if (fmpq_cmp(a->hi, b->lo) <= 0 || fmpq_cmp(b->hi, a->lo) <= 0 ||
        !kroot_same_function(a, b))
        return ct_root_cmp_refine(cmp, &va, &vb, CT_LSROOT_CMP_BITS);
    return ct_root_cmp(cmp, &va, &vb, 1, NULL, CT_LSROOT_CMP_BITS);
}
