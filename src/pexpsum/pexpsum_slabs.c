/* pexpsum_slabs: the certified events of an arrangement of curves H_f = 0 in
   [A, B] x [0, 1] and the slabs of c between them (docs/joint.md).

   Events: each curve meets an edge d = 0 or d = 1 (system (H, d - e)), has a
   vertical tangent (H, dH/dd), crosses another curve (H_f, H_g); the roots
   of line (H, d - 1/2 with H = line(c)); the ends A and B. Each curve's cover
   is the set of cells of a 16 x 16 grid on which it is not excluded; systems
   are solved on the cells of their curves' covers only, and a pair whose
   covers share no cell cannot cross (pruned). Crossings are searched only
   for pairs adjacent along the vertical line of some gap between known
   events (the kinetic sweep), or for all pairs (the peer). The events'
   c-enclosures are merged into clusters (overlapping chains); a cluster of
   several events is
   accepted only when every event in it is proved exactly at one rational r
   (the simplest in the common part), else the run is undecided. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/rational.h"
#include "certune/rroot.h"
#include <flint/fmpz_poly_mat.h>
#include "pexpsum_internal.h"

void ct_pexpsum_slabs_init(ct_pexpsum_slabs_t S)
{
    memset(S, 0, sizeof(*S));
}

void ct_pexpsum_slabs_clear(ct_pexpsum_slabs_t S)
{
    _fmpq_vec_clear(S->lo, S->nslab);
    _fmpq_vec_clear(S->hi, S->nslab);
    for (slong v = 0; v < S->nvertex; v++) {
        ct_pexpsum_vertex_struct *V = S->vertex + v;
        fmpq_clear(V->clo), fmpq_clear(V->chi), fmpq_clear(V->dlo), fmpq_clear(V->dhi);
        flint_free(V->z);
    }
    flint_free(S->vertex);
    ct_pexpsum_slabs_init(S);
}

void ct_pexpsum_node_init(ct_pexpsum_node_struct *v, slong inst, slong truth, slong c)
{
    slong np = FLINT_MAX(c * (c - 1) / 2, 1);
    v->inst = inst, v->truth = truth, v->c = c;
    v->diff = flint_malloc(np * sizeof(ct_pexpsum_struct));
    v->curve = flint_malloc(np * sizeof(slong));
    for (slong p = 0; p < np; p++)
        ct_pexpsum_init(v->diff + p), v->curve[p] = -1;
}

void ct_pexpsum_node_clear(ct_pexpsum_node_struct *v)
{
    slong np = FLINT_MAX(v->c * (v->c - 1) / 2, 1);
    for (slong p = 0; p < np; p++)
        ct_pexpsum_clear(v->diff + p);
    flint_free(v->diff);
    flint_free(v->curve);
}

/* An event, exact: its c-enclosure [clo, chi] and d-enclosure. */
typedef struct {
    int kind;
    slong f, g, e;
    fmpq_t clo, chi, dlo, dhi;
    const _ct_pexpsum_root *root; /* its Krawczyk boxes, or NULL */
} slab_event;

typedef struct {
    const ct_pexpsum_struct *h;
    slong n;
    const fmpz_poly_struct *line;
    _ct_pexpsum_box cell[CT_PEXPSUM_GRID * CT_PEXPSUM_GRID];
    unsigned char *cover;     /* n x cells */
    slong *div;               /* per curve: -1, or the edge e it holds (H / (d - e)) */
    _ct_pexpsum_cache *cache; /* per curve */
    slong prec;               /* CT_PEXPSUM_PREC + the largest coefficient's bits */
    _ct_pexpsum_root *roots;
    slong nroots, cap;
    fmpq *line_lo, *line_hi; /* the vertical lines' isolating intervals */
    slong nline;
    ct_pexpsum_slabs_struct *S;
    const fmpq *A, *B;
    unsigned char *searched; /* n x n: the pairs whose crossings are searched */
} slab_ctx;

static const char *kind_name[] = {"edge", "vertical tangent", "crossing", "vertical line",
                                  "end of the c-range"};

