/* x-geninstances: writes seeded random .gssl instances for the experiment
   (scripts/experiment.sh, docs/experiments.md).
   Usage: x-geninstances MODEL N COUNT DIR
   MODEL is er (Erdos-Renyi), sbm (stochastic block model) or knn
   (k-nearest-neighbour graph of random points); writes DIR/MODEL-nN-K.gssl for
   K = 1..COUNT: N nodes, 3 classes, 25% labeled, every other node held out.
   Instance K is ct_gen_instance(P, seed, K) with a seed fixed by (MODEL, N), so
   the files are the same on every run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/gen.h"

#define XGEN_CLASSES 3

static const char *xgen_models[] = {"er", "sbm", "knn"};

/* The parameters of model `model` (an index into xgen_models) for n nodes. */
static void xgen_params(ct_gen_params_t P, int model, slong n)
{
    double dn = (double)n;

    ct_gen_params_init(P, n, XGEN_CLASSES);
    P->labeled = 0.25;
    P->held = 1.0;
    P->weight = CT_GEN_WEIGHT_RATIONAL;
    switch (model) {
    case 0: /* a random spanning tree plus G(n, p), mean degree about 2 + 3 */
        P->connected = 1;
        P->p = FLINT_MIN(1.0, 3.0 / dn);
        break;
    case 1: /* 3 planted blocks: mean degree about 3 inside, 1 across */
        P->sbm = 1;
        P->connected = 1;
        P->p = FLINT_MIN(1.0, 9.0 / dn);
        P->p_out = FLINT_MIN(1.0, 1.5 / dn);
        break;
    default: /* 4 nearest of n points on the integer grid {0..g}^2, g^2 >= 4 n,
                weights 1/(1 + d^2) */
        P->knn = 4;
        P->grid = 0;
        break;
    }
}

static int xgen_usage(void)
{
    fprintf(stderr, "usage: x-geninstances er|sbm|knn N COUNT DIR\n");
    return 1;
}

int main(int argc, char **argv)
{
    int model = -1, rc = 0;
    long n, count, k;
    char *end, *path;
    size_t len;
    ct_gen_params_t P;
    ct_instance_t I;
    FILE *f;

    if (argc != 5)
        return xgen_usage();
    for (int i = 0; i < 3; i++)
        if (strcmp(argv[1], xgen_models[i]) == 0)
            model = i;
    n = strtol(argv[2], &end, 10);
    if (model < 0 || *end != '\0' || n < 1 || n > 100000)
        return xgen_usage();
    count = strtol(argv[3], &end, 10);
    if (*end != '\0' || count < 0 || count > 100000)
        return xgen_usage();

    len = strlen(argv[4]) + strlen(argv[1]) + 64;
    path = malloc(len);
    if (path == NULL)
        return 1;
    xgen_params(P, model, n);
    for (k = 1; k <= count && rc == 0; k++) {
        ct_gen_instance(I, P, (ulong)(1000000 * (model + 1) + n), k);
        snprintf(path, len, "%s/%s-n%ld-%ld.gssl", argv[4], argv[1], n, k);
        f = fopen(path, "w");
        if (f == NULL || ct_instance_write(I, f) != 0)
            rc = 1;
        if (f != NULL && fclose(f) != 0)
            rc = 1;
        if (rc)
            fprintf(stderr, "x-geninstances: cannot write %s\n", path);
        ct_instance_clear(I);
    }
    free(path);
    flint_cleanup();
    return rc;
}
