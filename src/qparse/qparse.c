/* qparse: exact parsing of decimal rationals. */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpz.h>
#include <flint/fmpq.h>
#include "certune/qparse.h"
#include "certune/mem.h"

/* CT_QPARSE_MAX_EXP: 10^100000 has about 330000 bits: big, but cheap enough
   that a hostile file cannot turn one token into gigabytes of digits. */

static size_t qparse_span_digits(const char *s)
{
    size_t k = 0;
    while (s[k] >= '0' && s[k] <= '9')
        k++;
    return k;
}

/* Reads the decimal exponent after 'e' (optional sign, at least one digit).
   Returns the number of bytes used, or 0 if malformed; *big = 1 (and *e = 0)
   when it is beyond the bound. */
static size_t qparse_exponent(slong *e, const char *s, int *big)
{
    size_t k = 0, d;
    int neg = 0;
    slong v = 0;

    if (s[k] == '+' || s[k] == '-')
        neg = (s[k++] == '-');
    d = qparse_span_digits(s + k);
    if (d == 0)
        return 0;
    for (; d > 0; d--, k++) {
        v = 10 * v + (s[k] - '0');
        /* Checked per digit so that v never overflows, however many digits. */
        if (v > CT_QPARSE_MAX_EXP) {
            *big = 1;
            *e = 0;
            return k + d;
        }
    }
    *e = neg ? -v : v;
    return k;
}

/* Sets z to the digits a[0..alen) followed by b[0..blen), using buf (room for
   alen + blen + 1 bytes) since fmpz_set_str wants one terminated string. */
static void qparse_fmpz_digits(fmpz_t z, const char *a, size_t alen, const char *b,
                               size_t blen, char *buf)
{
    memcpy(buf, a, alen);
    memcpy(buf + alen, b, blen);
    buf[alen + blen] = '\0';
    fmpz_set_str(z, buf, 10);
}

static int qparse_fraction(fmpq_t x, const char *num, size_t nlen, int neg, char *buf)
{
    const char *den = num + nlen + 1;
    size_t dlen = qparse_span_digits(den);

    if (nlen == 0 || dlen == 0 || den[dlen] != '\0')
        return -1;
    qparse_fmpz_digits(fmpq_denref(x), den, dlen, "", 0, buf);
    if (fmpz_is_zero(fmpq_denref(x)))
        return -1;
    qparse_fmpz_digits(fmpq_numref(x), num, nlen, "", 0, buf);
    if (neg)
        fmpz_neg(fmpq_numref(x), fmpq_numref(x));
    fmpq_canonicalise(x);
    return 0;
}

static int qparse_decimal(fmpq_t x, const char *s, size_t ilen, int neg, char *buf)
{
    const char *digits = s, *frac = s + ilen;
    size_t flen = 0, elen;
    slong e = 0;
    int big = 0;

    if (*frac == '.') {
        frac++;
        flen = qparse_span_digits(frac);
    }
    if (ilen + flen == 0)
        return -1;
    s = frac + flen;
    if (*s == 'e' || *s == 'E') {
        elen = qparse_exponent(&e, s + 1, &big);
        if (elen == 0)
            return -1;
        s += 1 + elen;
    }
    if (*s != '\0')
        return -1;
    if (big)
        return CT_QPARSE_EXPONENT;

    /* value = (integer digits, then fraction digits) * 10^(e - flen) */
    qparse_fmpz_digits(fmpq_numref(x), digits, ilen, frac, flen, buf);
    if (neg)
        fmpz_neg(fmpq_numref(x), fmpq_numref(x));
    e -= (slong)flen;
    if (e >= 0) {
        fmpz_t p;
        fmpz_init_set_ui(p, 10);
        fmpz_pow_ui(p, p, (ulong)e);
        fmpz_mul(fmpq_numref(x), fmpq_numref(x), p);
        fmpz_clear(p);
        fmpz_one(fmpq_denref(x));
    } else {
        fmpz_set_ui(fmpq_denref(x), 10);
        fmpz_pow_ui(fmpq_denref(x), fmpq_denref(x), (ulong)(-e));
    }
    fmpq_canonicalise(x);
    return 0;
}

int ct_qparse_fmpq(fmpq_t x, const char *s)
{
    int neg = 0, r;
    size_t ilen;
    char *buf;

    fmpq_zero(x);
    if (s == NULL)
        return -1;
    if (*s == '+' || *s == '-')
        neg = (*s++ == '-');
    ilen = qparse_span_digits(s);
    buf = ct_mem_malloc(strlen(s) + 1);
    if (buf == NULL)
        return -1;
    if (s[ilen] == '/')
        r = qparse_fraction(x, s, ilen, neg, buf);
    else
        r = qparse_decimal(x, s, ilen, neg, buf);
    free(buf);
    if (r != 0)
        fmpq_zero(x);
    return r;
}
