/* Test-only: weights made huge for the pencils of alpha and lambda
   (docs/alpha.md, docs/lambda.md "Huge weights"). */
#ifndef CERTUNE_TESTS_HUGE_WEIGHTS_H
#define CERTUNE_TESTS_HUGE_WEIGHTS_H

#include <flint/fmpq.h>
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

#endif
