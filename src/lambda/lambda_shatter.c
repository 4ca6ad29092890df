/* lambda_shatter: the lambda lower-bound construction (docs/shatter.md; the
   writer and the check are the shatter module's, reached through the family
   table).

   Thresholds t_j = j + 1 for j = 1 .. 2^M - 1 split (0, +inf) into 2^M open
   intervals; on (t_j, t_{j+1}) instance k must have a high loss exactly when
   bit k - 1 of j is set. That bit flips at the multiples of 2^(k-1), so
   instance k is a union of one 4-node gadget per such j, whose held-out labels
   make the loss go up at odd flips and down at even ones. */
#include <stdio.h>
#include "certune/gen.h"
#include "certune/lambda.h"

void ct_lambda_shatter_threshold(fmpq_t t, slong j)
{
    fmpq_set_si(t, j + 1, 1);
}

/* Gadget g (0-based) of an instance: nodes 4g+1..4g+4 as in the paper's lemma:
   4g, 4g+1 labeled class 0, 4g+2 held out, 4g+3 labeled class 1; the breakpoint
   of node 4g+2 is at t when x = 2 t / (t - 1). */
static void lambda_shatter_gadget(ct_instance_t inst, slong g, const fmpq_t t,
                                  slong truth)
{
    slong a = 4 * g, e = 3 * g;
    fmpq_t x, tm1;
    fmpq_init(x);
    fmpq_init(tm1);
    fmpq_sub_si(tm1, t, 1);
    fmpq_mul_2exp(x, t, 1);
    fmpq_div(x, x, tm1);
    inst->eu[e] = a, inst->ev[e] = a + 2, fmpq_one(inst->ew + e);
    inst->eu[e + 1] = a + 1, inst->ev[e + 1] = a + 2, fmpq_one(inst->ew + e + 1);
    inst->eu[e + 2] = a + 2, inst->ev[e + 2] = a + 3, fmpq_set(inst->ew + e + 2, x);
    inst->label[a] = inst->label[a + 1] = 0;
    inst->label[a + 3] = 1;
    inst->held[a + 2] = truth;
    fmpq_clear(x);
    fmpq_clear(tm1);
}

void ct_lambda_shatter_instance(ct_instance_t inst, const fmpq_t c, slong M, slong k)
{
    (void)c;
    slong G = ct_gen_shatter_gadgets(M, k);
    char name[64];
    snprintf(name, sizeof(name), "instance-%ld.gssl", (long)k);
    ct_gen_instance_init(inst, name, 4 * G, 2, 3 * G);
    fmpq_t t;
    fmpq_init(t);
    for (slong g = 0; g < G; g++) {
        /* Flip g + 1 happens at j = (g + 1) 2^(k-1): class 0 held out makes the
           node wrong after its threshold (up), class 1 right after (down). */
        ct_lambda_shatter_threshold(t, (g + 1) << (k - 1));
        lambda_shatter_gadget(inst, g, t, g % 2 == 0 ? 0 : 1);
    }
    fmpq_clear(t);
}

void ct_lambda_shatter_parameter(fmpq_t q, const fmpq_t c, slong M, slong j)
{
    (void)c, (void)M;
    if (j == 0)
        fmpq_one(q);
    else
        fmpq_set_si(q, 2 * j + 3, 2);
}
