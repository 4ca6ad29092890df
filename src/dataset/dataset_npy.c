/* dataset_npy: the .npy array format (numpy's NEP 1), parsed from memory.
   A file is the magic "\x93NUMPY", a version byte pair, the header length
   (2 bytes little-endian in version 1, 4 in versions 2 and 3), a Python dict
   literal {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), } padded
   with spaces and a newline, then the raw elements. Only what the
   gnn-benchmark files use is read: numeric and bool scalars of either byte
   order, fixed-width unicode and byte strings (scipy's format member), at
   most two dimensions. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dataset_npy.h"

/* Largest element count accepted (the size check against the buffer would
   catch larger ones too; this keeps the products of shape from overflowing). */
#define NPY_MAX_COUNT ((slong)1 << 40)

/* Position just after "'key':" in the header text h (NUL-terminated), with
   blanks skipped, or NULL. */
static const char *npy_after_key(const char *h, const char *key)
{
    char pat[32];
    const char *p;

    snprintf(pat, sizeof pat, "'%s'", key);
    p = strstr(h, pat);
    if (p == NULL)
        return NULL;
    p += strlen(pat);
    while (*p == ' ')
        p++;
    if (*p != ':')
        return NULL;
    p++;
    while (*p == ' ')
        p++;
    return p;
}

/* 'descr': '<f4' -> byte order, kind, size. */
static int npy_parse_descr(ct_dataset_npy_struct *a, const char *h, char *msg, size_t len)
{
    const char *p = npy_after_key(h, "descr");
    char *end;
    long size;

    if (p == NULL || (*p != '\'' && *p != '"')) {
        snprintf(msg, len,
                 "no 'descr' string in the header (structured arrays "
                 "are not supported)");
        return -1;
    }
    p++;
    if (*p != '<' && *p != '>' && *p != '|' && *p != '=') {
        snprintf(msg, len, "dtype without a byte-order character");
        return -1;
    }
    a->big = *p == '>';
    a->kind = p[1];
    size = strtol(p + 2, &end, 10);
    if (a->kind == 'O') {
        snprintf(msg, len, "an array of Python objects (pickled; not supported)");
        return -1;
    }
    if (strchr("fiubUS", a->kind) == NULL || a->kind == '\0' || end == p + 2 ||
        (*end != '\'' && *end != '"') || size < 1 || size > 4096 ||
        (a->kind == 'f' && size != 4 && size != 8) ||
        (strchr("iu", a->kind) && size != 1 && size != 2 && size != 4 && size != 8) ||
        (a->kind == 'b' && size != 1)) {
        snprintf(msg, len, "unsupported dtype '%.12s'", p);
        return -1;
    }
    a->size = (int)(a->kind == 'U' ? 4 * size : size);
    a->nchar = a->kind == 'U' || a->kind == 'S' ? (int)size : 0;
    return 0;
}

/* 'shape': (a, b) with at most two dimensions; () is a scalar. */
static int npy_parse_shape(ct_dataset_npy_struct *a, const char *h, char *msg, size_t len)
{
    const char *p = npy_after_key(h, "shape");
    char *end;

    if (p == NULL || *p != '(') {
        snprintf(msg, len, "no 'shape' tuple in the header");
        return -1;
    }
    p++;
    a->ndim = 0;
    a->count = 1;
    a->shape[0] = a->shape[1] = 1;
    for (;;) {
        while (*p == ' ' || *p == ',')
            p++;
        if (*p == ')')
            break;
        long long d = strtoll(p, &end, 10);
        if (end == p || d < 0 || d > NPY_MAX_COUNT || a->ndim == 2) {
            snprintf(msg, len, "unsupported shape (more than 2 dimensions or too large)");
            return -1;
        }
        a->shape[a->ndim++] = (slong)d;
        a->count *= (slong)d;
        if (a->count > NPY_MAX_COUNT) {
            snprintf(msg, len, "array too large");
            return -1;
        }
        p = end;
    }
    return 0;
}

