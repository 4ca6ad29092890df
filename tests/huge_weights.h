/* Test-only: weights made huge for the pencils of alpha and lambda
   (docs/alpha.md, docs/lambda.md "Huge weights"). */
#ifndef CERTUNE_TESTS_HUGE_WEIGHTS_H
#define CERTUNE_TESTS_HUGE_WEIGHTS_H

#include <flint/fmpq.h>
#include "certune/gen.h"
#include "certune/instance.h"

/* Makes some weights of inst huge (bits of 600 to 800): mode 0 one random
   integer, 1 two of one base (H + a, 3 H - b), 2 one tiny weight 1 / H (every
   other weight scaled by H), 3 every edge of a labeled node H = K^2 (its
   degree's q has K's bits: right-hand sides of their own). */
static void huge_weights(ct_instance_t inst, int mode, flint_rand_t state)
{
    fmpz_t H, a;
    fmpz_init(H), fmpz_init(a);
    fmpz_randbits(H, state, 600 + n_randint(state, 200));
    fmpz_abs(H, H);
    fmpz_add_ui(H, H, 1);
    slong e0 = (slong)n_randint(state, inst->nedges), u = -1;
    for (slong v = 0; mode == 3 && v < inst->n; v++)
        if (inst->label[v] >= 0)
            u = v;
    if (mode == 3)
        fmpz_mul(H, H, H);
    fmpz_one(a);
    for (slong e = 0; e < inst->nedges; e++) {
        if (mode <= 2 && e == e0)
            fmpq_set_fmpz_frac(inst->ew + e, mode == 2 ? a : H, mode == 2 ? H : a);
        if (mode == 1 && (e == e0 || e == (e0 + 1) % inst->nedges)) {
            fmpz_set_si(a, e == e0 ? 1 + (slong)n_randint(state, 9) : -5);
            fmpz_addmul_ui(a, H, e == e0 ? 1 : 3);
            fmpq_set_fmpz(inst->ew + e, a);
        }
        if (mode == 3 && (inst->eu[e] == u || inst->ev[e] == u))
            fmpq_set_fmpz(inst->ew + e, H);
        fmpz_one(a);
    }
    fmpz_clear(H), fmpz_clear(a);
}

/* Random instance number trial of the pencil tests (2 to 12 nodes, 2 to 4
   classes, any weight kind) with its weights made huge in mode trial % 4.
   Returns 0 (inst cleared) when it has no edge to make huge. */
static int huge_instance(ct_instance_t inst, slong trial, flint_rand_t state)
{
    ct_gen_params_t P;
    slong n = 2 + (slong)n_randint(state, 11);
    ct_gen_params_init(P, n, 2 + n_randint(state, 3));
    P->p = 0.35;
    P->connected = n_randint(state, 2) == 0;
    P->labeled = 0.2 + 0.2 * n_randint(state, 3);
    P->weight = (ct_gen_weight_t)n_randint(state, 5);
    ct_gen_instance_rand(inst, P, state, NULL);
    if (inst->nedges == 0) {
        ct_instance_clear(inst);
        return 0;
    }
    huge_weights(inst, (int)(trial % 4), state);
    return 1;
}

#endif
