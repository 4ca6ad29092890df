/* Tests of signfn: the pair index and argmax with ties to the smallest class. */
#include "check.h"
#include "certune/signfn.h"

/* argmax of explicit scores, ties to the smallest index (the reference). */
static slong reference_argmax(const long *f, slong c)
{
    slong best = 0;
    for (slong k = 1; k < c; k++)
        if (f[k] > f[best])
            best = k;
    return best;
}

static void check_pair_index(void)
{
    for (slong c = 2; c <= 7; c++) {
        slong expect = 0;
        for (slong k = 0; k < c; k++)
            for (slong l = k + 1; l < c; l++)
                CHECK(ct_signfn_pair(k, l, c) == expect++);
        CHECK(expect == c * (c - 1) / 2);
    }
}

/* Every score vector over {0, 1, 2}^c for c <= 5: argmax from pairwise signs
   equals the reference, ties included. */
static void check_argmax_exhaustive(void)
{
    for (slong c = 1; c <= 5; c++) {
        slong total = 1;
        for (slong k = 0; k < c; k++)
            total *= 3;
        for (slong code = 0; code < total; code++) {
            long f[5];
            int sgn[10];
            slong x = code;
            for (slong k = 0; k < c; k++, x /= 3)
                f[k] = x % 3;
            for (slong k = 0; k < c; k++)
                for (slong l = k + 1; l < c; l++)
                    sgn[ct_signfn_pair(k, l, c)] = (f[k] > f[l]) - (f[k] < f[l]);
            CHECK(ct_signfn_argmax(sgn, c) == reference_argmax(f, c));
        }
    }
}

static void check_init_zero(void)
{
    ct_signfn_t s;
    ct_signfn_init(s, &ct_signfn_type_poly, 3, 7, 2, 4);
    CHECK(s->inst == 3 && s->node == 7 && s->truth == 2 && s->c == 4);
    for (slong p = 0; p < 6; p++)
        CHECK(fmpz_poly_is_zero(s->diff.poly + p));
    ct_signfn_clear(s);
}

/* Appending grows the array (doubling) without disturbing earlier entries, for
   each of the three function types; entries start as zero functions. */
static void check_append(void)
{
    const ct_signfn_type_struct *types[3] = {&ct_signfn_type_poly, &ct_signfn_type_mqpoly,
                                             &ct_signfn_type_expsum};
    for (int t = 0; t < 3; t++) {
        ct_signfn_struct *s = NULL;
        slong count = 0;
        for (slong i = 0; i < 100; i++) {
            ct_signfn_struct *e =
                ct_signfn_append(&s, &count, types[t], i % 7, i, i % 3 - 1, 2 + i % 4);
            CHECK(e == s + i && count == i + 1);
            if (t == 0) /* write into it: must survive the later growth */
                fmpz_poly_set_coeff_si(e->diff.poly, 0, i + 1);
        }
        for (slong i = 0; i < 100; i++) {
            slong c = 2 + i % 4;
            CHECK(s[i].inst == i % 7 && s[i].node == i && s[i].truth == i % 3 - 1);
            CHECK(s[i].c == c && s[i].type == types[t]);
            for (slong p = 0; p < c * (c - 1) / 2; p++)
                if (t == 0)
                    CHECK(fmpz_poly_length(s[i].diff.poly + p) == (p == 0) &&
                          (p != 0 || fmpz_equal_si(s[i].diff.poly->coeffs, i + 1)));
                else if (t == 1)
                    CHECK(ct_mqpoly_is_zero(s[i].diff.mq + p));
                else
                    CHECK(ct_expsum_is_zero(s[i].diff.es + p));
        }
        ct_signfn_vec_clear(s, count);
    }
    ct_signfn_vec_clear(NULL, 0);
}

/* The set numbers distinct functions by first insertion and drops repeats:
   constants 1..7 (as exponential sums c 1^x) inserted 100 times. */
static void check_set(void)
{
    ct_signfn_set_t S;
    fmpz_t c, one;
    fmpz_init(c), fmpz_init_set_ui(one, 1);
    ct_signfn_set_init(S, &ct_signfn_type_expsum);
    for (slong i = 0; i < 100; i++) {
        ct_expsum_t h;
        ct_expsum_init(h);
        fmpz_set_si(c, (i * 3) % 7 + 1); /* 1, 4, 7, 3, 6, 2, 5, 1, ... */
        ct_expsum_set_terms(h, c, one, 1);
        slong id = ct_signfn_set_insert(S, h); /* h moved or cleared */
        CHECK(id == i % 7);
    }
    CHECK(S->len == 7);
    for (slong f = 0; f < S->len; f++) {
        ct_expsum_t h;
        ct_expsum_init(h);
        fmpz_set_si(c, (f * 3) % 7 + 1);
        ct_expsum_set_terms(h, c, one, 1);
        CHECK(ct_expsum_equal(S->fn.es + f, h));
        ct_expsum_clear(h);
    }
    ct_signfn_set_clear(S);
    fmpz_clear(c), fmpz_clear(one);
}

/* The scoring rule on the lambda gadget x = 4 (nodes 1, 2 labeled 0, node 4
   labeled 1, node 3 held out as class 1; 0-based below). */
static void check_scored(void)
{
    ct_instance_t inst;
    char err[256];
    CHECK(ct_instance_load(inst, "instances/lambda-gadget-x4.gssl", err, sizeof(err)) ==
          0);
    CHECK(ct_signfn_is_scored(inst, 2, 0) && !ct_signfn_is_scored(inst, 0, 0));
    CHECK(ct_signfn_is_scored(inst, 0, 1) && ct_signfn_is_scored(inst, 3, 1));
    CHECK(ct_signfn_is_scored(inst, 0, CT_SIGNFN_EVERY_NODE));
    CHECK(ct_signfn_truth(inst, 2) == 1 && ct_signfn_truth(inst, 0) == 0 &&
          ct_signfn_truth(inst, 3) == 1);
    ct_instance_clear(inst);
}

int main(void)
{
    check_scored();
    check_pair_index();
    check_argmax_exhaustive();
    check_init_zero();
    check_append();
    check_set();
    return check_finish("t-signfn");
}
