/* delta_solve: the one exact integer solve of a component (zadj).

   Y = adj(A) E = det(A) A^{-1} E is a nonnegative integer matrix with a known
   bound: with A = q (D - c W) and degrees d_i >= 1 (integer weights),
   A^{-1} = (1/q) D^{-1} (I - c W D^{-1})^{-1}, and (I - c W D^{-1})^{-1} =
   sum_k c^k (W D^{-1})^k >= 0 has every column summing to 1/(1 - c) (the columns
   of W D^{-1} sum to 1). So 0 <= A^{-1}_ij <= 1/(d_i (q - p)) <= 1, each entry of
   A^{-1} E is at most m, and det(A) <= prod_i A_ii (Hadamard's inequality for a
   positive definite matrix): 0 <= Y <= m prod_i A_ii. That bound sets the
   primes of the multimodular solve; large components first try p-adic lifting
   (zlift), the same bound 0 <= A^{-1}_ij <= 1 setting how far to lift. A small
   component with a huge c (512 bits and more: c = 1e-100000) takes the
   pencil path instead (delta_pencil.c). Both reduce their rows' sums here
   (_ct_delta_set_reduced). The (class, degree) groups and a row's pair sums
   are made here too, for the exact path (delta.c) and the ball path's exact
   rows (delta_ball.c) alike. */
#include "certune/delta.h"
#include "certune/zadj.h"
#include "delta_internal.h"

/* Bits of m prod_i A_ii: Y < 2^bits. */
static slong delta_adj_bits(const fmpz_mat_t A, slong m)
{
    fmpz_t b;
    fmpz_init_set_si(b, FLINT_MAX(m, 1));
    for (slong i = 0; i < A->r; i++)
        fmpz_mul(b, b, fmpz_mat_entry(A, i, i));
    slong bits = fmpz_bits(b);
    fmpz_clear(b);
    return bits;
}

void ct_delta_adj_rows(fmpz_mat_t Y, const fmpz_mat_t A, const slong *lab,
                       const slong *grp, slong m, slong ngroups, const slong *rows,
                       slong nr, slong lift_min)
{
    ct_zadj_rows(Y, A, lab, grp, m, ngroups, rows, nr, delta_adj_bits(A, m), 0, lift_min);
}

/* The gcd of the bases, from the smallest one: a gcd of a small number with a
   huge one is one division, of two huge ones a half-gcd (a huge weight makes
   some degrees millions of bits long, docs/delta.md "Huge weights"). */
static void delta_base_content(fmpz_t g, const fmpz *b, slong len)
{
    slong low = 0;
    for (slong t = 1; t < len; t++)
        if (fmpz_cmpabs(b + t, b + low) < 0)
            low = t;
    fmpz_abs(g, b + low);
    for (slong t = 0; t < len && !fmpz_is_one(g); t++)
        fmpz_gcd(g, g, b + t);
}

/* h = the sum of coef[t] base[t]^x (n terms), divided by the positive gcd of its
   merged coefficients (unless primitive: the caller knows they are coprime)
   and with its bases divided by their gcd (a factor g^x > 0). */
void _ct_delta_set_reduced(ct_expsum_t h, const fmpz *coef, const fmpz *base, slong n,
                           int primitive)
{
    ct_expsum_set_terms(h, coef, base, n);
    if (h->len == 0)
        return;
    slong len = h->len;
    fmpz *rc = _fmpz_vec_init(len), *rb = _fmpz_vec_init(len);
    fmpz_t gc, gb;
    fmpz_init(gc);
    fmpz_init(gb);
    if (primitive)
        fmpz_one(gc);
    else
        _fmpz_vec_content(gc, h->coef, len);
    delta_base_content(gb, h->base, len);
    _fmpz_vec_scalar_divexact_fmpz(rc, h->coef, len, gc);
    _fmpz_vec_scalar_divexact_fmpz(rb, h->base, len, gb);
    ct_expsum_set_terms(h, rc, rb, len);
    ct_expsum_set_primitive(h); /* the analysis normalizes it again: no second gcd */
    _fmpz_vec_clear(rc, len);
    _fmpz_vec_clear(rb, len);
    fmpz_clear(gc);
    fmpz_clear(gb);
}

/* Groups the labeled nodes by (class, degree): grp, gcls, ng. */
void _ct_delta_groups(delta_comp *C, const ct_instance_t inst)
{
    C->ng = 0;
    for (slong j = 0; j < C->m; j++) {
        slong cls = inst->label[C->node[C->lab[j]]], g = 0;
        while (g < C->ng && (C->gcls[g] != cls ||
                             !fmpz_equal(C->deg + C->gpos[g], C->deg + C->lab[j])))
            g++;
        if (g == C->ng) {
            C->gcls[g] = cls;
            C->gpos[C->ng++] = C->lab[j];
        }
        C->grp[j] = g;
    }
}

/* The pair sums of scored row r: + Y[r][g] for the groups of class k, - for
   class l, at the groups' degrees. coef, base: room for ng terms. */
void _ct_delta_node_sums(ct_signfn_struct *f, const fmpz_mat_t Y, slong r,
                         const delta_comp *C, slong nc, fmpz *coef, fmpz *base)
{
    for (slong k = 0; k < nc; k++)
        for (slong l = k + 1; l < nc; l++) {
            slong n = 0;
            for (slong g = 0; g < C->ng; g++) {
                if (C->gcls[g] != k && C->gcls[g] != l)
                    continue;
                if (C->gcls[g] == k)
                    fmpz_set(coef + n, fmpz_mat_entry(Y, r, g));
                else
                    fmpz_neg(coef + n, fmpz_mat_entry(Y, r, g));
                fmpz_set(base + n++, C->deg + C->gpos[g]);
            }
            _ct_delta_set_reduced(f->diff.es + ct_signfn_pair(k, l, nc), coef, base, n,
                                  0);
        }
}
