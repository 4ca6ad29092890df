/* mqpoly: sums sqrt(r_k) G_k(x) over distinct squarefree r_k, kept sorted by
   r_k with only nonzero G_k, so that equality is structural: the sqrt(r_k) are
   linearly independent over Q, hence two such sums are equal as functions iff
   they have the same classes and polynomials (docs/alpha.md).

   Invariant: entries [0, alloc) of rad and poly are initialized; [0, len) are
   the classes. Removing or inserting a class swaps entries, never copies. */
#include <stdlib.h>
#include <string.h>
#include <arb_fmpz_poly.h>
#include "certune/mqpoly.h"
#include "certune/rroot.h"
#include "certune/mem.h"

void ct_mqpoly_init(ct_mqpoly_t g)
{
    g->len = g->alloc = 0;
    g->rad = NULL;
    g->poly = NULL;
    g->primitive = 0;
}

void ct_mqpoly_clear(ct_mqpoly_t g)
{
    for (slong k = 0; k < g->alloc; k++) {
        fmpz_clear(g->rad + k);
        fmpz_poly_clear(g->poly + k);
    }
    flint_free(g->rad);
    flint_free(g->poly);
    ct_mqpoly_init(g);
}

static void mqpoly_fit_length(ct_mqpoly_t g, slong len)
{
    if (len <= g->alloc)
        return;
    slong alloc = FLINT_MAX(len, 2 * g->alloc);
    g->rad = flint_realloc(g->rad, alloc * sizeof(fmpz));
    g->poly = flint_realloc(g->poly, alloc * sizeof(fmpz_poly_struct));
    for (slong k = g->alloc; k < alloc; k++) {
        fmpz_init(g->rad + k);
        fmpz_poly_init(g->poly + k);
    }
    g->alloc = alloc;
}

void ct_mqpoly_set(ct_mqpoly_t g, const ct_mqpoly_t h)
{
    if (g == h)
        return;
    mqpoly_fit_length(g, h->len);
    for (slong k = 0; k < h->len; k++) {
        fmpz_set(g->rad + k, h->rad + k);
        fmpz_poly_set(g->poly + k, h->poly + k);
    }
    g->len = h->len;
    g->primitive = h->primitive;
}

/* Moves entry `from` to position `to` (to <= from or to >= from), shifting the
   entries in between by one; only swaps, so nothing is freed or copied. */
static void mqpoly_move(ct_mqpoly_t g, slong from, slong to)
{
    for (; from > to; from--) {
        fmpz_swap(g->rad + from, g->rad + from - 1);
        fmpz_poly_swap(g->poly + from, g->poly + from - 1);
    }
    for (; from < to; from++) {
        fmpz_swap(g->rad + from, g->rad + from + 1);
        fmpz_poly_swap(g->poly + from, g->poly + from + 1);
    }
}

void ct_mqpoly_add_term(ct_mqpoly_t g, const fmpz_t r, const fmpz_poly_t G)
{
    fmpz_poly_t t;
    fmpz_poly_init(t);
    fmpz_poly_set(t, G);
    ct_mqpoly_add_term_move(g, r, t);
    fmpz_poly_clear(t);
}

void ct_mqpoly_add_term_move(ct_mqpoly_t g, const fmpz_t r, fmpz_poly_t G)
{
    if (fmpz_poly_is_zero(G))
        return;
    g->primitive = 0;
    slong k = 0;
    while (k < g->len && fmpz_cmp(g->rad + k, r) < 0)
        k++;
    if (k < g->len && fmpz_equal(g->rad + k, r)) {
        fmpz_poly_add(g->poly + k, g->poly + k, G);
        if (fmpz_poly_is_zero(g->poly + k)) { /* the class cancelled: drop it */
            mqpoly_move(g, k, g->len - 1);
            g->len--;
        }
        return;
    }
    mqpoly_fit_length(g, g->len + 1);
    fmpz_set(g->rad + g->len, r);
    fmpz_poly_swap(g->poly + g->len, G);
    mqpoly_move(g, g->len, k);
    g->len++;
}

