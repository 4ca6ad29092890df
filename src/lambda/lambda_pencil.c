/* lambda_pencil: components with a huge weight (docs/lambda.md, "Huge
   weights"), as alpha's (docs/alpha.md): the entries of s L in base H with
   small digits, N's coefficients as polynomials in t of degree at most
   dt = sum_r k_r - min_r k_r (Cramer: one row of the adjugate's minor is
   gone), found from dt + 1 solves at small t and interpolated by the caller,
   and each pair's polynomial evaluated at H and divided by its content read
   off the forms (ct_zadj_forms_primitive), never by a gcd of huge integers. */
#include "certune/zadj.h"
#include "lambda_internal.h"

#define LAMBDA_PENCIL_BITS CT_ZADJ_PENCIL_BITS
#define LAMBDA_PENCIL_DIGIT_BITS 64
#define LAMBDA_PENCIL_MAX_DIGITS 4
#define LAMBDA_PENCIL_MAX_DEG 16

static fmpz_poly_struct *pencil_block_init(slong len)
{
    fmpz_poly_struct *b = flint_malloc(FLINT_MAX(len, 1) * sizeof(fmpz_poly_struct));
    for (slong i = 0; i < len; i++)
        fmpz_poly_init(b + i);
    return b;
}

static void pencil_block_clear(fmpz_poly_struct *b, slong len)
{
    if (b == NULL)
        return;
    for (slong i = 0; i < len; i++)
        fmpz_poly_clear(b + i);
    flint_free(b);
}

/* The three blocks' entries in base H; 0 when a digit is large. */
static int pencil_try_base(_ct_lambda_pencil *P, const fmpz_mat_struct *const *L,
                           const fmpz_t H)
{
    if (fmpz_bits(H) < 2 * LAMBDA_PENCIL_DIGIT_BITS + 2)
        return 0;
    for (int b = 0; b < 3; b++)
        for (slong i = 0; i < L[b]->r; i++)
            for (slong j = 0; j < L[b]->c; j++)
                if (!ct_zadj_base_digits(
                        P->L[b] + i * L[b]->c + j, fmpz_mat_entry(L[b], i, j), H,
                        LAMBDA_PENCIL_DIGIT_BITS, LAMBDA_PENCIL_MAX_DIGITS))
                    return 0;
    fmpz_set(P->H, H);
    return 1;
}

/* H: the smallest huge |entry|, else the gcd of the huge entries. */
static int pencil_param(_ct_lambda_pencil *P, const fmpz_mat_struct *const *L)
{
    fmpz_t low, g, a;
    fmpz_init(low), fmpz_init(g), fmpz_init(a);
    for (int b = 0; b < 3; b++)
        for (slong i = 0; i < L[b]->r; i++)
            for (slong j = 0; j < L[b]->c; j++) {
                fmpz_abs(a, fmpz_mat_entry(L[b], i, j));
                if (fmpz_bits(a) < LAMBDA_PENCIL_BITS)
                    continue;
                if (fmpz_is_zero(low) || fmpz_cmp(a, low) < 0)
                    fmpz_set(low, a);
                if (fmpz_is_zero(g) || !fmpz_divisible(a, g))
                    fmpz_gcd(g, g, a);
            }
    int ok =
        !fmpz_is_zero(low) && (pencil_try_base(P, L, low) || pencil_try_base(P, L, g));
    fmpz_clear(low), fmpz_clear(g), fmpz_clear(a);
    return ok;
}

/* dt from the t-degrees of the rows of s L (labeled rows: Lll and Lul's
   columns; unlabeled: Lul and Luu's rows). */
static slong pencil_degree(const _ct_lambda_pencil *P)
{
    slong m = P->m, nu = P->nu, sum = 0, low = WORD_MAX;
    for (slong r = 0; r < m + nu; r++) {
        slong k = 0;
        for (slong c = 0; c < (r < m ? m : nu); c++)
            k = FLINT_MAX(k, fmpz_poly_degree(r < m ? P->L[0] + r * m + c
                                                    : P->L[2] + (r - m) * nu + c));
        for (slong c = 0; c < (r < m ? nu : m); c++)
            k = FLINT_MAX(k, fmpz_poly_degree(r < m ? P->L[1] + c * m + r
                                                    : P->L[1] + (r - m) * m + c));
        sum += k, low = FLINT_MIN(low, k);
    }
    return sum - low;
}

int _ct_lambda_pencil_init(_ct_lambda_pencil *P, const fmpz_mat_t Lll,
                           const fmpz_mat_t Lul, const fmpz_mat_t Luu, const fmpz_t s,
                           slong max_nodes)
{
    const fmpz_mat_struct *L[3] = {Lll, Lul, Luu};
    P->m = Lll->r, P->nu = Luu->r;
    fmpz_init(P->H);
    for (int b = 0; b < 3; b++)
        P->L[b] = NULL;
    if (max_nodes < 0 || P->m + P->nu > ct_analysis_setting(max_nodes, WORD_MAX) ||
        fmpz_bits(s) > LAMBDA_PENCIL_DIGIT_BITS)
        return 0;
    for (int b = 0; b < 3; b++)
        P->L[b] = pencil_block_init(L[b]->r * L[b]->c);
    return pencil_param(P, L) && (P->dt = pencil_degree(P)) <= LAMBDA_PENCIL_MAX_DEG;
}

void _ct_lambda_pencil_clear(_ct_lambda_pencil *P)
{
    slong len[3] = {P->m * P->m, P->nu * P->m, P->nu * P->nu};
    for (int b = 0; b < 3; b++)
        pencil_block_clear(P->L[b], len[b]);
    fmpz_clear(P->H);
}

void _ct_lambda_pencil_eval(fmpz_mat_t Lll, fmpz_mat_t Lul, fmpz_mat_t Luu,
                            const _ct_lambda_pencil *P, const fmpz_t x)
{
    fmpz_mat_struct *L[3] = {Lll, Lul, Luu};
    for (int b = 0; b < 3; b++)
        for (slong i = 0; i < L[b]->r; i++)
            for (slong j = 0; j < L[b]->c; j++)
                fmpz_poly_evaluate_fmpz(fmpz_mat_entry(L[b], i, j),
                                        P->L[b] + i * L[b]->c + j, x);
}

void _ct_lambda_pencil_pair(fmpz_poly_t diff, const fmpz_poly_struct *N, slong m,
                            const fmpz_t s, const ct_zadj_pow_t pw)
{
    fmpz_poly_struct *Q = pencil_block_init(m);
    fmpz *v = _fmpz_vec_init(FLINT_MAX(m, 1));
    fmpz_t spow;
    fmpz_init_set_ui(spow, 1);
    for (slong e = 0; e < m; e++) { /* N(s lambda): s has at most 64 bits */
        fmpz_poly_scalar_mul_fmpz(Q + e, N + e, spow);
        fmpz_mul(spow, spow, s);
    }
    ct_zadj_forms_primitive(v, Q, m, pw);
    fmpz_poly_zero(diff);
    for (slong e = m - 1; e >= 0; e--)
        fmpz_poly_set_coeff_fmpz(diff, e, v + e);
    fmpz_clear(spow);
    _fmpz_vec_clear(v, FLINT_MAX(m, 1));
    pencil_block_clear(Q, m);
}
