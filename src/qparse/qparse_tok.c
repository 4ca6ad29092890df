/* qparse_tok: space-separated tokens of exact numbers, for line-oriented
   machine formats (the profile files, docs/scale.md). Each reader advances *s
   past one token and returns 0, or -1 (x unspecified) when the token is
   missing or malformed. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "certune/mem.h"
#include "certune/qparse.h"

const char *ct_qparse_tok(const char **s, size_t *len)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\t')
        p++;
    size_t n = strcspn(p, " \t\r\n");
    *s = p + n;
    *len = n;
    return n > 0 ? p : NULL;
}

/* An optional '-' then decimal digits, with no leading zero (canonical). */
static int tok_is_integer(const char *t, size_t n)
{
    size_t i = t[0] == '-';
    if (i == n || (t[i] == '0' && n > i + 1) || (i == 1 && n == 2 && t[1] == '0'))
        return 0;
    for (; i < n; i++)
        if (t[i] < '0' || t[i] > '9')
            return 0;
    return 1;
}

static int tok_fmpz(fmpz_t x, const char *t, size_t n)
{
    if (t == NULL || !tok_is_integer(t, n))
        return -1;
    char *z = ct_mem_malloc(n + 1);
    memcpy(z, t, n);
    z[n] = '\0';
    int rc = fmpz_set_str(x, z, 10) == 0 ? 0 : -1;
    free(z);
    return rc;
}

int ct_qparse_tok_fmpz(fmpz_t x, const char **s)
{
    size_t n;
    const char *t = ct_qparse_tok(s, &n);
    return tok_fmpz(x, t, n);
}

int ct_qparse_tok_slong(slong *x, const char **s)
{
    fmpz_t z;
    fmpz_init(z);
    int rc = ct_qparse_tok_fmpz(z, s);
    if (rc == 0 && fmpz_fits_si(z))
        *x = fmpz_get_si(z);
    else
        rc = -1;
    fmpz_clear(z);
    return rc;
}

int ct_qparse_tok_fmpq(fmpq_t x, const char **s)
{
    size_t n;
    const char *t = ct_qparse_tok(s, &n);
    if (t == NULL)
        return -1;
    const char *slash = memchr(t, '/', n);
    size_t a = slash != NULL ? (size_t)(slash - t) : n;
    if (tok_fmpz(fmpq_numref(x), t, a))
        return -1;
    if (slash == NULL)
        fmpz_one(fmpq_denref(x));
    else if (tok_fmpz(fmpq_denref(x), slash + 1, n - a - 1) ||
             fmpz_cmp_ui(fmpq_denref(x), 1) <= 0)
        return -1;
    return fmpq_is_canonical(x) ? 0 : -1;
}

int ct_qparse_tok_fmpz_poly(fmpz_poly_t p, const char **s)
{
    slong len;
    if (ct_qparse_tok_slong(&len, s) || len < 0 || len > (slong)(INT_MAX / 8))
        return -1;
    fmpz_t c;
    fmpz_init(c);
    fmpz_poly_zero(p);
    int rc = 0;
    for (slong i = 0; rc == 0 && i < len; i++)
        if ((rc = ct_qparse_tok_fmpz(c, s)) == 0)
            fmpz_poly_set_coeff_fmpz(p, i, c);
    fmpz_clear(c);
    if (rc == 0 && fmpz_poly_length(p) != len)
        rc = -1; /* a leading zero coefficient: not canonical */
    return rc;
}

void ct_qparse_write_fmpz_poly(FILE *f, const fmpz_poly_t p)
{
    fprintf(f, "%ld", (long)fmpz_poly_length(p));
    for (slong i = 0; i < fmpz_poly_length(p); i++) {
        fputc(' ', f);
        fmpz_fprint(f, p->coeffs + i);
    }
}