void ct_mqpoly_sub(ct_mqpoly_t g, const ct_mqpoly_t g1, const ct_mqpoly_t g2)
{
    ct_mqpoly_t t;
    fmpz_poly_t neg;
    ct_mqpoly_init(t);
    fmpz_poly_init(neg);
    ct_mqpoly_set(t, g1);
    for (slong k = 0; k < g2->len; k++) {
        fmpz_poly_neg(neg, g2->poly + k);
        ct_mqpoly_add_term(t, g2->rad + k, neg);
    }
    t->primitive = 0;
    ct_mqpoly_struct tmp = *g; /* g may alias g1 or g2: replaced only now */
    *g = *t;
    *t = tmp;
    ct_mqpoly_clear(t);
    fmpz_poly_clear(neg);
}

int ct_mqpoly_is_zero(const ct_mqpoly_t g)
{
    return g->len == 0;
}

int ct_mqpoly_equal(const ct_mqpoly_t g, const ct_mqpoly_t h)
{
    if (g->len != h->len)
        return 0;
    for (slong k = 0; k < g->len; k++)
        if (!fmpz_equal(g->rad + k, h->rad + k) ||
            !fmpz_poly_equal(g->poly + k, h->poly + k))
            return 0;
    return 1;
}

/* Mixes every class's radicand and coefficients (equal g give equal hashes). */
ulong ct_mqpoly_hash(const ct_mqpoly_t g)
{
    const ulong P = UWORD(1000000007), M = UWORD(0x9E3779B97F4A7C15);
    ulong h = (ulong)g->len;
    for (slong k = 0; k < g->len; k++) {
        h = h * M + fmpz_fdiv_ui(g->rad + k, P);
        for (slong e = 0; e < g->poly[k].length; e++)
            h = (h ^ fmpz_fdiv_ui(g->poly[k].coeffs + e, P)) * M + (ulong)e;
    }
    return h ^ (h >> 29);
}

slong ct_mqpoly_degree(const ct_mqpoly_t g)
{
    slong d = -1;
    for (slong k = 0; k < g->len; k++)
        d = FLINT_MAX(d, fmpz_poly_degree(g->poly + k));
    return d;
}

int ct_mqpoly_normalize(ct_mqpoly_t g)
{
    if (g->len == 0)
        return 1;
    fmpz_t c, t;
    fmpz_init(c);
    fmpz_init(t);
    if (g->primitive) /* the gcd is known: 1 */
        fmpz_one(c);
    for (slong k = 0; k < g->len && !fmpz_is_one(c); k++) {
        fmpz_poly_content(t, g->poly + k);
        fmpz_gcd(c, c, t);
    }
    int sign = fmpz_sgn(fmpz_poly_lead(g->poly + 0)) < 0 ? -1 : 1;
    if (sign < 0)
        fmpz_neg(c, c);
    for (slong k = 0; k < g->len && !fmpz_is_one(c); k++) /* c = 1: nothing to do */
        if (fmpz_equal_si(c, -1))
            fmpz_poly_neg(g->poly + k, g->poly + k);
        else
            fmpz_poly_scalar_divexact_fmpz(g->poly + k, g->poly + k, c);
    fmpz_clear(c);
    fmpz_clear(t);
    g->primitive = 1;
    return sign;
}

void ct_mqpoly_set_primitive(ct_mqpoly_t g)
{
    g->primitive = 1;
}

