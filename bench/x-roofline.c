/* x-roofline: the measured roofline of a GCN epoch on Cora (make bench-roofline;
   docs/gnn.md, "Speed: the roofline of a GCN epoch"). Usage:
     x-roofline [CORA_DIR [EPOCHS]]     (default ../shared/datasets/cora, 2000)
   Prints markdown tables:
   1. this machine, measured here: read and triad bandwidth with working sets
      in L1, L2, L3 and DRAM, and the peak rate of 4-lane multiplies and adds
      (the instructions of certune's kernels, which use no fused multiply-add),
      each the best of several timed repetitions, the rate of the generator
      behind dropout, and Cora's feature product as a gather of 128-byte rows;
   2. one GCN epoch (the training step of `certune gnn train` and its
      evaluation pass), phase by phase: the flops and the bytes each phase
      must move, counted from Cora's matrices and the rows each pass computes,
      the phase's kernel timed alone (best of R calls), and its floor;
   3. the whole epoch, timed (min and median over EPOCHS epochs of the same
      loop as ct_gnn_train_run), against the floors of the whole.
   The "peer" of every figure is the machine's own measured limit in the same
   run (the ratio columns). Without the dataset it prints SKIP and exits 0. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "certune/dataset.h"
#include "certune/gnn_adam.h"
#include "certune/gnn_csr.h"
#include "certune/gnn_graph.h"
#include "certune/gnn_model.h"
#include "certune/gnn_ops.h"
#include "certune/gnn_rand.h"
#include "certune/mem.h"

#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__)
#define GNN_KERNEL __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define GNN_KERNEL
#endif

typedef double v4d __attribute__((vector_size(32)));
typedef double v4du __attribute__((vector_size(32), aligned(8), may_alias));
#define ld4(p) (*(const v4du *)(p))
#define st4(p, v) (*(v4du *)(p) = (v))
#define bc4(x) ((v4d){(x), (x), (x), (x)})

static volatile double sink;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- 1. the machine ---- */

/* Sum of m doubles (m a multiple of 16): four independent vector chains. */
GNN_KERNEL static double bw_read(const double *a, slong m)
{
    v4d s0 = bc4(0.0), s1 = s0, s2 = s0, s3 = s0;
    for (slong i = 0; i < m; i += 16) {
        s0 += ld4(a + i);
        s1 += ld4(a + i + 4);
        s2 += ld4(a + i + 8);
        s3 += ld4(a + i + 12);
    }
    v4d s = (s0 + s1) + (s2 + s3);
    return s[0] + s[1] + s[2] + s[3];
}

/* a = b + s c (STREAM's triad), m a multiple of 4. */
GNN_KERNEL static void bw_triad(double *a, const double *b, const double *c, double s,
                                slong m)
{
    v4d vs = bc4(s);
    for (slong i = 0; i < m; i += 4)
        st4(a + i, ld4(b + i) + vs * ld4(c + i));
}

/* iters rounds of 6 independent 4-lane multiply chains and 6 add chains:
   48 flops a round, as many multiplies as adds (the kernels' mix). */
GNN_KERNEL static double peak_muladd(slong iters)
{
    v4d m0 = bc4(1.0), m1 = m0, m2 = m0, m3 = m0, m4 = m0, m5 = m0;
    v4d a0 = bc4(0.0), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0;
    const v4d f = bc4(1.0000000001), g = bc4(1e-9);
    for (slong it = 0; it < iters; it++) {
        m0 *= f, m1 *= f, m2 *= f, m3 *= f, m4 *= f, m5 *= f;
        a0 += g, a1 += g, a2 += g, a3 += g, a4 += g, a5 += g;
    }
    v4d s = ((m0 + m1) + (m2 + m3)) + ((m4 + m5) + ((a0 + a1) + (a2 + a3)) + (a4 + a5));
    return s[0] + s[1] + s[2] + s[3];
}

/* Best seconds of reps calls of one sweep over m doubles. */
static double time_read(const double *a, slong m, int reps)
{
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t = now();
        sink = bw_read(a, m);
        t = now() - t;
        best = t < best ? t : best;
    }
    return best;
}

