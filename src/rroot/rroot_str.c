/* rroot_str: decimal certificates of real algebraic numbers, by the
   certified-root core (ct_root_get_strs) with Descartes' rule as the
   isolation test, and polynomial strings. */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpz_vec.h>
#include <arb.h>
#include <arb_fmpz_poly.h>
#include "certune/rroot.h"
#include "rroot_internal.h"
#include "certune/decimal.h"
#include "certune/mem.h"

/* Whether the decimal bounds [a, b] isolate the zero of v: neither is a zero
   of its polynomial and Descartes' rule certifies exactly one in between. */
static int _rroot_isolates(const ct_root_struct *v, const fmpq_t a, const fmpq_t b,
                           slong sig)
{
    const fmpz_poly_struct *f = v->fn;

    (void)sig;
    return _ct_rroot_poly_sign_at(f, a) != 0 && _ct_rroot_poly_sign_at(f, b) != 0 &&
           _ct_rroot_descartes_interval(f, a, b) == 1;
}

/* The approximation keeps its trailing zeros; the bounds start on a grid of
   about digits/2 significant digits (Descartes certifies them on their own,
   so they may leave the isolating interval), and past digits + 2 digits r is
   bisected so that Descartes sees an interval small against the separation. */
static const ct_root_strs_spec _rroot_strs = {
    .trim = 0, .coarse = 1, .entry = 0, .isolates = _rroot_isolates, .bisect_after = 2};

void ct_rroot_get_strs(char **approx, char **lo, char **hi, ct_rroot_t r, slong digits)
{
    ct_root_struct v;
    _ct_rroot_view_step(&v, r);
    ct_root_get_strs(approx, lo, hi, &v, digits, &_rroot_strs);
}

/* ------------------------------------------------------------------------ */
/* Polynomial strings                                                        */

char *ct_rroot_poly_get_str(const fmpz_poly_t poly)
{
    slong i, n = 0, alloc = 16;
    char *out = ct_mem_malloc(alloc), *c;
    fmpz_t a;
    int first = 1;

    fmpz_init(a);
    for (i = poly->length - 1; i >= 0; i--) {
        const fmpz *ci = poly->coeffs + i;
        if (fmpz_is_zero(ci))
            continue;
        fmpz_abs(a, ci);
        c = fmpz_get_str(NULL, 10, a);
        if (n + (slong)strlen(c) + 48 > alloc) {
            alloc = 2 * (n + strlen(c) + 48);
            out = ct_mem_realloc(out, alloc);
        }
        if (first)
            n += sprintf(out + n, "%s", fmpz_sgn(ci) < 0 ? "-" : "");
        else
            n += sprintf(out + n, " %c ", fmpz_sgn(ci) < 0 ? '-' : '+');
        if (i == 0 || !fmpz_is_one(a))
            n += sprintf(out + n, "%s%s", c, i > 0 ? "*" : "");
        if (i == 1)
            n += sprintf(out + n, "x");
        else if (i > 1)
            n += sprintf(out + n, "x^%ld", (long)i);
        flint_free(c);
        first = 0;
    }
    if (first)
        strcpy(out, "0");
    fmpz_clear(a);
    return out;
}