int _ct_dataset_npy_parse(ct_dataset_npy_struct *a, const unsigned char *buf, size_t len,
                          char *msg, size_t msglen)
{
    size_t hlen, off;
    char *h;
    const char *fo;
    int rc;

    memset(a, 0, sizeof *a);
    if (len < 10 || memcmp(buf, "\x93NUMPY", 6) != 0) {
        snprintf(msg, msglen, "not a .npy array (no \\x93NUMPY magic)");
        return -1;
    }
    if (buf[6] == 1) {
        hlen = (size_t)buf[8] | (size_t)buf[9] << 8;
        off = 10;
    } else if ((buf[6] == 2 || buf[6] == 3) && len >= 12) {
        hlen = (size_t)buf[8] | (size_t)buf[9] << 8 | (size_t)buf[10] << 16 |
               (size_t)buf[11] << 24;
        off = 12;
    } else {
        snprintf(msg, msglen, ".npy version %d not supported", buf[6]);
        return -1;
    }
    if (hlen > len - off || hlen > 65536) {
        snprintf(msg, msglen, ".npy header runs past the end of the data");
        return -1;
    }
    h = malloc(hlen + 1);
    if (h == NULL) {
        snprintf(msg, msglen, "out of memory");
        return -1;
    }
    memcpy(h, buf + off, hlen);
    h[hlen] = '\0';
    rc = npy_parse_descr(a, h, msg, msglen);
    if (rc == 0)
        rc = npy_parse_shape(a, h, msg, msglen);
    fo = npy_after_key(h, "fortran_order");
    if (rc == 0 && fo == NULL) {
        snprintf(msg, msglen, "no 'fortran_order' in the header");
        rc = -1;
    }
    a->fortran = rc == 0 && strncmp(fo, "True", 4) == 0;
    free(h);
    if (rc != 0)
        return -1;
    off += hlen;
    if ((size_t)a->count > (len - off) / (size_t)a->size) {
        snprintf(msg, msglen, "%ld elements of %d bytes do not fit in %zu bytes of data",
                 (long)a->count, a->size, len - off);
        return -1;
    }
    a->data = buf + off;
    return 0;
}

/* The k-th element's bytes as an unsigned integer in host order. */
static uint64_t npy_raw(const ct_dataset_npy_struct *a, slong k)
{
    const unsigned char *p = a->data + (size_t)k * (size_t)a->size;
    uint64_t v = 0;

    for (int b = 0; b < a->size; b++)
        v |= (uint64_t)p[a->big ? a->size - 1 - b : b] << (8 * b);
    return v;
}

double _ct_dataset_npy_get_d(const ct_dataset_npy_struct *a, slong k)
{
    uint64_t v = npy_raw(a, k);

    if (a->kind == 'f' && a->size == 8) {
        double d;
        memcpy(&d, &v, 8);
        return d;
    }
    if (a->kind == 'f') {
        uint32_t w = (uint32_t)v;
        float f;
        memcpy(&f, &w, 4);
        return (double)f;
    }
    if (a->kind == 'i') {
        int shift = 64 - 8 * a->size;
        return (double)((int64_t)(v << shift) >> shift);
    }
    return (double)v;
}

int _ct_dataset_npy_get_i(const ct_dataset_npy_struct *a, slong k, int64_t *x)
{
    if (a->kind == 'i') {
        int shift = 64 - 8 * a->size;
        *x = (int64_t)(npy_raw(a, k) << shift) >> shift;
        return 0;
    }
    if (a->kind == 'u' || a->kind == 'b') {
        uint64_t v = npy_raw(a, k);
        *x = (int64_t)v;
        return v > (uint64_t)INT64_MAX ? -1 : 0;
    }
    if (a->kind == 'f') {
        double d = _ct_dataset_npy_get_d(a, k);
        if (!(d >= -9.0e18 && d <= 9.0e18) || d != (double)(int64_t)d)
            return -1;
        *x = (int64_t)d;
        return 0;
    }
    return -1;
}

/* UTF-8 of the code point c into out (room for 4 bytes); returns the length. */
static int npy_utf8(char *out, uint32_t c)
{
    if (c < 0x80)
        return out[0] = (char)c, 1;
    if (c < 0x800)
        return out[0] = (char)(0xC0 | c >> 6), out[1] = (char)(0x80 | (c & 63)), 2;
    if (c < 0x10000 && !(c >= 0xD800 && c < 0xE000))
        return out[0] = (char)(0xE0 | c >> 12), out[1] = (char)(0x80 | (c >> 6 & 63)),
               out[2] = (char)(0x80 | (c & 63)), 3;
    if (c >= 0x10000 && c < 0x110000)
        return out[0] = (char)(0xF0 | c >> 18), out[1] = (char)(0x80 | (c >> 12 & 63)),
               out[2] = (char)(0x80 | (c >> 6 & 63)), out[3] = (char)(0x80 | (c & 63)), 4;
    return out[0] = '?', 1;
}

int _ct_dataset_npy_numeric(const ct_dataset_npy_struct *a)
{
    return a->kind != 'U' && a->kind != 'S';
}

char *_ct_dataset_npy_get_str(const ct_dataset_npy_struct *a, slong k)
{
    const unsigned char *p = a->data + (size_t)k * (size_t)a->size;
    char *s = flint_malloc(4 * (size_t)a->nchar + 1);
    size_t n = 0;

    if (a->kind == 'S') { /* bytes, NUL-padded like 'U' */
        while (n < (size_t)a->nchar && p[n] != 0)
            s[n] = (char)p[n], n++;
        s[n] = '\0';
        return s;
    }
    for (int i = 0; i < a->nchar; i++, p += 4) {
        uint32_t c = a->big ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
                                  (uint32_t)p[2] << 8 | p[3]
                            : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 |
                                  (uint32_t)p[1] << 8 | p[0];
        if (c == 0) /* numpy pads short strings with NULs */
            break;
        n += (size_t)npy_utf8(s + n, c);
    }
    s[n] = '\0';
    return s;
}