static double time_triad(double *a, const double *b, const double *c, slong m, int reps)
{
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t = now();
        bw_triad(a, b, c, 1.5, m);
        t = now() - t;
        best = t < best ? t : best;
        sink = a[r % m];
    }
    return best;
}

typedef struct {
    double bw_read[4], bw_triad[4]; /* bytes/s at L1, L2, L3, DRAM */
    double peak;                    /* flops/s */
    double rand_per_s;              /* generator draws/s */
} machine_t;

static const slong level_bytes[4] = {16 << 10, 512 << 10, 8 << 20, 512 << 20};

static void measure_bandwidth(machine_t *mc)
{
    for (int l = 0; l < 4; l++) {
        slong m = level_bytes[l] / 8 / 3; /* triad: three arrays in the set */
        m -= m % 16;
        double *a = ct_mem_malloc(sizeof(double) * (size_t)(3 * m));
        for (slong i = 0; i < 3 * m; i++)
            a[i] = 1.0 + (double)(i % 7);
        /* enough sweeps that the best one is well above the clock's grain */
        int reps = l == 3 ? 8 : (int)(2e8 / (double)level_bytes[l]) + 8;
        double tr = time_read(a, 3 * m, reps);
        double tt = time_triad(a, a + m, a + 2 * m, m, reps);
        mc->bw_read[l] = 3.0 * (double)m * 8 / tr;
        mc->bw_triad[l] = 3.0 * (double)m * 8 / tt; /* STREAM counts 3 arrays */
        free(a);
    }
}

static void measure_peak_and_rand(machine_t *mc)
{
    slong iters = 2000000;
    double best = 1e30;
    for (int r = 0; r < 20; r++) {
        double t = now();
        sink = peak_muladd(iters);
        t = now() - t;
        best = t < best ? t : best;
    }
    mc->peak = 48.0 * (double)iters / best;
    ct_gnn_rand_t R;
    ct_gnn_rand_init(R, 1);
    best = 1e30;
    slong draws = 1000000;
    for (int r = 0; r < 10; r++) {
        uint64_t x = 0;
        double t = now();
        for (slong i = 0; i < draws; i++)
            x ^= ct_gnn_rand_u64(R);
        t = now() - t;
        sink = (double)x;
        best = t < best ? t : best;
    }
    mc->rand_per_s = (double)draws / best;
}

static void print_machine(const machine_t *mc)
{
    printf("## This machine (best of repeated runs, one thread)\n\n");
    printf("| kernel | L1 (16 KiB) | L2 (512 KiB) | L3 (8 MiB) | DRAM (512 MiB) |\n");
    printf("|---|---|---|---|---|\n");
    printf("| read, GB/s |");
    for (int l = 0; l < 4; l++)
        printf(" %.1f |", mc->bw_read[l] / 1e9);
    printf("\n| triad a = b + s c, GB/s (3 arrays counted) |");
    for (int l = 0; l < 4; l++)
        printf(" %.1f |", mc->bw_triad[l] / 1e9);
    printf(
        "\n\npeak of 4-lane multiplies and adds (no FMA, as the kernels): %.1f GFLOP/s; "
        "dropout generator (xoshiro256**): %.0f M draws/s\n\n",
        mc->peak / 1e9, mc->rand_per_s / 1e6);
}

/* ---- 2. the epoch ---- */

typedef struct {
    ct_dataset_t D;
    ct_gnn_csr_t X, A;
    ct_gnn_model_t M;
    ct_gnn_adam_t opt;
    ct_gnn_rand_t R;
    signed char *split, *train_rows;
    double *dlogits;
} gcn_run;

