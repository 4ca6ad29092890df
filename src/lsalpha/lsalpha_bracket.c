/* lsalpha_bracket: one sign on a whole segment from exact monotonicity, for
   the segments where the Taylor models cannot decide (values far below their
   absolute error, as on a long path, where F[i][k] decays like rho^distance:
   10^-26 at node 30 and alpha = 1/4, 2^-500 mid-path at 0.9).

   With x_k(alpha) = (D - alpha W)^{-1} D^{1/2} Y_k = sum_j alpha^j T^j D^{-1/2} Y_k
   (nonnegative terms), F[i][k] = sqrt(d_i) x_k[i] is nondecreasing on [0, 1).
   So on [a, b]: x_k[i](a) > x_l[i](b) proves F[i][k] > F[i][l] on all of [a,
   b], and x_l[i](a) > x_k[i](b) the opposite; otherwise [a, b] is halved.

   The values come with relative accuracy, however small: D - aW is a
   diagonally dominant M-matrix, held by its off-diagonal magnitudes a w_ij and
   row sums (1 - a) d_i > 0, and Gaussian elimination in that form (pivot =
   row sum + the row's magnitudes; the Schur complement's magnitudes and row
   sums grow by products of positives), the forward substitution and the back
   substitution of the nonnegative right-hand side are subtraction-free, so
   each ball keeps a relative radius of a few hundred ulps (Arb, 64 bits,
   exponents unbounded). Fill stays in the envelope of the natural order
   (lsalpha_lu.c): the bracket is used only when that envelope is small (O(n)
   work per point, as on paths, trees of small width and bands).

   The points' values at the searched rows are kept, shared by all rows (the
   halvings of a segment are the same for every row), under a lock. */
#include <pthread.h>
#include <string.h>
#include "lsalpha_internal.h"

#define BRK_PREC 64
#define BRK_DEPTH 40
#define BRK_MEMORY (256 << 20) /* bytes of kept values */

typedef struct {
    double a;
    arb_ptr x; /* [slot * ncls + class index] */
} brk_point;

struct _ct_lsalpha_brk {
    ct_lsalpha_struct *S;
    slong n, *f, *g, *off; /* the envelope: row k's columns k + 1..g[k] */
    slong nslot, *slot;    /* slot[i] of a searched node, else -1 */
    slong ncls, *cidx;     /* classes with labels: cidx[k] their index, else -1 */
    brk_point *pts;
    slong npts, alloc, maxpts;
    slong *hash, hcap; /* open addressing on a's bits: point index or -1 */
    pthread_mutex_t lock;
};

_ct_lsalpha_brk *_ct_lsalpha_brk_new(ct_lsalpha_struct *S, const slong *node, slong nr)
{
    slong n = S->head.n, work = 0;
    slong *f = flint_malloc(n * sizeof(slong)), *g = flint_malloc(n * sizeof(slong));
    for (slong i = 0; i < n; i++) {
        f[i] = g[i] = i;
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
            f[i] = FLINT_MIN(f[i], S->col[e]);
    }
    for (slong i = 0; i < n; i++)
        g[f[i]] = FLINT_MAX(g[f[i]], i);
    for (slong i = 1; i < n; i++)
        g[i] = FLINT_MAX(g[i], g[i - 1]);
    for (slong k = 0; k < n; k++)
        work += (g[k] - k) * (g[k] - k + 1) / 2 + 1;
    flint_free(f);
    if (work > 64 * n) { /* elimination too costly per point */
        flint_free(g);
        return NULL;
    }
    _ct_lsalpha_brk *B = flint_calloc(1, sizeof(_ct_lsalpha_brk));
    B->S = S, B->n = n, B->g = g;
    B->off = flint_malloc((n + 1) * sizeof(slong));
    B->off[0] = 0;
    for (slong k = 0; k < n; k++)
        B->off[k + 1] = B->off[k] + (g[k] - k);
    B->slot = flint_malloc(n * sizeof(slong));
    for (slong i = 0; i < n; i++)
        B->slot[i] = -1;
    for (slong t = 0; t < nr; t++)
        if (B->slot[node[t]] < 0)
            B->slot[node[t]] = B->nslot++;
    B->cidx = flint_malloc(S->head.c * sizeof(slong));
    for (slong k = 0; k < S->head.c; k++)
        B->cidx[k] = S->nlabk[k] > 0 ? B->ncls++ : -1;
    B->maxpts = FLINT_MAX(
        BRK_MEMORY / (FLINT_MAX(B->nslot * B->ncls, 1) * (slong)sizeof(arb_struct)), 64);
    pthread_mutex_init(&B->lock, NULL);
    return B;
}

