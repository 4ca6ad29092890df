/* alpha_shatter: the alpha lower-bound construction (docs/shatter.md; the
   writer and the check are the shatter module's, reached through the family
   table).

   The alpha gadget (docs/alpha.md) switches its held-out node from class 0 to
   class 1 at alpha = sqrt(x + 2) / 2. For a rational t in (1/sqrt(2), 1) the
   weight x = 4 t^2 - 2 is a positive rational and the threshold is exactly t,
   so the thresholds are put at chosen rationals t_j = (3N + j) / (4N) inside
   (3/4, 1) (N = 2^M) and the realizing parameters midway between them. The
   direction of change is lambda's, so instance k is the lambda instance's
   pattern of held-out classes on the delta gadget's layout (the same graph). */
#include "certune/gen.h"
#include "certune/alpha.h"

void ct_alpha_shatter_threshold(fmpq_t t, slong M, slong j)
{
    fmpz_t num, den;
    fmpz_init(num), fmpz_init(den);
    fmpz_set_si(num, (WORD(3) << M) + j);
    fmpz_one(den);
    fmpz_mul_2exp(den, den, M + 2);
    fmpq_set_fmpz_frac(t, num, den);
    fmpz_clear(num), fmpz_clear(den);
}

void ct_alpha_shatter_weight(fmpq_t x, slong M, slong j)
{
    ct_alpha_shatter_threshold(x, M, j);
    fmpq_mul(x, x, x);
    fmpq_mul_2exp(x, x, 2);
    fmpq_sub_si(x, x, 2);
}

void ct_alpha_shatter_parameter(fmpq_t q, const fmpq_t c, slong M, slong j)
{
    (void)c;
    /* (t_j + t_{j+1}) / 2 = (6N + 2j + 1) / (8N); for j = 0 it lies in
       (3/4, t_1), inside (0, t_1); for j = N - 1 in (t_{N-1}, 1). */
    fmpz_t num, den;
    fmpz_init(num), fmpz_init(den);
    fmpz_set_si(num, (WORD(6) << M) + 2 * j + 1);
    fmpz_one(den);
    fmpz_mul_2exp(den, den, M + 3);
    fmpq_set_fmpz_frac(q, num, den);
    fmpz_clear(num), fmpz_clear(den);
}

void ct_alpha_shatter_instance(ct_instance_t inst, const fmpq_t c, slong M, slong k)
{
    (void)c;
    slong G = ct_gen_shatter_gadgets(M, k);
    char name[64];
    snprintf(name, sizeof(name), "instance-%ld.gssl", (long)k);
    ct_gen_instance_init(inst, name, 4 * G, 2, 3 * G);
    fmpq_t x;
    fmpq_init(x);
    for (slong g = 0; g < G; g++) {
        /* Flip g + 1 at j = (g + 1) 2^(k-1). The node goes from class 0 to
           class 1: class 0 held out is wrong after it (up), class 1 right (down). */
        ct_alpha_shatter_weight(x, M, (g + 1) << (k - 1));
        ct_gen_shatter_star_gadget(inst, g, x, g % 2 == 0 ? 0 : 1);
    }
    fmpq_clear(x);
}