/* The grid's cells over [A, B] x [0, 1]: ends rounded outward to dyadics. */
static void ctx_cells(slab_ctx *X, const fmpq_t A, const fmpq_t B)
{
    arb_t a, b, t;
    arb_init(a), arb_init(b), arb_init(t);
    arb_set_fmpq(a, A, CT_PEXPSUM_PREC);
    arb_set_fmpq(b, B, CT_PEXPSUM_PREC);
    arf_t lo, hi, u, v;
    arf_init(lo), arf_init(hi), arf_init(u), arf_init(v);
    arb_get_interval_arf(lo, u, a, 64);
    arb_get_interval_arf(v, hi, b, 64);
    const slong G = CT_PEXPSUM_GRID;
    for (slong i = 0; i < G; i++)
        for (slong j = 0; j < G; j++) {
            _ct_pexpsum_box *C = X->cell + i * G + j;
            _ct_pexpsum_box_init(C);
            /* c0 = lo + (hi - lo) i / G exactly (G a power of 2) */
            arf_sub(u, hi, lo, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_mul_si(v, u, i, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_div_si(v, v, G, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_add(&C->c0, lo, v, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_mul_si(v, u, i + 1, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_div_si(v, v, G, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_add(&C->c1, lo, v, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_set_si(&C->d0, j);
            arf_div_si(&C->d0, &C->d0, G, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_set_si(&C->d1, j + 1);
            arf_div_si(&C->d1, &C->d1, G, ARF_PREC_EXACT, ARF_RND_DOWN);
        }
    arf_clear(lo), arf_clear(hi), arf_clear(u), arf_clear(v);
    arb_clear(a), arb_clear(b), arb_clear(t);
}

/* The edge d = e that H_f holds wholly (its polynomial sum_t P_t B_t^e is
   zero), or -1; -2 when it holds both (undecided). */
static slong ctx_edge_curve(const ct_pexpsum_struct *h)
{
    fmpz_poly_t s, t;
    fmpz_poly_init(s), fmpz_poly_init(t);
    slong on = -1;
    for (slong e = 0; e <= 1; e++) {
        fmpz_poly_zero(s);
        for (slong k = 0; k < h->len; k++) {
            fmpz_poly_scalar_mul_fmpz(t, h->coef + k, h->base + k);
            fmpz_poly_add(s, s, e ? t : h->coef + k);
        }
        if (fmpz_poly_is_zero(s))
            on = on == -1 ? e : -2;
    }
    fmpz_poly_clear(s), fmpz_poly_clear(t);
    return on;
}

/* The equation of curve f: H_f, or H_f / (d - e) when it holds edge e. */
static _ct_pexpsum_fn ctx_fn(const slab_ctx *X, slong f, slong id)
{
    _ct_pexpsum_fn F = {X->h + f, id, 0, X->div[f], X->cache + f, X->prec};
    return F;
}

static int ctx_divs(slab_ctx *X)
{
    X->div = flint_malloc(FLINT_MAX(X->n, 1) * sizeof(slong));
    for (slong f = 0; f < X->n; f++)
        if ((X->div[f] = ctx_edge_curve(X->h + f)) == -2) {
            snprintf(X->S->what, sizeof(X->S->what),
                     "curve %ld holds both edges delta = 0 and delta = 1", (long)f);
            return 1;
        }
    return 0;
}

static void ctx_covers(slab_ctx *X)
{
    const slong N = CT_PEXPSUM_GRID * CT_PEXPSUM_GRID;
    X->cover = flint_calloc(FLINT_MAX(X->n, 1) * N, 1);
    for (slong f = 0; f < X->n; f++) {
        _ct_pexpsum_fn F = ctx_fn(X, f, 0);
        for (slong k = 0; k < N; k++)
            X->cover[f * N + k] = !_ct_pexpsum_fn_excludes(&F, X->cell + k, X->prec);
    }
}

/* Solves the system on the cells where both covers (g < 0: f's alone) hold;
   the roots found get kind, f, g, e. Returns 0 or 1 (undecided). */
static int ctx_system(slab_ctx *X, const _ct_pexpsum_fn *F, int kind, slong f, slong g,
                      slong e)
{
    const slong N = CT_PEXPSUM_GRID * CT_PEXPSUM_GRID;
    _ct_pexpsum_box start[CT_PEXPSUM_GRID * CT_PEXPSUM_GRID];
    slong ns = 0;
    for (slong k = 0; k < N; k++)
        if ((f < 0 || X->cover[f * N + k]) && (g < 0 || X->cover[g * N + k]))
            start[ns++] = X->cell[k]; /* shallow: read only */
    if (ns == 0)
        return -1; /* nothing to search: pruned */
    slong before = X->nroots;
    int rc = _ct_pexpsum_solve(&X->roots, &X->nroots, &X->cap, F, start, ns, &X->S->boxes,
                               X->S->what, sizeof(X->S->what));
    if (rc == 1) { /* say which system */
        size_t len = strlen(X->S->what);
        snprintf(X->S->what + len, sizeof(X->S->what) - len, " (%s, curve %ld%s%ld)",
                 kind_name[kind], (long)f, g >= 0 ? " and curve " : ", edge ",
                 (long)(g >= 0 ? g : e));
    }
    for (slong r = before; r < X->nroots; r++) {
        X->roots[r].kind = kind;
        X->roots[r].f = f, X->roots[r].g = g, X->roots[r].e = e;
    }
    return rc;
}

/* The vertical lines: the positive roots of the squarefree line, isolated
   exactly (rroot), each narrowed to 2^-64: events with d in [0, 1]. */
static void ctx_line(slab_ctx *X)
{
    ct_rroot_struct *r;
    slong k = ct_rroot_isolate_positive(&r, X->line);
    fmpq_t eps;
    fmpq_init(eps);
    fmpq_set_si(eps, 1, 1);
    fmpz_mul_2exp(fmpq_denref(eps), fmpq_denref(eps), 64);
    X->nline = k;
    X->line_lo = _fmpq_vec_init(FLINT_MAX(k, 1));
    X->line_hi = _fmpq_vec_init(FLINT_MAX(k, 1));
    for (slong i = 0; i < k; i++) {
        ct_rroot_refine(r + i, eps);
        fmpq_set(X->line_lo + i, r[i].lo), fmpq_set(X->line_hi + i, r[i].hi);
        ct_rroot_clear(r + i);
    }
    flint_free(r);
    fmpq_clear(eps);
}

/* Searches the crossings of f and g once (the cache X->searched). Returns
   0 (*found: how many), or 1 (undecided). */
static int ctx_pair(slab_ctx *X, slong f, slong g, slong *found)
{
    if (f > g) {
        slong t = f;
        f = g, g = t;
    }
    *found = 0;
    if (f == g || X->searched[f * X->n + g])
        return 0;
    X->searched[f * X->n + g] = 1;
    slong before = X->nroots;
    _ct_pexpsum_fn F[2] = {ctx_fn(X, f, 0), ctx_fn(X, g, 0)};
    int rc = ctx_system(X, F, CT_PEXPSUM_EVENT_CROSS, f, g, 0);
    X->S->pairs++;
    X->S->pruned += rc == -1;
    *found = X->nroots - before;
    return rc == 1;
}

/* Every system but the crossings: edges, tangents, the line. */
static int ctx_solve_curves(slab_ctx *X)
{
    for (slong f = 0; f < X->n; f++) {
        for (slong e = 0; e <= 1; e++) {
            _ct_pexpsum_fn F[2] = {ctx_fn(X, f, 0), {NULL, 0, e, -1, NULL, X->prec}};
            if (ctx_system(X, F, CT_PEXPSUM_EVENT_EDGE, f, -1, e) == 1)
                return 1;
        }
        if (ct_pexpsum_is_const_d(X->h + f))
            continue; /* vertical lines only: no tangent system */
        _ct_pexpsum_fn T[2] = {ctx_fn(X, f, 0), ctx_fn(X, f, 1)};
        if (ctx_system(X, T, CT_PEXPSUM_EVENT_TANGENT, f, -1, 0) == 1)
            return 1;
    }
    if (fmpz_poly_degree(X->line) > 0)
        ctx_line(X);
    return 0;
}

/* The all-pairs search (the peer of the sweep): every pair once. */
static int ctx_all_pairs(slab_ctx *X)
{
    slong found;
    for (slong f = 0; f < X->n; f++)
        for (slong g = f + 1; g < X->n; g++)
            if (ctx_pair(X, f, g, &found))
                return 1;
    return 0;
}

/* The largest coefficient's bits over the sums. */
static slong ctx_bits(const ct_pexpsum_struct *h, slong n)
{
    slong bits = 0;
    for (slong f = 0; f < n; f++)
        for (slong t = 0; t < h[f].len; t++)
            bits = FLINT_MAX(bits, FLINT_ABS(fmpz_poly_max_bits(h[f].coef + t)));
    return bits;
}

static void event_init(slab_event *E)
{
    fmpq_init(E->clo), fmpq_init(E->chi), fmpq_init(E->dlo), fmpq_init(E->dhi);
}

static void event_clear(slab_event *E)
{
    fmpq_clear(E->clo), fmpq_clear(E->chi), fmpq_clear(E->dlo), fmpq_clear(E->dhi);
}

static int event_cmp(const void *a, const void *b)
{
    return fmpq_cmp(((const slab_event *)a)->clo, ((const slab_event *)b)->clo);
}

/* The roots as exact events inside [A, B] x [0, 1], plus the two ends. */
static slab_event *ctx_events(slong *ne, const slab_ctx *X, const fmpq_t A,
                              const fmpq_t B)
{
    slab_event *E = flint_malloc((X->nroots + X->nline + 2) * sizeof(slab_event));
    slong n = 0;
    fmpq_t one;
    fmpq_init(one);
    fmpq_one(one);
    for (slong r = 0; r < X->nroots; r++) {
        const _ct_pexpsum_root *R = X->roots + r;
        slab_event *V = E + n;
        event_init(V);
        arf_get_fmpq(V->clo, &R->enc.c0), arf_get_fmpq(V->chi, &R->enc.c1);
        arf_get_fmpq(V->dlo, &R->enc.d0), arf_get_fmpq(V->dhi, &R->enc.d1);
        V->kind = R->kind, V->f = R->f, V->g = R->g, V->e = R->e, V->root = R;
        if (fmpq_cmp(V->chi, A) < 0 || fmpq_cmp(V->clo, B) > 0 || fmpq_sgn(V->dhi) < 0 ||
            fmpq_cmp(V->dlo, one) > 0)
            event_clear(V); /* outside the rectangle: no effect */
        else
            n++;
    }
    for (slong i = 0; i < X->nline; i++) {
        slab_event *V = E + n;
        event_init(V);
        fmpq_set(V->clo, X->line_lo + i), fmpq_set(V->chi, X->line_hi + i);
        fmpq_zero(V->dlo), fmpq_one(V->dhi);
        V->kind = CT_PEXPSUM_EVENT_LINE, V->f = V->g = -1, V->e = 0, V->root = NULL;
        if (fmpq_cmp(V->chi, A) < 0 || fmpq_cmp(V->clo, B) > 0)
            event_clear(V);
        else
            n++;
    }
    for (int k = 0; k < 2; k++) {
        event_init(E + n);
        fmpq_set(E[n].clo, k ? B : A), fmpq_set(E[n].chi, k ? B : A);
        E[n].kind = CT_PEXPSUM_EVENT_END, E[n].root = NULL;
        n++;
    }
    fmpq_clear(one);
    qsort(E, n, sizeof(slab_event), event_cmp);
    *ne = n;
    return E;
}

/* The d of event V's point when it is rational: the edge, or the simplest
   rational in its d-enclosure (an edge when the enclosure holds one). */
static void event_d(fmpq_t d, const slab_event *V)
{
    fmpq_t lo, hi; /* local copies: GCC 12's -Wstringop-overread misreads V's */
    fmpq_init(lo), fmpq_init(hi);
    fmpq_set(lo, V->dlo), fmpq_set(hi, V->dhi);
    if (V->kind == CT_PEXPSUM_EVENT_EDGE)
        fmpq_set_si(d, V->e, 1);
    else if (fmpq_sgn(lo) <= 0 && fmpq_sgn(hi) >= 0)
        fmpq_zero(d);
    else if (fmpq_cmp_ui(lo, 1) <= 0 && fmpq_cmp_ui(hi, 1) >= 0)
        fmpq_one(d);
    else
        ct_rational_simplest_between(d, lo, hi);
    fmpq_clear(lo), fmpq_clear(hi);
}

/* Whether event V is exactly at c = r (proved). */
static int event_at(const slab_ctx *X, const slab_event *V, const fmpq_t r)
{
    if (fmpq_cmp(r, V->clo) < 0 || fmpq_cmp(r, V->chi) > 0)
        return 0;
    if (V->kind == CT_PEXPSUM_EVENT_END)
        return fmpq_equal(r, V->clo);
    if (V->kind == CT_PEXPSUM_EVENT_TANGENT) /* dH/dd: only through Q(rho^d) */
        return _ct_pexpsum_zero_at_rational(X->h + V->f, NULL, r, &V->root->own,
                                            X->div[V->f]);
    fmpq_t v, d;
    fmpq_init(v), fmpq_init(d);
    int ok = 0;
    if (V->kind == CT_PEXPSUM_EVENT_LINE) {
        fmpz_poly_evaluate_fmpq(v, X->line, r);
        ok = fmpq_is_zero(v);
    } else { /* the zero (r, d) */
        event_d(d, V);
        /* on the edge a curve holds, H = 0 says nothing of H / (d - e) */
        int held = (X->div[V->f] >= 0 && fmpq_equal_si(d, X->div[V->f])) ||
                   (V->g >= 0 && X->div[V->g] >= 0 && fmpq_equal_si(d, X->div[V->g]));
        ok = !held && fmpq_cmp(d, V->dlo) >= 0 && fmpq_cmp(d, V->dhi) <= 0 &&
             ct_pexpsum_sign_fmpq(X->h + V->f, r, d) == 0 &&
             (V->kind == CT_PEXPSUM_EVENT_EDGE ||
              ct_pexpsum_sign_fmpq(X->h + V->g, r, d) == 0);
        slong ef = X->div[V->f], eg = V->g >= 0 ? X->div[V->g] : -1;
        if (!ok && V->kind == CT_PEXPSUM_EVENT_CROSS && (ef < 0 || eg < 0 || ef == eg))
            ok = _ct_pexpsum_zero_at_rational(X->h + V->f, X->h + V->g, r, &V->root->own,
                                              ef >= 0 ? ef : eg); /* d irrational */
    }
    fmpq_clear(v), fmpq_clear(d);
    return ok;
}

/* Whether the point of event V (at c = r, proved) is (r, d) with d the
   rational event_d gives (an edge event always; a crossing when both sums
   vanish there exactly; a vertical tangent never: its d is a root of Q'). */
static int event_exact_d(fmpq_t d, const slab_ctx *X, const slab_event *V, const fmpq_t r)
{
    if (V->kind == CT_PEXPSUM_EVENT_TANGENT)
        return 0;
    event_d(d, V);
    return V->kind == CT_PEXPSUM_EVENT_EDGE ||
           (ct_pexpsum_sign_fmpq(X->h + V->f, r, d) == 0 &&
            ct_pexpsum_sign_fmpq(X->h + V->g, r, d) == 0);
}

static int box_in(const _ct_pexpsum_box *A, const _ct_pexpsum_box *B)
{
    return arf_cmp(&A->c0, &B->c0) >= 0 && arf_cmp(&A->c1, &B->c1) <= 0 &&
           arf_cmp(&A->d0, &B->d0) >= 0 && arf_cmp(&A->d1, &B->d1) <= 0;
}

/* Whether curve k vanishes wherever curves f and g both do, near the c of
   the box R: k is f or g, or (f, g, k) are dependent over Q(c) (rank 2 as
   vectors of polynomials over the bases) with alpha H_f + beta H_g + gamma
   H_k = 0, gamma a 2 x 2 minor of (f, g) that Arb shows nonzero on R's c. */
static int on_span(const slab_ctx *X, slong f, slong g, slong k, const _ct_pexpsum_box *R)
{
    if (k == f || k == g)
        return 1;
    const ct_pexpsum_struct *v[3] = {X->h + f, X->h + g, X->h + k};
    fmpz *base = _fmpz_vec_init(v[0]->len + v[1]->len + v[2]->len);
    slong T = 0;
    for (int i = 0; i < 3; i++)
        for (slong t = 0; t < v[i]->len; t++) {
            slong u = 0;
            while (u < T && !fmpz_equal(base + u, v[i]->base + t))
                u++;
            if (u == T)
                fmpz_set(base + T++, v[i]->base + t);
        }
    fmpz_poly_mat_t M;
    fmpz_poly_mat_init(M, T, 3);
    for (int i = 0; i < 3; i++)
        for (slong t = 0; t < v[i]->len; t++)
            for (slong u = 0; u < T; u++)
                if (fmpz_equal(base + u, v[i]->base + t))
                    fmpz_poly_set(fmpz_poly_mat_entry(M, u, i), v[i]->coef + t);
    int ok = fmpz_poly_mat_rank(M) == 2;
    int found = 0;
    if (ok) {
        fmpz_poly_t D, w;
        fmpz_poly_init(D), fmpz_poly_init(w);
        arb_t c, y;
        arb_init(c), arb_init(y);
        arb_set_interval_arf(c, &R->c0, &R->c1, X->prec);
        for (slong s1 = 0; s1 < T && !found; s1++)
            for (slong s2 = s1 + 1; s2 < T && !found; s2++) {
                fmpz_poly_mul(D, fmpz_poly_mat_entry(M, s1, 0),
                              fmpz_poly_mat_entry(M, s2, 1));
                fmpz_poly_mul(w, fmpz_poly_mat_entry(M, s2, 0),
                              fmpz_poly_mat_entry(M, s1, 1));
                fmpz_poly_sub(D, D, w);
                arb_zero(y);
                for (slong j = fmpz_poly_degree(D); j >= 0; j--) {
                    arb_mul(y, y, c, X->prec);
                    arb_add_fmpz(y, y, D->coeffs + j, X->prec);
                }
                found = !fmpz_poly_is_zero(D) && !arb_contains_zero(y);
            }
        fmpz_poly_clear(D), fmpz_poly_clear(w);
        arb_clear(c), arb_clear(y);
    }
    fmpz_poly_mat_clear(M);
    _fmpz_vec_clear(base, v[0]->len + v[1]->len + v[2]->len);
    return found;
}

/* Whether the crossings E[a .. b) are one point p (then lo, hi: the hull of
   their c-enclosures): p, the crossing of the first, lies on every curve
   of the others (on_span) and inside each one's box of uniqueness, so it is
   each one's zero. The three pair curves of one node meet so (F_k - F_l and
   F_l - F_m vanish where F_k - F_m does). */
static int cluster_concurrent(fmpq_t lo, fmpq_t hi, const slab_ctx *X,
                              const slab_event *E, slong a, slong b)
{
    const _ct_pexpsum_root *R = E[a].root;
    for (slong i = a; i < b; i++) {
        if (E[i].kind != CT_PEXPSUM_EVENT_CROSS || X->div[E[i].f] >= 0 ||
            X->div[E[i].g] >= 0)
            return 0; /* (a curve holding an edge: H / (d - e), no relation) */
        if (i > a && (!box_in(&R->enc, &E[i].root->own) ||
                      !on_span(X, R->f, R->g, E[i].f, &R->enc) ||
                      !on_span(X, R->f, R->g, E[i].g, &R->enc)))
            return 0;
    }
    fmpq_set(lo, E[a].clo), fmpq_set(hi, E[a].chi);
    for (slong i = a + 1; i < b; i++)
        if (fmpq_cmp(E[i].chi, hi) > 0)
            fmpq_set(hi, E[i].chi);
    X->S->concurrent += b - a - 1;
    return 1;
}

/* Cluster E[a .. b): one proved rational r (set lo = hi = r, *rational = 1),
   one point of concurrent crossings (*rational = 0), or 1. */
static int cluster_point(fmpq_t lo, fmpq_t hi, int *rational, const slab_ctx *X,
                         const slab_event *E, slong a, slong b)
{
    *rational = 1;
    fmpq_set(lo, E[a].clo), fmpq_set(hi, E[a].chi);
    for (slong i = a + 1; i < b; i++) {
        if (fmpq_cmp(E[i].clo, lo) > 0)
            fmpq_set(lo, E[i].clo);
        if (fmpq_cmp(E[i].chi, hi) < 0)
            fmpq_set(hi, E[i].chi);
    }
    int ok = fmpq_cmp(lo, hi) <= 0;
    if (ok && !fmpq_equal(lo, hi))
        ct_rational_simplest_between(lo, lo, hi);
    for (slong i = a; ok && i < b; i++)
        ok = event_at(X, E + i, lo);
    if (ok) {
        fmpq_set(hi, lo);
        return 0;
    }
    *rational = 0;
    if (cluster_concurrent(lo, hi, X, E, a, b))
        return 0;
    snprintf(X->S->what, sizeof(X->S->what),
             "%ld events (a %s first) in c ~ %.17g that cannot be separated nor proved "
             "at one rational",
             (long)(b - a), kind_name[E[a].kind],
             fmpz_get_d(fmpq_numref(E[a].clo)) / fmpz_get_d(fmpq_denref(E[a].clo)));
    return 1;
}

/* A new vertex at the end of S's list: kind, the box [clo, chi] x [dlo,
   dhi], no curve yet. */
static ct_pexpsum_vertex_struct *vertex_new(ct_pexpsum_slabs_struct *S, slong *cap,
                                            int kind, const fmpq_t clo, const fmpq_t chi,
                                            const fmpq_t dlo, const fmpq_t dhi)
{
    if (S->nvertex == *cap) {
        *cap = 2 * *cap + 8;
        S->vertex = flint_realloc(S->vertex, *cap * sizeof(ct_pexpsum_vertex_struct));
    }
    ct_pexpsum_vertex_struct *V = S->vertex + S->nvertex++;
    V->kind = kind, V->nz = 0;
    V->exact = fmpq_equal(clo, chi) && fmpq_equal(dlo, dhi);
    V->z = flint_malloc(2 * sizeof(slong));
    fmpq_init(V->clo), fmpq_init(V->chi), fmpq_init(V->dlo), fmpq_init(V->dhi);
    fmpq_set(V->clo, clo), fmpq_set(V->chi, chi);
    fmpq_set(V->dlo, dlo), fmpq_set(V->dhi, dhi);
    return V;
}

/* Adds event E's curves to V's z (once each). */
static void vertex_add(ct_pexpsum_vertex_struct *V, const slab_event *E)
{
    slong c[2] = {E->f, E->g};
    for (int i = 0; i < 2; i++) {
        slong k = 0;
        while (k < V->nz && V->z[k] != c[i])
            k++;
        if (c[i] < 0 || k < V->nz)
            continue;
        if ((V->nz & (V->nz - 1)) == 0 && V->nz >= 2) /* capacity: powers of 2 */
            V->z = flint_realloc(V->z, 2 * V->nz * sizeof(slong));
        V->z[V->nz++] = c[i];
    }
}

static int is_vertex_kind(int kind)
{
    return kind == CT_PEXPSUM_EVENT_EDGE || kind == CT_PEXPSUM_EVENT_TANGENT ||
           kind == CT_PEXPSUM_EVENT_CROSS;
}

/* The vertices of cluster E[a .. b) (none when it holds an end of the
   c-range: they lie on its boundary). rational: proved at c = r (each event
   at its own rational point (r, d), merged when equal); else one event, or
   concurrent crossings: one point in the first event's box, on the curves of
   all. Returns 1 (S->what set) when a point's box meets d < 0 or d > 1
   (whether it lies in the square is not known). */
static int cluster_vertices(slab_ctx *X, slong *cap, const slab_event *E, slong a,
                            slong b, int rational, const fmpq_t r)
{
    for (slong i = a; i < b; i++)
        if (E[i].kind == CT_PEXPSUM_EVENT_END)
            return 0;
    ct_pexpsum_slabs_struct *S = X->S;
    slong first = S->nvertex;
    fmpq_t d;
    fmpq_init(d);
    int rc = 0;
    for (slong i = a; i < b && rc == 0; i++) {
        if (!is_vertex_kind(E[i].kind))
            continue;
        ct_pexpsum_vertex_struct *V = NULL;
        if (rational && event_exact_d(d, X, E + i, r)) {
            for (slong v = first; v < S->nvertex && V == NULL; v++)
                if (S->vertex[v].exact && fmpq_equal(S->vertex[v].dlo, d))
                    V = S->vertex + v;
            if (V == NULL)
                V = vertex_new(S, cap, E[i].kind, r, r, d, d);
        } else if (!rational && i > a) {
            V = S->vertex + first; /* concurrent: one point */
        } else {
            if (E[i].kind == CT_PEXPSUM_EVENT_EDGE)
                fmpq_set_si(d, E[i].e, 1);
            V = vertex_new(S, cap, E[i].kind, rational ? r : E[i].clo,
                           rational ? r : E[i].chi,
                           E[i].kind == CT_PEXPSUM_EVENT_EDGE ? d : E[i].dlo,
                           E[i].kind == CT_PEXPSUM_EVENT_EDGE ? d : E[i].dhi);
            if (fmpq_sgn(V->dlo) < 0 || fmpq_cmp_ui(V->dhi, 1) > 0) {
                snprintf(S->what, sizeof(S->what),
                         "a %s near c = %.17g whose box meets an edge: inside the square "
                         "or not is not known",
                         kind_name[E[i].kind], fmpq_get_d(E[i].clo));
                rc = 1;
            }
        }
        vertex_add(V, E + i);
    }
    fmpq_clear(d);
    return rc;
}

/* Slabs between the clusters of the sorted events. */
static int ctx_slabs(slab_ctx *X, slab_event *E, slong ne)
{
    ct_pexpsum_slabs_struct *S = X->S;
    S->lo = _fmpq_vec_init(ne), S->hi = _fmpq_vec_init(ne);
    fmpq_t lo, hi, prev;
    fmpq_init(lo), fmpq_init(hi), fmpq_init(prev);
    int rc = 0, have = 0, rational = 0;
    slong cap = 0;
    for (slong a = 0; a < ne && rc == 0;) {
        slong b = a + 1;
        fmpq_set(hi, E[a].chi);
        while (b < ne && fmpq_cmp(E[b].clo, hi) <= 0) {
            if (fmpq_cmp(E[b].chi, hi) > 0)
                fmpq_set(hi, E[b].chi);
            b++;
        }
        fmpq_set(lo, E[a].clo);
        if (b - a > 1 && (rc = cluster_point(lo, hi, &rational, X, E, a, b)))
            break;
        if ((rc = cluster_vertices(X, &cap, E, a, b, b - a > 1 && rational, lo)))
            break;
        if (have) {
            fmpq_set(S->lo + S->nslab, prev), fmpq_set(S->hi + S->nslab, lo);
            S->nslab++;
        }
        fmpq_set(prev, hi), have = 1;
        a = b;
    }
    fmpq_clear(lo), fmpq_clear(hi), fmpq_clear(prev);
    return rc;
}

/* ---- The kinetic sweep (docs/joint.md, "The sweep") ---- */

/* A zero of curve f on the vertical line at the sample: in [lo, hi]. */
typedef struct {
    slong f;
    fmpq_t lo, hi;
} sweep_zero;

static int zero_cmp(const void *a, const void *b)
{
    return fmpq_cmp(((const sweep_zero *)a)->lo, ((const sweep_zero *)b)->lo);
}

/* Appends the zeros of curve f at c in (0, 1) to *z (*nz, capacity *cap);
   returns 0, or 1 when they cannot be isolated (then f is wild). */
static int sweep_zeros(sweep_zero **z, slong *nz, slong *cap, const slab_ctx *X, slong f,
                       const fmpq_t c)
{
    ct_expsum_t e;
    ct_expsum_init(e);
    _ct_pexpsum_expsum_at(e, X->h + f, c);
    ct_expsum_root_struct *r = NULL;
    slong n = 0;
    int sf, rc = 0;
    fmpq_t ul, uh;
    fmpq_init(ul), fmpq_init(uh);
    if (!ct_expsum_is_zero(e))
        rc = ct_expsum_isolate(&r, &n, &sf, ul, uh, e);
    else
        rc = 1;
    for (slong i = 0; i < n; i++) {
        if (*nz == *cap) {
            *cap = 2 * *cap + 16;
            *z = flint_realloc(*z, *cap * sizeof(sweep_zero));
        }
        sweep_zero *Z = *z + (*nz)++;
        Z->f = f;
        fmpq_init(Z->lo), fmpq_init(Z->hi);
        fmpq_set(Z->lo, r[i].lo), fmpq_set(Z->hi, r[i].hi);
        ct_expsum_root_clear(r + i);
    }
    flint_free(r);
    fmpq_clear(ul), fmpq_clear(uh);
    ct_expsum_clear(e);
    return rc;
}

/* Searches every pair of curves in z[a .. b) x z[c .. d) (f != g). */
static int sweep_block(slab_ctx *X, const sweep_zero *z, slong a, slong b, slong c,
                       slong d, slong *found)
{
    for (slong i = a; i < b; i++)
        for (slong j = c; j < d; j++) {
            slong k;
            if (ctx_pair(X, z[i].f, z[j].f, &k))
                return 1;
            *found += k;
        }
    return 0;
}

/* The vertical line at the rational c (no known event there): its zeros,
   sorted and grouped where their intervals overlap (their order unknown);
   every pair inside a group and between consecutive groups is searched
   (a superset of the adjacent pairs), and a curve whose zeros cannot be
   isolated is paired with every curve. *found: the crossings added. */
static int sweep_line(slab_ctx *X, const fmpq_t c, slong *found)
{
    sweep_zero *z = NULL;
    slong nz = 0, cap = 0;
    int rc = 0;
    for (slong f = 0; f < X->n && rc == 0; f++)
        if (sweep_zeros(&z, &nz, &cap, X, f, c))
            for (slong g = 0; g < X->n && rc == 0; g++) {
                slong k;
                rc = ctx_pair(X, f, g, &k);
                *found += k;
            }
    if (nz > 1) /* qsort needs a valid pointer even for no elements */
        qsort(z, nz, sizeof(sweep_zero), zero_cmp);
    fmpq_t top;
    fmpq_init(top);
    slong pa = 0, pb = 0; /* the previous group */
    for (slong a = 0; a < nz && rc == 0;) {
        slong b = a + 1;
        fmpq_set(top, z[a].hi);
        while (b < nz && fmpq_cmp(z[b].lo, top) <= 0) {
            if (fmpq_cmp(z[b].hi, top) > 0)
                fmpq_set(top, z[b].hi);
            b++;
        }
        rc = sweep_block(X, z, a, b, a, b, found) ||
             sweep_block(X, z, pa, pb, a, b, found);
        pa = a, pb = b, a = b;
    }
    fmpq_clear(top);
    for (slong i = 0; i < nz; i++)
        fmpq_clear(z[i].lo), fmpq_clear(z[i].hi);
    flint_free(z);
    return rc;
}

/* Whether the rational c is one of the n lines already swept. */
static int sweep_seen(const fmpq *seen, slong n, const fmpq_t c)
{
    for (slong i = 0; i < n; i++)
        if (fmpq_equal(seen + i, c))
            return 1;
    return 0;
}

/* Every pair of curves of the crossings in one cluster E[a .. b) (a point
   where three or more curves may meet: two of them need not be adjacent). */
static int sweep_cluster_pairs(slab_ctx *X, const slab_event *E, slong a, slong b,
                               slong *found)
{
    for (slong i = a; i < b; i++)
        for (slong j = a; j < b; j++) {
            if (E[i].kind != CT_PEXPSUM_EVENT_CROSS ||
                E[j].kind != CT_PEXPSUM_EVENT_CROSS)
                continue;
            slong fi[2] = {E[i].f, E[i].g}, fj[2] = {E[j].f, E[j].g}, k;
            for (int u = 0; u < 2; u++)
                for (int v = 0; v < 2; v++) {
                    if (ctx_pair(X, fi[u], fj[v], &k))
                        return 1;
                    *found += k;
                }
        }
    return 0;
}

/* One round over the gaps between the clusters of the known events: a
   vertical line in each gap not swept yet, the pairs of each cluster of
   crossings. *found: the crossings added. */
static int sweep_round(slab_ctx *X, fmpq **seen, slong *nseen, slong *cap, slong *found)
{
    slong ne;
    slab_event *E = ctx_events(&ne, X, X->A, X->B);
    fmpq_t hi, c;
    fmpq_init(hi), fmpq_init(c);
    int rc = 0;
    for (slong a = 0; a < ne && rc == 0;) {
        slong b = a + 1;
        fmpq_set(hi, E[a].chi);
        while (b < ne && fmpq_cmp(E[b].clo, hi) <= 0) {
            if (fmpq_cmp(E[b].chi, hi) > 0)
                fmpq_set(hi, E[b].chi);
            b++;
        }
        rc = sweep_cluster_pairs(X, E, a, b, found);
        if (rc == 0 && b < ne &&
            fmpq_cmp(hi, E[b].clo) < 0) { /* the gap (hi, E[b].clo) */
            ct_rational_simplest_between(c, hi, E[b].clo);
            if (fmpq_equal(c, hi) || fmpq_equal(c, E[b].clo))
                fmpq_add(c, hi, E[b].clo), fmpq_div_2exp(c, c, 1);
            if (!sweep_seen(*seen, *nseen, c)) {
                if (*nseen == *cap) {
                    *seen = flint_realloc(*seen, (2 * *cap + 16) * sizeof(fmpq));
                    for (slong i = *cap; i < 2 * *cap + 16; i++)
                        fmpq_init(*seen + i);
                    *cap = 2 * *cap + 16;
                }
                fmpq_set(*seen + (*nseen)++, c);
                rc = sweep_line(X, c, found);
            }
        }
        a = b;
    }
    fmpq_clear(hi), fmpq_clear(c);
    for (slong i = 0; i < ne; i++)
        event_clear(E + i);
    flint_free(E);
    return rc;
}

/* The kinetic sweep: rounds until no new crossing appears. */
static int ctx_sweep(slab_ctx *X)
{
    fmpq *seen = NULL;
    slong nseen = 0, cap = 0, found;
    int rc;
    do {
        found = 0;
        rc = sweep_round(X, &seen, &nseen, &cap, &found);
    } while (rc == 0 && found > 0);
    _fmpq_vec_clear(seen, cap);
    return rc;
}

int ct_pexpsum_slabs(ct_pexpsum_slabs_t S, const ct_pexpsum_struct *h, slong n,
                     const fmpz_poly_t line, const fmpq_t A, const fmpq_t B)
{
    return ct_pexpsum_slabs_pairs(S, h, n, line, A, B, CT_PEXPSUM_PAIRS_SWEEP);
}

int ct_pexpsum_slabs_pairs(ct_pexpsum_slabs_t S, const ct_pexpsum_struct *h, slong n,
                           const fmpz_poly_t line, const fmpq_t A, const fmpq_t B,
                           int pairs)
{
    slab_ctx X;
    X.h = h, X.n = n, X.line = line, X.S = S, X.A = A, X.B = B;
    X.searched = flint_calloc(FLINT_MAX(n * n, 1), 1);
    X.roots = NULL, X.nroots = X.cap = 0;
    X.line_lo = X.line_hi = NULL, X.nline = 0;
    ct_pexpsum_slabs_clear(S);
    X.cover = NULL;
    X.prec = CT_PEXPSUM_PREC + ctx_bits(h, n);
    X.cache = flint_malloc(FLINT_MAX(n, 1) * sizeof(_ct_pexpsum_cache));
    for (slong f = 0; f < n; f++)
        _ct_pexpsum_cache_init(X.cache + f, h + f, X.prec);
    ctx_cells(&X, A, B);
    int rc = ctx_divs(&X);
    if (rc == 0) {
        ctx_covers(&X);
        rc = ctx_solve_curves(&X);
    }
    if (rc == 0)
        rc = pairs == CT_PEXPSUM_PAIRS_ALL ? ctx_all_pairs(&X) : ctx_sweep(&X);
    if (rc == 0) {
        slong ne;
        slab_event *E = ctx_events(&ne, &X, A, B);
        for (slong i = 0; i < ne; i++)
            if (E[i].kind != CT_PEXPSUM_EVENT_END)
                S->count[E[i].kind]++, S->nevents++;
        rc = ctx_slabs(&X, E, ne);
        for (slong i = 0; i < ne; i++)
            event_clear(E + i);
        flint_free(E);
    }
    for (slong r = 0; r < X.nroots; r++)
        _ct_pexpsum_box_clear(&X.roots[r].own), _ct_pexpsum_box_clear(&X.roots[r].enc);
    flint_free(X.roots);
    flint_free(X.searched);
    flint_free(X.cover);
    flint_free(X.div);
    if (X.line_lo != NULL) {
        _fmpq_vec_clear(X.line_lo, FLINT_MAX(X.nline, 1));
        _fmpq_vec_clear(X.line_hi, FLINT_MAX(X.nline, 1));
    }
    for (slong f = 0; f < n; f++)
        _ct_pexpsum_cache_clear(X.cache + f);
    flint_free(X.cache);
    for (slong k = 0; k < CT_PEXPSUM_GRID * CT_PEXPSUM_GRID; k++)
        _ct_pexpsum_box_clear(X.cell + k);
    return rc;
}

int ct_pexpsum_box_clear(const ct_pexpsum_struct *h, slong n, const fmpz_poly_t line,
                         const fmpq_t c, const fmpq_t d, const fmpq_t r)
{
    arb_t cb, db, rb, y, p;
    arb_init(cb), arb_init(db), arb_init(rb), arb_init(y), arb_init(p);
    slong prec = CT_PEXPSUM_PREC + ctx_bits(h, n);
    arb_set_fmpq(rb, r, prec);
    arb_set_fmpq(cb, c, prec);
    arb_set_fmpq(db, d, prec);
    arb_add_error(cb, rb), arb_add_error(db, rb); /* balls containing the box */
    int ok = 1;
    for (slong f = 0; ok && f < n; f++) {
        ct_pexpsum_eval_arb(y, h + f, cb, db, 0, 0, prec);
        ok = !arb_contains_zero(y);
    }
    if (ok && fmpz_poly_degree(line) > 0) {
        arb_zero(y);
        for (slong k = fmpz_poly_degree(line); k >= 0; k--) {
            arb_mul(y, y, cb, prec);
            arb_add_fmpz(y, y, line->coeffs + k, prec);
        }
        ok = !arb_contains_zero(y);
    }
    arb_clear(cb), arb_clear(db), arb_clear(rb), arb_clear(y), arb_clear(p);
    return ok;
}

/* The sign of H at a vertex on the edge d = e: that of the polynomial
   sum_t P_t B_t^e (0 when it is zero: H holds the edge), by Arb on the
   vertex's c, 2 when undecided. */
static int sign_edge(const ct_pexpsum_t h, slong e, const ct_pexpsum_vertex_struct *V)
{
    fmpz_poly_t s, t;
    fmpz_poly_init(s), fmpz_poly_init(t);
    for (slong k = 0; k < h->len; k++) {
        fmpz_poly_scalar_mul_fmpz(t, h->coef + k, h->base + k);
        fmpz_poly_add(s, s, e ? t : h->coef + k);
    }
    int r = 0;
    if (!fmpz_poly_is_zero(s)) {
        slong prec = CT_PEXPSUM_PREC + FLINT_ABS(fmpz_poly_max_bits(s));
        arb_t c, y;
        arb_init(c), arb_init(y);
        arb_set_fmpq(c, V->clo, prec), arb_set_fmpq(y, V->chi, prec);
        arb_union(c, c, y, prec);
        _ct_pexpsum_poly_der(y, s, c, 0, prec);
        r = arb_is_positive(y) ? 1 : arb_is_negative(y) ? -1 : 2;
        arb_clear(c), arb_clear(y);
    }
    fmpz_poly_clear(s), fmpz_poly_clear(t);
    return r;
}

int ct_pexpsum_sign_vertex(const ct_pexpsum_t h, slong curve,
                           const ct_pexpsum_vertex_struct *V)
{
    if (ct_pexpsum_is_zero(h))
        return 0;
    if (V->exact)
        return ct_pexpsum_sign_fmpq(h, V->clo, V->dlo);
    for (slong k = 0; curve >= 0 && k < V->nz; k++)
        if (V->z[k] == curve)
            return 0;
    if (fmpq_equal(V->dlo, V->dhi) && (fmpq_is_zero(V->dlo) || fmpq_is_one(V->dlo)))
        return sign_edge(h, fmpq_is_one(V->dlo), V);
    slong prec = CT_PEXPSUM_PREC + ctx_bits(h, 1);
    arb_t c, d, y;
    arb_init(c), arb_init(d), arb_init(y);
    arb_set_fmpq(c, V->clo, prec), arb_set_fmpq(y, V->chi, prec);
    arb_union(c, c, y, prec);
    arb_set_fmpq(d, V->dlo, prec), arb_set_fmpq(y, V->dhi, prec);
    arb_union(d, d, y, prec);
    ct_pexpsum_eval_arb(y, h, c, d, 0, 0, prec);
    int s = arb_is_positive(y) ? 1 : arb_is_negative(y) ? -1 : 2;
    arb_clear(c), arb_clear(d), arb_clear(y);
    return s;
}
