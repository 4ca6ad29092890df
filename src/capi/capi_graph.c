/* capi: a graph given as arrays becomes .gssl text, parsed by the instance
   loader (which keeps every validation rule in one place). The checks here are
   those whose messages need the caller's 0-based indices. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/mem.h"
#include "certune/qparse.h"
#include "capi_internal.h"

typedef struct {
    long a, b, k;
} capi_pair;

static int capi_pair_cmp(const void *x, const void *y)
{
    const capi_pair *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    if (p->b != q->b)
        return p->b < q->b ? -1 : 1;
    return p->k < q->k ? -1 : (p->k > q->k);
}

/* Ranges, self-loops, weight tokens (only the characters of a rational, so
   that a weight can never inject a record into the text), signs. */
static int capi_check_edges(const char *name, slong n, slong nedges, const long *u,
                            const long *v, const char *const *w, char *err, size_t errlen)
{
    fmpq_t x;
    fmpq_init(x);
    int bad = 0;
    for (slong k = 0; k < nedges && !bad; k++) {
        bad = 1;
        if (u[k] < 0 || u[k] >= n || v[k] < 0 || v[k] >= n)
            _ct_capi_error(err, errlen,
                           "%s: edge %ld: node %ld or %ld out of range 0..%ld", name,
                           (long)k, u[k], v[k], (long)n - 1);
        else if (u[k] == v[k])
            _ct_capi_error(err, errlen, "%s: edge %ld: self-loop on node %ld", name,
                           (long)k, u[k]);
        else if (w[k] != NULL && strspn(w[k], "0123456789+-./eE") == strlen(w[k]) &&
                 ct_qparse_fmpq(x, w[k]) == CT_QPARSE_EXPONENT)
            _ct_capi_error(err, errlen,
                           "%s: edge %ld: weight '%.40s' has an exponent "
                           "beyond +-%d",
                           name, (long)k, w[k], CT_QPARSE_MAX_EXP);
        else if (w[k] == NULL || w[k][0] == '\0' ||
                 strspn(w[k], "0123456789+-./eE") != strlen(w[k]) ||
                 ct_qparse_fmpq(x, w[k]) != 0)
            _ct_capi_error(err, errlen,
                           "%s: edge %ld: malformed weight '%.40s' (an exact rational "
                           "such as 3, 3/4, 0.125 or 2.5e-1)",
                           name, (long)k, w[k] == NULL ? "(null)" : w[k]);
        else if (fmpq_sgn(x) < 0)
            _ct_capi_error(err, errlen, "%s: edge %ld: negative weight '%.40s'", name,
                           (long)k, w[k]);
        else
            bad = 0;
    }
    fmpq_clear(x);
    return bad;
}

static int capi_check_repeats(const char *name, slong nedges, const long *u,
                              const long *v, char *err, size_t errlen)
{
    capi_pair *p = ct_mem_malloc(sizeof(capi_pair) * (size_t)(nedges + 1));
    if (p == NULL)
        abort();
    for (slong k = 0; k < nedges; k++) {
        p[k].a = u[k] < v[k] ? u[k] : v[k];
        p[k].b = u[k] < v[k] ? v[k] : u[k];
        p[k].k = k;
    }
    qsort(p, (size_t)nedges, sizeof(capi_pair), capi_pair_cmp);
    int bad = 0;
    for (slong k = 1; k < nedges && !bad; k++)
        if (p[k].a == p[k - 1].a && p[k].b == p[k - 1].b) {
            _ct_capi_error(err, errlen,
                           "%s: edge %ld: repeated edge %ld-%ld (first as edge %ld)",
                           name, p[k].k, p[k].a, p[k].b, p[k - 1].k);
            bad = 1;
        }
    free(p);
    return bad;
}

static int capi_check_nodes(const char *name, slong n, slong c, const long *label,
                            const long *truth, char *err, size_t errlen)
{
    for (slong i = 0; i < n; i++) {
        long l = label ? label[i] : -1, t = truth ? truth[i] : -1;
        if (l < -1 || l >= c || t < -1 || t >= c) {
            _ct_capi_error(err, errlen,
                           "%s: node %ld: class %ld out of range 0..%ld (-1: none)", name,
                           (long)i, l < -1 || l >= c ? l : t, (long)c - 1);
            return 1;
        }
        if (l >= 0 && t >= 0) {
            _ct_capi_error(err, errlen, "%s: node %ld: both labeled and held out", name,
                           (long)i);
            return 1;
        }
    }
    return 0;
}

char *_ct_capi_graph_text(const char *name, slong n, slong c, slong nedges, const long *u,
                          const long *v, const char *const *w, const long *label,
                          const long *truth, char *err, size_t errlen)
{
    if (n < 1 || c < 1 || nedges < 0) {
        _ct_capi_error(err, errlen, "%s: needs n >= 1 nodes, c >= 1 classes, edges >= 0",
                       name);
        return NULL;
    }
    if (capi_check_edges(name, n, nedges, u, v, w, err, errlen) ||
        capi_check_repeats(name, nedges, u, v, err, errlen) ||
        capi_check_nodes(name, n, c, label, truth, err, errlen))
        return NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f == NULL)
        abort();
    fprintf(f, "p gssl %ld %ld\n", (long)n, (long)c);
    for (slong k = 0; k < nedges; k++)
        fprintf(f, "e %ld %ld %s\n", u[k] + 1, v[k] + 1, w[k]);
    for (slong i = 0; i < n; i++) {
        if (label != NULL && label[i] >= 0)
            fprintf(f, "l %ld %ld\n", (long)i + 1, label[i]);
        if (truth != NULL && truth[i] >= 0)
            fprintf(f, "t %ld %ld\n", (long)i + 1, truth[i]);
    }
    if (fclose(f) != 0)
        abort();
    return text;
}