void ct_mqpoly_eval_arb(arb_t y, arb_t dy, const ct_mqpoly_t g, const arb_t x, slong prec)
{
    arb_t s, v, r, d;
    fmpz_poly_t der;
    arb_init(s), arb_init(v), arb_init(r), arb_init(d);
    fmpz_poly_init(der);
    arb_zero(s);
    arb_zero(d);
    for (slong k = 0; k < g->len; k++) {
        arb_sqrt_fmpz(r, g->rad + k, prec);
        arb_fmpz_poly_evaluate_arb(v, g->poly + k, x, prec);
        arb_addmul(s, r, v, prec);
        if (dy != NULL) {
            fmpz_poly_derivative(der, g->poly + k);
            arb_fmpz_poly_evaluate_arb(v, der, x, prec);
            arb_addmul(d, r, v, prec);
        }
    }
    arb_swap(y, s); /* x may alias y or dy: written only at the end */
    if (dy != NULL)
        arb_swap(dy, d);
    arb_clear(s), arb_clear(v), arb_clear(r), arb_clear(d);
    fmpz_poly_clear(der);
}

/* Appends src to *out (length *n, capacity *alloc), growing it as needed. */
static void mqpoly_append(char **out, size_t *n, size_t *alloc, const char *src)
{
    size_t l = strlen(src);
    if (*n + l + 1 > *alloc) {
        *alloc = 2 * (*n + l + 1);
        *out = ct_mem_realloc(*out, *alloc);
    }
    memcpy(*out + *n, src, l + 1);
    *n += l;
}

/* Classes by decreasing radicand, the rational part last, as in the header. */
/* One class as a term: "sqrt(r)" times its polynomial; a one-term polynomial
   c x^j is folded in ("c*sqrt(r)*x^j"), its sign going to the joining
   operator (*neg). */
static char *mqpoly_class_str(int *neg, const fmpz_t r, const fmpz_poly_t G)
{
    slong nz = 0, j = 0;
    for (slong i = 0; i < G->length; i++)
        if (!fmpz_is_zero(G->coeffs + i))
            nz++, j = i;
    char *rs = fmpz_is_one(r) ? NULL : fmpz_get_str(NULL, 10, r);
    char *out;
    *neg = 0;
    if (nz == 1) {
        fmpz_t c;
        fmpz_init(c);
        fmpz_abs(c, G->coeffs + j);
        *neg = fmpz_sgn(G->coeffs + j) < 0;
        char *cs = fmpz_get_str(NULL, 10, c);
        out = ct_mem_malloc(strlen(cs) + (rs ? strlen(rs) : 0) + 48);
        int one = fmpz_is_one(c) && (rs != NULL || j > 0);
        sprintf(out, "%s%s%s%s%s%s", one ? "" : cs, one || rs == NULL ? "" : "*",
                rs ? "sqrt(" : "", rs ? rs : "", rs ? ")" : "",
                j == 0                ? ""
                : (one && rs == NULL) ? "x"
                                      : "*x");
        if (j > 1)
            sprintf(out + strlen(out), "^%ld", (long)j);
        flint_free(cs);
        fmpz_clear(c);
    } else {
        char *p = ct_rroot_poly_get_str(G);
        out = ct_mem_malloc(strlen(p) + (rs ? strlen(rs) : 0) + 16);
        if (rs)
            sprintf(out, "sqrt(%s)*(%s)", rs, p);
        else
            sprintf(out, "(%s)", p);
        free(p);
    }
    flint_free(rs);
    return out;
}

char *ct_mqpoly_get_str(const ct_mqpoly_t g)
{
    size_t n = 0, alloc = 64;
    char *out = ct_mem_malloc(alloc);
    out[0] = '\0';
    if (g->len == 0)
        mqpoly_append(&out, &n, &alloc, "0");
    for (slong k = g->len - 1; k >= 0; k--) {
        int neg;
        char *t = mqpoly_class_str(&neg, g->rad + k, g->poly + k);
        if (k < g->len - 1)
            mqpoly_append(&out, &n, &alloc, neg ? " - " : " + ");
        else if (neg)
            mqpoly_append(&out, &n, &alloc, "-");
        mqpoly_append(&out, &n, &alloc, t);
        free(t);
    }
    return out;
}
