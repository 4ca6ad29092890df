/* x-joint: the joint analysis over (c, delta) with the crossings searched by
   the kinetic sweep or by all pairs (its peer), for bench/joint.sh. Usage:
   x-joint sweep|all PATH...; prints one line: curves, pairs searched, pruned,
   boxes, events, slabs, the minimum (or "undecided", the reason on stderr).
   Exit 0, 1 on bad input. */
#include <stdio.h>
#include <string.h>
#include "certune/cli.h"
#include "certune/family.h"
#include "certune/joint.h"

int main(int argc, char **argv)
{
    if (argc < 3 || (strcmp(argv[1], "sweep") != 0 && strcmp(argv[1], "all") != 0)) {
        fprintf(stderr, "usage: x-joint sweep|all PATH...\n");
        return 1;
    }
    ct_instance_struct *insts;
    slong m;
    if (ct_cli_load_paths(&insts, &m, (const char *const *)argv + 2, argc - 2, 1))
        return 1;
    ct_family_t f;
    ct_family_from_name(&f, "delta");
    fmpq_t A, B;
    fmpq_init(A), fmpq_init(B);
    fmpq_set_si(A, 1, 100), fmpq_set_si(B, 99, 100);
    ct_joint_t J;
    char err[512];
    int pairs =
        strcmp(argv[1], "all") == 0 ? CT_PEXPSUM_PAIRS_ALL : CT_PEXPSUM_PAIRS_SWEEP;
    int rc =
        ct_joint_run_pairs(J, f, A, B, insts, m, 0, 0, pairs, NULL, err, sizeof(err));
    if (rc)
        fprintf(stderr, "x-joint: %s\n", err);
    else {
        const ct_pexpsum_slabs_struct *S = J->S;
        printf("%ld %ld %ld %ld %ld %ld ", (long)J->ncurves, (long)S->pairs,
               (long)S->pruned, (long)S->boxes, (long)S->nevents, (long)S->nslab);
        if (J->undecided) {
            printf("undecided\n");
            fprintf(stderr, "x-joint: undecided: %s\n", J->what);
        } else {
            fmpq_print(J->min_loss);
            printf("\n");
        }
    }
    ct_joint_clear(J);
    fmpq_clear(A), fmpq_clear(B);
    ct_cli_free_instances(insts, m);
    flint_cleanup_master();
    return rc ? 1 : 0;
}