/* The model and optimizer as ct_gnn_train_run builds them for GCN, seed 0. */
static int run_init(gcn_run *g, const char *dir)
{
    char err[600];
    if (ct_dataset_load(g->D, dir, err, sizeof(err)) || g->D->nsplits != 1)
        return -1;
    slong n = g->D->n;
    ct_gnn_csr_set_features(g->X, g->D, 1);
    ct_gnn_graph_init_gcn(g->A, g->D);
    ct_gnn_arch_struct arch;
    ct_gnn_model_arch_init(&arch, CT_GNN_GCN);
    ct_gnn_rand_init(g->R, 0);
    ct_gnn_model_init(g->M, &arch, g->X, g->A, g->D->nclass, g->R);
    g->M->prefetch = 1;
    g->split = g->D->split;
    g->train_rows = ct_mem_malloc((size_t)n + 1);
    for (slong i = 0; i < n; i++)
        g->train_rows[i] = g->D->label[i] >= 0 && g->split[i] == CT_DATASET_TRAIN;
    ct_gnn_model_set_loss_rows(g->M, g->A, g->train_rows);
    ct_gnn_model_set_weight_decay(g->M, 5e-4, 0.0);
    ct_gnn_adam_init(g->opt, g->M->nparam, 0.01);
    g->dlogits = ct_mem_malloc(sizeof(double) * (size_t)(n * g->D->nclass + 1));
    return 0;
}

static void run_clear(gcn_run *g)
{
    free(g->dlogits);
    free(g->train_rows);
    ct_gnn_adam_clear(g->opt);
    ct_gnn_model_clear(g->M);
    ct_gnn_csr_clear(g->X);
    ct_gnn_csr_clear(g->A);
    ct_dataset_clear(g->D);
}

/* The parts of an epoch, timed apart. */
#define NPARTS 7
static const char *part_name[NPARTS] = {
    "training forward pass (loss rows only)",
    "training loss and its gradient",
    "backward pass",
    "Adam",
    "evaluation forward pass (all rows, and the next step's X_kept U)",
    "validation loss and accuracies",
    "epoch"};

/* One epoch of ct_gnn_train_run: the training step, then the evaluation
   pass with what the loop reads from it. t[k] gets part k's seconds. */
