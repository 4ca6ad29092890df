/* gen: seeded random instances, built in memory (tests and benchmarks). */
#include <stdio.h>
#include <string.h>
#include <flint/ulong_extras.h>
#include <flint/fmpq_vec.h>
#include "certune/gen.h"

void ct_gen_params_init(ct_gen_params_t P, slong n, slong c)
{
    P->n = n;
    P->c = c;
    P->p = 0.3;
    P->p_out = 0.05;
    P->sbm = 0;
    P->connected = 0;
    P->labeled = 0.25;
    P->held = 1.0;
    P->weight = CT_GEN_WEIGHT_SMALL;
    P->knn = 0;
    P->grid = 0;
}

/* A uniform double in [0, 1). */
static double gen_rand_unit(flint_rand_t state)
{
    return (double)(n_randlimb(state) >> 11) * (1.0 / 9007199254740992.0);
}

/* A uniform integer in [0, k), k >= 1. */
static slong gen_rand_below(flint_rand_t state, slong k)
{
    return (slong)n_randint(state, (ulong)k);
}

/* Fills perm with a uniformly random permutation of 0..n-1. */
static void gen_rand_perm(slong *perm, slong n, flint_rand_t state)
{
    slong i, j, t;

    for (i = 0; i < n; i++)
        perm[i] = i;
    for (i = n - 1; i > 0; i--) {
        j = gen_rand_below(state, i + 1);
        t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
}

/* Rounds x * total to the nearest count, clamped to [lo, hi]. */
static slong gen_count(double x, slong total, slong lo, slong hi)
{
    slong k = (slong)(x * (double)total + 0.5);

    if (k < lo)
        k = lo;
    if (k > hi)
        k = hi;
    return k;
}

static void gen_weight_draw(fmpq_t w, ct_gen_weight_t kind, flint_rand_t state)
{
    slong num;

    if (kind == CT_GEN_WEIGHT_MIXED)
        kind = (ct_gen_weight_t)gen_rand_below(state, 4);
    switch (kind) {
    case CT_GEN_WEIGHT_SMALL:
        fmpq_set_si(w, 1 + gen_rand_below(state, 9), 1);
        break;
    case CT_GEN_WEIGHT_RATIONAL:
        /* two statements: argument evaluation order is unspecified */
        num = 1 + gen_rand_below(state, 20);
        fmpq_set_si(w, num, 1 + gen_rand_below(state, 20));
        break;
    case CT_GEN_WEIGHT_DECIMAL:
        fmpq_set_si(w, 1 + gen_rand_below(state, 999), 100);
        break;
    default:
        fmpq_one(w);
        break;
    }
}

/* Draws the adjacency (n * n bytes, symmetric) and returns the edge count. */
static slong gen_edges_draw(unsigned char *adj, const slong *block,
                            const ct_gen_params_t P, flint_rand_t state)
{
    slong n = P->n, i, u, v, m = 0;
    slong *perm;
    double p;

    if (P->connected && n > 1) {
        perm = flint_malloc(n * sizeof(slong));
        gen_rand_perm(perm, n, state);
        for (i = 1; i < n; i++) {
            u = perm[i];
            v = perm[gen_rand_below(state, i)];
            adj[u * n + v] = adj[v * n + u] = 1;
            m++;
        }
        flint_free(perm);
    }
    for (u = 0; u < n; u++) {
        for (v = u + 1; v < n; v++) {
            p = (P->sbm && block[u] != block[v]) ? P->p_out : P->p;
            if (!adj[u * n + v] && gen_rand_unit(state) < p) {
                adj[u * n + v] = adj[v * n + u] = 1;
                m++;
            }
        }
    }
    return m;
}

/* Chooses the labeled nodes and their classes (truth[] is the block in an SBM,
   or -1 everywhere). */
static void gen_labels_draw(slong *label, const slong *truth, slong nlab,
                            const ct_gen_params_t P, flint_rand_t state)
{
    slong n = P->n, c = P->c, i, k, chosen = 0;
    slong *perm = flint_malloc(n * sizeof(slong));

    for (i = 0; i < n; i++)
        label[i] = -1;
    gen_rand_perm(perm, n, state);
    if (P->sbm) {
        /* one node of each block first, when there is room */
        for (k = 0; k < c && chosen < nlab; k++) {
            for (i = 0; i < n; i++) {
                if (truth[perm[i]] == k && label[perm[i]] < 0) {
                    label[perm[i]] = k;
                    chosen++;
                    break;
                }
            }
        }
        for (i = 0; i < n && chosen < nlab; i++) {
            if (label[perm[i]] < 0) {
                label[perm[i]] = truth[perm[i]];
                chosen++;
            }
        }
    } else {
        for (i = 0; i < nlab; i++)
            label[perm[i]] = (i < c) ? i : gen_rand_below(state, c);
    }
    flint_free(perm);
}

/* Chooses the held-out nodes among the unlabeled ones. */
static void gen_held_draw(slong *held, const slong *label, const slong *truth, slong nlab,
                          const ct_gen_params_t P, flint_rand_t state)
{
    slong n = P->n, i, j, rest = n - nlab, nheld;
    slong *perm = flint_malloc(n * sizeof(slong));

    nheld = gen_count(P->held, rest, (P->held > 0 && rest > 0) ? 1 : 0, rest);
    for (i = 0; i < n; i++)
        held[i] = -1;
    gen_rand_perm(perm, n, state);
    for (i = j = 0; i < n && j < nheld; i++) {
        if (label[perm[i]] >= 0)
            continue;
        held[perm[i]] = P->sbm ? truth[perm[i]] : gen_rand_below(state, P->c);
        j++;
    }
    flint_free(perm);
}

void ct_gen_instance_init(ct_instance_t inst, const char *name, slong n, slong c,
                          slong nedges)
{
    slong i;

    memset(inst, 0, sizeof(ct_instance_struct));
    inst->path = flint_malloc(strlen(name) + 1);
    strcpy(inst->path, name);
    inst->n = n;
    inst->c = c;
    inst->nedges = nedges;
    inst->eu = flint_calloc(FLINT_MAX(nedges, 1), sizeof(slong));
    inst->ev = flint_calloc(FLINT_MAX(nedges, 1), sizeof(slong));
    inst->ew = flint_malloc(FLINT_MAX(nedges, 1) * sizeof(fmpq));
    for (i = 0; i < nedges; i++)
        fmpq_init(inst->ew + i);
    inst->label = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    inst->held = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    for (i = 0; i < n; i++)
        inst->label[i] = inst->held[i] = -1;
    inst->dfeat = 0;
    inst->feat = NULL;
}

void ct_gen_knn_graph(ct_instance_t inst, const char *name, const fmpq *x, const fmpq *y,
                      slong n, slong c, slong k)
{
    slong u, v, j, t, best, m = 0;
    fmpq *d2 = _fmpq_vec_init(FLINT_MAX(n * n, 1));
    unsigned char *adj = flint_calloc(n * n + 1, 1), *taken = flint_calloc(n + 1, 1);
    fmpq_t dx, dy;

    fmpq_init(dx);
    fmpq_init(dy);
    k = FLINT_MAX(0, FLINT_MIN(k, n - 1));
    /* exact squared distances, symmetric */
    for (u = 0; u < n; u++) {
        for (v = u + 1; v < n; v++) {
            fmpq_sub(dx, x + u, x + v);
            fmpq_sub(dy, y + u, y + v);
            fmpq_mul(dx, dx, dx);
            fmpq_mul(dy, dy, dy);
            fmpq_add(d2 + u * n + v, dx, dy);
            fmpq_set(d2 + v * n + u, d2 + u * n + v);
        }
    }
    /* the k nearest of each u: k passes of "smallest not yet taken", the
       smaller index first among equal distances */
    for (u = 0; u < n; u++) {
        memset(taken, 0, n);
        taken[u] = 1;
        for (t = 0; t < k; t++) {
            best = -1;
            for (j = 0; j < n; j++) {
                if (!taken[j] &&
                    (best < 0 || fmpq_cmp(d2 + u * n + j, d2 + u * n + best) < 0))
                    best = j;
            }
            taken[best] = 1;
            if (!adj[u * n + best]) {
                adj[u * n + best] = adj[best * n + u] = 1;
                m++;
            }
        }
    }
    ct_gen_instance_init(inst, name, n, c, m);
    for (u = 0, j = 0; u < n; u++) {
        for (v = u + 1; v < n; v++) {
            if (!adj[u * n + v])
                continue;
            inst->eu[j] = u;
            inst->ev[j] = v;
            /* 1 / (1 + d^2) */
            fmpq_add_si(inst->ew + j, d2 + u * n + v, 1);
            fmpq_inv(inst->ew + j, inst->ew + j);
            j++;
        }
    }
    fmpq_clear(dx);
    fmpq_clear(dy);
    flint_free(adj);
    flint_free(taken);
    _fmpq_vec_clear(d2, FLINT_MAX(n * n, 1));
}

/* The kNN model of ct_gen_instance_rand (P->knn > 0). */
static void gen_knn_rand(ct_instance_t inst, const ct_gen_params_t P, flint_rand_t state,
                         const char *name)
{
    slong n = P->n, i, nlab, grid = P->grid;
    fmpq *x = _fmpq_vec_init(FLINT_MAX(n, 1)), *y = _fmpq_vec_init(FLINT_MAX(n, 1));
    slong *truth = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    ct_gen_params_t Q;

    if (grid <= 0) /* the smallest g with g^2 >= 4 n: about 4 sites per point */
        for (grid = 1; grid * grid < 4 * n; grid++)
            ;
    for (i = 0; i < n; i++) {
        /* two statements: the x draw comes first */
        fmpq_set_si(x + i, gen_rand_below(state, grid + 1), 1);
        fmpq_set_si(y + i, gen_rand_below(state, grid + 1), 1);
        truth[i] = -1;
    }
    ct_gen_knn_graph(inst, name, x, y, n, P->c, P->knn);
    Q[0] = P[0];
    Q->sbm = 0;
    nlab =
        gen_count(P->labeled, n, (P->labeled > 0 && n > 0) ? 1 : 0, n >= 2 ? n - 1 : n);
    gen_labels_draw(inst->label, truth, nlab, Q, state);
    gen_held_draw(inst->held, inst->label, truth, nlab, Q, state);
    flint_free(truth);
    _fmpq_vec_clear(x, FLINT_MAX(n, 1));
    _fmpq_vec_clear(y, FLINT_MAX(n, 1));
}

void ct_gen_instance_rand(ct_instance_t inst, const ct_gen_params_t P, flint_rand_t state,
                          const char *name)
{
    slong n = P->n, c = P->c, i, u, v, m, nlab;
    slong *truth, *perm;
    unsigned char *adj;

    if (name == NULL)
        name = "random";
    if (P->knn > 0) {
        gen_knn_rand(inst, P, state, name);
        return;
    }
    /* planted blocks, balanced (or none) */
    truth = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    perm = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    gen_rand_perm(perm, n, state);
    for (i = 0; i < n; i++)
        truth[perm[i]] = P->sbm ? i % c : -1;
    flint_free(perm);

    adj = flint_calloc(n * n + 1, 1);
    m = gen_edges_draw(adj, truth, P, state);
    ct_gen_instance_init(inst, name, n, c, m);
    for (u = 0, i = 0; u < n; u++) {
        for (v = u + 1; v < n; v++) {
            if (!adj[u * n + v])
                continue;
            inst->eu[i] = u;
            inst->ev[i] = v;
            gen_weight_draw(inst->ew + i, P->weight, state);
            i++;
        }
    }
    flint_free(adj);

    nlab =
        gen_count(P->labeled, n, (P->labeled > 0 && n > 0) ? 1 : 0, n >= 2 ? n - 1 : n);
    gen_labels_draw(inst->label, truth, nlab, P, state);
    gen_held_draw(inst->held, inst->label, truth, nlab, P, state);
    flint_free(truth);
}

void ct_gen_instance(ct_instance_t inst, const ct_gen_params_t P, ulong seed, slong k)
{
    flint_rand_t state;
    char name[64];

    flint_randinit(state);
    flint_randseed(state, seed * UWORD(2654435761) + 12345, (ulong)k + 1);
    snprintf(name, sizeof(name), "random-%lu-%ld", (unsigned long)seed, (long)k);
    ct_gen_instance_rand(inst, P, state, name);
    flint_randclear(state);
}

/* The delta gadget (paper's lemma, docs/delta.md), also alpha's graph. */
void ct_gen_shatter_star_gadget(ct_instance_t inst, slong g, const fmpq_t x, slong truth)
{
    slong a = 4 * g, e = 3 * g;
    inst->eu[e] = a, inst->ev[e] = a + 1, fmpq_one(inst->ew + e);
    inst->eu[e + 1] = a, inst->ev[e + 1] = a + 2, fmpq_one(inst->ew + e + 1);
    inst->eu[e + 2] = a, inst->ev[e + 2] = a + 3, fmpq_set(inst->ew + e + 2, x);
    inst->label[a] = 0;
    inst->label[a + 1] = inst->label[a + 2] = 1;
    inst->held[a + 3] = truth;
}