void _ct_lsalpha_brk_free(_ct_lsalpha_brk *B)
{
    if (B == NULL)
        return;
    for (slong p = 0; p < B->npts; p++)
        _arb_vec_clear(B->pts[p].x, B->nslot * B->ncls);
    flint_free(B->pts), flint_free(B->hash);
    flint_free(B->g), flint_free(B->off), flint_free(B->slot), flint_free(B->cidx);
    pthread_mutex_destroy(&B->lock);
    flint_free(B);
}

/* x_k(a) at every searched node, for every class with labels (0 < a < 1). */
static void brk_eval(arb_ptr out, const _ct_lsalpha_brk *B, double a)
{
    const ct_lsalpha_struct *S = B->S;
    slong n = B->n, nc = B->ncls, prec = BRK_PREC;
    arb_ptr u = _arb_vec_init(FLINT_MAX(B->off[n], 1)), s = _arb_vec_init(n);
    arb_ptr p = _arb_vec_init(n), y = _arb_vec_init(n * nc);
    arb_t t, aa;
    arb_init(t), arb_init(aa);
    arb_set_d(aa, a);
    for (slong i = 0; i < n; i++) { /* magnitudes a w_ij (j > i), row sums (1 - a) d_i */
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++)
            if (S->col[e] > i)
                arb_mul_ui(u + B->off[i] + S->col[e] - i - 1, aa, (ulong)S->w[e], prec);
        arb_sub_ui(t, aa, 1, prec);
        arb_neg(t, t); /* 1 - a: exact for a dyadic in (0, 1) at 64 bits */
        arb_mul_ui(s + i, t, (ulong)S->deg[i], prec);
    }
    for (slong j = 0; j < S->nlab; j++) { /* D^{1/2} Y_k */
        slong i = S->lab[j], k = B->cidx[S->cls[j]];
        arb_set_ui(t, (ulong)S->deg[i]);
        arb_sqrt(y + i * nc + k, t, prec);
    }
    for (slong k = 0; k < n; k++) { /* elimination and forward substitution */
        arb_srcptr uk = u + B->off[k];
        slong len = B->g[k] - k;
        arb_set(p + k, s + k);
        for (slong j = 0; j < len; j++)
            arb_add(p + k, p + k, uk + j, prec);
        for (slong d = 0; d < len; d++) {
            if (arb_is_zero(uk + d))
                continue;
            slong i = k + 1 + d;
            arb_div(t, uk + d, p + k, prec); /* the multiplier |m_ik| / p_k */
            arb_addmul(s + i, t, s + k, prec);
            arb_ptr ui = u + B->off[i];
            for (slong j = d + 1; j < len; j++) /* column k + 1 + j of row i */
                arb_addmul(ui + (j - d - 1), t, uk + j, prec);
            for (slong c = 0; c < nc; c++)
                arb_addmul(y + i * nc + c, t, y + k * nc + c, prec);
        }
    }
    for (slong k = n - 1; k >= 0; k--) { /* back substitution: y becomes x */
        arb_srcptr uk = u + B->off[k];
        for (slong d = 0; d < B->g[k] - k; d++)
            if (!arb_is_zero(uk + d))
                for (slong c = 0; c < nc; c++)
                    arb_addmul(y + k * nc + c, uk + d, y + (k + 1 + d) * nc + c, prec);
        for (slong c = 0; c < nc; c++)
            arb_div(y + k * nc + c, y + k * nc + c, p + k, prec);
    }
    for (slong i = 0; i < n; i++)
        if (B->slot[i] >= 0)
            for (slong c = 0; c < nc; c++)
                arb_set(out + B->slot[i] * nc + c, y + i * nc + c);
    _arb_vec_clear(u, FLINT_MAX(B->off[n], 1)), _arb_vec_clear(s, n);
    _arb_vec_clear(p, n), _arb_vec_clear(y, n * nc);
    arb_clear(t), arb_clear(aa);
}