static void run_epoch(gcn_run *g, double *t)
{
    slong n = g->D->n, C = g->D->nclass;
    const slong *y = g->D->label;
    double c[NPARTS];
    c[0] = now();
    ct_gnn_model_forward(g->M, g->X, g->A, 1, g->R);
    c[1] = now();
    sink = ct_gnn_ops_xent(g->dlogits, g->M->logits, n, C, y, g->split, CT_DATASET_TRAIN);
    c[2] = now();
    ct_gnn_model_backward(g->M, g->X, g->A, g->dlogits);
    c[3] = now();
    ct_gnn_adam_step(g->opt, g->M->param, g->M->grad, g->M->wd);
    c[4] = now();
    ct_gnn_model_forward(g->M, g->X, g->A, 0, g->R);
    c[5] = now();
    sink = ct_gnn_ops_xent(NULL, g->M->logits, n, C, y, g->split, CT_DATASET_VAL);
    sink = ct_gnn_ops_accuracy(g->M->logits, n, C, y, g->split, CT_DATASET_VAL);
    sink = ct_gnn_ops_accuracy(g->M->logits, n, C, y, g->split, CT_DATASET_TEST);
    double end = now();
    for (int k = 0; k < NPARTS - 1; k++)
        t[k] = (k + 1 < NPARTS - 1 ? c[k + 1] : end) - c[k];
    t[NPARTS - 1] = end - c[0];
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static slong count_rows(const signed char *rows, slong n)
{
    slong c = 0;
    for (slong i = 0; i < n; i++)
        c += rows == NULL || rows[i];
    return c;
}

/* Nonzeros of A in the rows flagged (all when rows is NULL). */
static slong count_nnz(const ct_gnn_csr_struct *A, const signed char *rows)
{
    slong c = 0;
    for (slong i = 0; i < A->nrows; i++)
        if (rows == NULL || rows[i])
            c += A->rowptr[i + 1] - A->rowptr[i];
    return c;
}

/* A phase: its work and its kernel's best time alone. */
typedef struct {
    const char *name;
    double flops, bytes, gather; /* compulsory bytes; bytes of U/Z rows gathered */
    double secs;
} phase_t;

#define PHASE_REPS 200

/* The kernels of the phases that dominate, called as the epoch calls them,
   on scratch outputs (the model is left as it was). */
typedef struct {
    gcn_run *g;
    ct_gnn_csr_t K;
    double *Y, *YK, *T, *dU, *P;
    ct_gnn_rand_t R;
} phase_ctx;

static double best_of(void (*f)(phase_ctx *, int), phase_ctx *c, int which)
{
    double best = 1e30;
    for (int r = 0; r < PHASE_REPS; r++) {
        double t = now();
        f(c, which);
        t = now() - t;
        best = t < best ? t : best;
    }
    return best;
}

static void call_phase(phase_ctx *c, int which)
{
    ct_gnn_model_struct *M = c->g->M;
    const ct_gnn_layer_struct *L0 = M->layer, *L1 = M->layer + 1;
    slong H = L0->heads * L0->fout, C = M->nclass;
    switch (which) {
    case 0: /* evaluation: X U, and the next step's X_kept U (dropout drawn) */
        ct_gnn_ops_csr_dropout_mul(c->K, c->YK, c->Y, c->g->X, M->arch.dropout, c->R,
                                   L0->U, H, L0->zneed);
        break;
    case 1: /* evaluation: A Z, all rows */
        ct_gnn_csr_mul_dense(c->T, c->g->A, NULL, L0->Z, H);
        break;
    case 2: /* training: A Z on the rows of the loss's receptive field */
        ct_gnn_csr_mul_rows(c->T, c->g->A, NULL, L0->Z, H, L0->need);
        break;
    case 3: /* backward: dZ = A dout, on the rows X_kept^T dZ reads */
        ct_gnn_csr_mul_rows(c->T, c->g->A, NULL, L0->dout, H, L0->zneed);
        break;
    case 4: /* backward: dU += X_kept^T dZ */
        ct_gnn_csr_tmul_rows_add(c->dU, L0->xkept, NULL, L0->dZ, H, L0->zneed);
        break;
    case 5: /* evaluation: the output layer's A Z, all rows */
        ct_gnn_csr_mul_dense(c->T, c->g->A, NULL, L1->Z, C);
        break;
    default: /* Adam on every parameter (of a copy; the run is over) */
        ct_gnn_adam_step(c->g->opt, c->P, M->grad, M->wd);
    }
}

/* The neighbours of the flagged rows (A has self-loops): a new array. */
static signed char *neighbours(const ct_gnn_csr_struct *A, const signed char *rows)
{
    signed char *out = ct_mem_calloc((size_t)A->nrows + 1, 1);
    for (slong i = 0; i < A->nrows; i++)
        if (rows[i])
            for (slong p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
                out[A->col[p]] = 1;
    return out;
}

/* Work of each phase, counted from the matrices and the rows computed: a
   flop is one multiply or add; bytes are those of the arrays each kernel
   must read and write once (indices are 8-byte slong), gather the bytes of
   the rows of U, Z or dU it fetches per nonzero (from cache: U is 183 KiB). */
static void count_phases(phase_t *ph, const gcn_run *g)
{
    const ct_gnn_model_struct *M = g->M;
    const ct_gnn_layer_struct *L0 = M->layer;
    const ct_gnn_csr_struct *X = g->X, *A = g->A, *K = L0->xkept;
    double n = (double)M->n, F = (double)M->nfeat, H = 16, C = (double)M->nclass;
    double nx = (double)count_nnz(X, NULL), na = (double)count_nnz(A, NULL);
    const signed char *need0 = L0->need, *zneed0 = L0->zneed;
    double r_need = (double)count_rows(need0, M->n),
           r_z = (double)count_rows(zneed0, M->n);
    double kept_z = (double)count_nnz(K, zneed0), kept = (double)count_nnz(K, NULL);
    signed char *nz = neighbours(A, zneed0);
    double r_nz = (double)count_rows(nz, M->n);
    free(nz);
    double a_need = (double)count_nnz(A, need0), a_z = (double)count_nnz(A, zneed0);
    ph[0] = (phase_t){
        "evaluation: X U and the next step's X_kept U (fused)", 2 * H * (nx + kept_z),
        16 * nx + 8 * (n + 1) + 8 * F * H + 8 * H * (n + r_z) + 16 * kept + 8 * (n + 1),
        8 * H * nx, 0};
    ph[1] = (phase_t){"evaluation: A Z (16 columns, all rows)", 2 * H * na,
                      16 * na + 8 * (n + 1) + 2 * 8 * H * n, 8 * H * na, 0};
    ph[2] =
        (phase_t){"training: A Z on the loss's receptive field", 2 * H * a_need,
                  16 * a_need + 8 * r_need + 8 * H * (r_z + r_need), 8 * H * a_need, 0};
    ph[3] = (phase_t){"backward: dZ = A dout, rows X_kept^T dZ reads", 2 * H * a_z,
                      16 * a_z + 8 * r_z + 8 * H * (r_nz + r_z), 8 * H * a_z, 0};
    ph[4] = (phase_t){"backward: dU += X_kept^T dZ", 2 * H * kept_z,
                      16 * kept_z + 8 * r_z + 8 * H * r_z + 2 * 8 * F * H,
                      2 * 8 * H * kept_z, 0};
    ph[5] = (phase_t){"evaluation: A Z (7 columns, all rows)", 2 * C * na,
                      16 * na + 8 * (n + 1) + 2 * 8 * C * n, 8 * C * na, 0};
    double np = (double)M->nparam;
    /* Adam: 15 flops a parameter (decay, two moments, sqrt, scale, divide,
       step); reads param, grad, wd, m, v and writes param, m, v */
    ph[6] = (phase_t){"Adam (every parameter)", 15 * np, 64 * np, 0, 0};
    /* the rest: output layers (thin products, their A products, training
       and backward), hidden dropout, bias and ReLU, loss, copies */
    double a1 = (double)count_nnz(A, M->layer[1].need);
    ph[7] =
        (phase_t){"everything else (output layer, dropout, bias, ReLU, loss, zeroing), "
                  "and the phases' slowdown inside the epoch",
                  2 * H * C * (n + 3 * r_need) + 2 * C * (a1 + a_need) + 3 * H * n +
                      4 * H * r_need + 2 * C * n,
                  8 * (H * C * 3 + H * n * 4 + C * n * 6 + H * r_need * 6 + np), 0, 0};
}

#define NPHASES 8

/* Times the kernels of phases 0..6 alone, on the state the epochs left. */
static void time_phases(phase_t *ph, gcn_run *g)
{
    const ct_gnn_model_struct *M = g->M;
    slong n = M->n, H = 16;
    phase_ctx c;
    c.g = g;
    ct_gnn_csr_init(c.K, n, M->nfeat, g->X->rowptr[n]);
    c.Y = ct_mem_malloc(sizeof(double) * (size_t)(n * H));
    c.YK = ct_mem_malloc(sizeof(double) * (size_t)(n * H));
    c.T = ct_mem_malloc(sizeof(double) * (size_t)(n * H));
    c.dU = ct_mem_calloc((size_t)(M->nfeat * H), sizeof(double));
    c.P = ct_mem_malloc(sizeof(double) * (size_t)M->nparam);
    memcpy(c.P, M->param, sizeof(double) * (size_t)M->nparam);
    ct_gnn_rand_init(c.R, 7);
    for (int k = 0; k < NPHASES - 1; k++)
        ph[k].secs = best_of(call_phase, &c, k);
    free(c.Y);
    free(c.YK);
    free(c.T);
    free(c.dU);
    free(c.P);
    ct_gnn_csr_clear(c.K);
}

/* The floor of a phase: the slowest of its flops at the peak, its bytes at
   L3 bandwidth (an epoch's arrays, about 5 MB, live in L3, not in the 1 MiB
   L2) and its gathered rows at L2 bandwidth. */
static double phase_floor(const phase_t *p, const machine_t *mc)
{
    double f = p->flops / mc->peak, b = p->bytes / mc->bw_read[2];
    double gth = p->gather / mc->bw_read[1];
    double m = f > b ? f : b;
    return m > gth ? m : gth;
}

static void print_phases(phase_t *ph, const machine_t *mc, double rest_secs)
{
    ph[NPHASES - 1].secs = rest_secs;
    printf("## One GCN epoch on Cora, phase by phase\n\n");
    printf("Floors: flops at the peak above, compulsory bytes at the L3 read "
           "bandwidth, gathered rows at the L2 read bandwidth; a phase's floor is the "
           "largest of the three. Times are each kernel alone (best of %d calls); the "
           "last row's is the epoch's minimum less the phases above.\n\n",
           PHASE_REPS);
    printf("| phase | kflop | compulsory KB | gathered KB | time us (best) | floor us | "
           "time / floor |\n|---|---|---|---|---|---|---|\n");
    double tf = 0, tb = 0, tg = 0, tt = 0, tfl = 0;
    for (int k = 0; k < NPHASES; k++) {
        double fl = phase_floor(ph + k, mc);
        printf("| %s | %.0f | %.0f | %.0f | %.1f | %.1f | %.1f |\n", ph[k].name,
               ph[k].flops / 1e3, ph[k].bytes / 1e3, ph[k].gather / 1e3, ph[k].secs * 1e6,
               fl * 1e6, ph[k].secs / fl);
        tf += ph[k].flops, tb += ph[k].bytes, tg += ph[k].gather;
        tt += ph[k].secs, tfl += fl;
    }
    printf("| **epoch** | %.0f | %.0f | %.0f | %.1f | %.1f | %.1f |\n\n", tf / 1e3,
           tb / 1e3, tg / 1e3, tt * 1e6, tfl * 1e6, tt / tfl);
    printf(
        "Whole-epoch floors: flops at the peak %.1f us; compulsory bytes at L3 %.1f us, "
        "at DRAM %.1f us, at L2 %.1f us; gathered rows at L2 %.1f us.\n\n",
        tf / mc->peak * 1e6, tb / mc->bw_read[2] * 1e6, tb / mc->bw_read[3] * 1e6,
        tb / mc->bw_read[1] * 1e6, tg / mc->bw_read[1] * 1e6);
}

/* Runs the epochs, prints their parts' times, returns the minimum epoch. */
static double time_epochs(gcn_run *g, slong epochs)
{
    double *t = ct_mem_malloc(sizeof(double) * (size_t)(NPARTS * epochs));
    for (slong e = 0; e < epochs; e++) {
        double part[NPARTS];
        run_epoch(g, part);
        for (int k = 0; k < NPARTS; k++)
            t[k * epochs + e] = part[k];
    }
    printf("## The whole epoch (%ld epochs of ct_gnn_train_run's loop, seed 0)\n\n",
           (long)epochs);
    printf("| part | min us | median us |\n|---|---|---|\n");
    for (int k = 0; k < NPARTS; k++) {
        qsort(t + k * epochs, (size_t)epochs, sizeof(double), cmp_double);
        printf("| %s | %.1f | %.1f |\n", part_name[k], t[k * epochs] * 1e6,
               t[k * epochs + epochs / 2] * 1e6);
    }
    printf("\n");
    double best = t[(NPARTS - 1) * epochs];
    free(t);
    return best;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "../shared/datasets/cora";
    slong epochs = argc > 2 ? atol(argv[2]) : 2000;
    if (epochs < 10)
        epochs = 10;
    machine_t mc;
    measure_bandwidth(&mc);
    measure_peak_and_rand(&mc);
    print_machine(&mc);
    gcn_run g;
    if (run_init(&g, dir)) {
        printf("SKIP x-roofline epoch: no Cora with its public split at %s\n", dir);
        return 0;
    }
    double epoch = time_epochs(&g, epochs);
    phase_t ph[NPHASES];
    count_phases(ph, &g);
    time_phases(ph, &g);
    double sum = 0;
    for (int k = 0; k < NPHASES - 1; k++)
        sum += ph[k].secs;
    print_phases(ph, &mc, epoch - sum > 0 ? epoch - sum : 0);
    run_clear(&g);
    return 0;
}
