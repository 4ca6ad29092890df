/* x-gensingle: writes the "b-single" instance of bench/b-analyze.c for n nodes
   as a .gssl file, for bench/scale-n.sh (certune analyze against scikit-learn
   on the same file) and bench/cliff.sh (other draws of the same generator).
   Usage: x-gensingle N FILE [DRAW], N = 25 * 2^j (j = 0..8); DRAW (default 0,
   the bench's instance) adds XSINGLE_DRAW_STRIDE * DRAW to the seed.
   The instance is b-analyze's: ct_gen_instance with 3 classes, p = 3 / (n - 1),
   a random spanning tree first, 20% labeled, every other node held out,
   integer weights 1..9, seed BENCH_SEED + case index, k = 0. b-analyze lists
   the b-single cases from index 3 (n = 25) up, doubling n each time, so the
   index is 3 + j; its list stops at n = 400, and n = 800 (index 8) continues
   the pattern. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/gen.h"

#define XSINGLE_SEED 20240601    /* BENCH_SEED of b-analyze.c */
#define XSINGLE_FIRST_CASE 3     /* the index of b-single n = 25 in b-analyze's cases */
#define XSINGLE_DRAW_STRIDE 1000 /* seeds of draws never meet another case's seed */

/* The b-analyze case index for n, or -1 when n is not 25 * 2^j, j <= 8. */
static long xsingle_case_index(long n)
{
    long m = 25;
    for (long j = 0; j <= 8; j++, m *= 2)
        if (m == n)
            return XSINGLE_FIRST_CASE + j;
    return -1;
}

int main(int argc, char **argv)
{
    ct_gen_params_t P;
    ct_instance_t I;
    char *end;
    long n, idx, draw = 0;
    int rc = 0;
    FILE *f;

    n = argc == 3 || argc == 4 ? strtol(argv[1], &end, 10) : 0;
    idx = n > 0 && *end == '\0' ? xsingle_case_index(n) : -1;
    if (idx >= 0 && argc == 4) {
        draw = strtol(argv[3], &end, 10);
        if (*end != '\0' || draw < 0 || draw > 1000000)
            idx = -1;
    }
    /* FILE must name a .gssl: "x-gensingle 1600 1" (the draw in FILE's
       place) would otherwise write an instance named 1 */
    size_t len = argc >= 3 ? strlen(argv[2]) : 0;
    if (idx >= 0 && (len < 6 || strcmp(argv[2] + len - 5, ".gssl") != 0))
        idx = -1;
    if (idx < 0) {
        fprintf(stderr, "usage: x-gensingle N FILE.gssl [DRAW]   (N = 25, 50, 100, ..., "
                        "6400; DRAW 0..1000000)\n");
        return 1;
    }
    ct_gen_params_init(P, n, 3);
    P->p = 3.0 / (double)(n - 1);
    P->connected = 1;
    P->labeled = 0.2;
    P->weight = CT_GEN_WEIGHT_SMALL;
    ct_gen_instance(I, P, (ulong)(XSINGLE_SEED + idx + XSINGLE_DRAW_STRIDE * draw), 0);
    f = fopen(argv[2], "w");
    if (f == NULL || ct_instance_write(I, f) != 0)
        rc = 1;
    if (f != NULL && fclose(f) != 0)
        rc = 1;
    if (rc)
        fprintf(stderr, "x-gensingle: cannot write %s\n", argv[2]);
    ct_instance_clear(I);
    flint_cleanup();
    return rc;
}