static slong brk_slot(const _ct_lsalpha_brk *B, double a)
{
    ulong h;
    memcpy(&h, &a, sizeof(h));
    h *= UWORD(0x9E3779B97F4A7C15);
    slong q = (slong)(h >> 20) & (B->hcap - 1);
    while (B->hash[q] >= 0 && B->pts[B->hash[q]].a != a)
        q = (q + 1) & (B->hcap - 1);
    return q;
}

/* The hash table at twice the points' room, rebuilt when they outgrow it. */
static void brk_grow(_ct_lsalpha_brk *B)
{
    flint_free(B->hash);
    B->hcap = 1024;
    while (B->hcap < 2 * B->alloc)
        B->hcap *= 2;
    B->hash = flint_malloc(B->hcap * sizeof(slong));
    for (slong q = 0; q < B->hcap; q++)
        B->hash[q] = -1;
    for (slong p = 0; p < B->npts; p++)
        B->hash[brk_slot(B, B->pts[p].a)] = p;
}

/* The kept values at a (computed once; NULL past the memory budget). Points
   are never removed, so the pointer stays valid after the lock. */
static arb_srcptr brk_point_at(_ct_lsalpha_brk *B, double a)
{
    arb_srcptr x = NULL;
    pthread_mutex_lock(&B->lock);
    if (B->hash == NULL)
        brk_grow(B);
    slong q = brk_slot(B, a);
    if (B->hash[q] >= 0)
        x = B->pts[B->hash[q]].x;
    else if (B->npts < B->maxpts) {
        if (B->npts == B->alloc) {
            B->alloc = 2 * B->alloc + 64;
            B->pts = flint_realloc(B->pts, B->alloc * sizeof(brk_point));
            brk_grow(B);
            q = brk_slot(B, a);
        }
        arb_ptr v = _arb_vec_init(FLINT_MAX(B->nslot * B->ncls, 1));
        brk_eval(v, B, a);
        B->pts[B->npts].a = a;
        B->pts[B->npts].x = v;
        B->hash[q] = B->npts++;
        x = v;
    }
    pthread_mutex_unlock(&B->lock);
    return x;
}

static int brk_sign(_ct_lsalpha_brk *B, slong i, slong k, slong l, double a, double b,
                    int depth)
{
    arb_srcptr xa = brk_point_at(B, a), xb = brk_point_at(B, b);
    if (xa == NULL || xb == NULL)
        return 0;
    slong base = B->slot[i] * B->ncls, ck = B->cidx[k], cl = B->cidx[l];
    if (arb_gt(xa + base + ck, xb + base + cl))
        return 1;
    if (arb_gt(xa + base + cl, xb + base + ck))
        return -1;
    double m = a + (b - a) / 2;
    if (depth >= BRK_DEPTH || !(a < m && m < b))
        return 0;
    int s = brk_sign(B, i, k, l, a, m, depth + 1);
    return s != 0 && brk_sign(B, i, k, l, m, b, depth + 1) == s ? s : 0;
}

int _ct_lsalpha_brk_sign(void *ctx, slong i, slong k, slong l, double a, double b)
{
    _ct_lsalpha_brk *B = ctx;
    if (B == NULL || !(0 < a && a < b && b < 1) || B->slot[i] < 0 || B->cidx[k] < 0 ||
        B->cidx[l] < 0)
        return 0;
    return brk_sign(B, i, k, l, a, b, 0);
}
