/* ct_shatter_read: the parser of witness.txt (docs/formats.md). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "certune/qparse.h"
#include "shatter_internal.h"
#include "certune/mem.h"

void ct_shatter_set_clear(ct_shatter_set *S)
{
    for (slong k = 0; k < S->M; k++)
        if (S->loaded[k])
            ct_instance_clear(S->inst + k);
    free(S->inst);
    free(S->loaded);
    if (S->witness != NULL)
        _fmpq_vec_clear(S->witness, S->M);
    if (S->claim_value != NULL)
        _fmpq_vec_clear(S->claim_value, WORD(1) << S->M);
    free(S->claim_pattern);
    fmpq_clear(S->c);
}

static int shatter_parse_m(ct_shatter_set *S, const char *arg)
{
    char *end;
    long M = strtol(arg, &end, 10);
    if (*end != '\0' || M < 1 || M > 20 || S->M != 0)
        return -1;
    S->M = M;
    S->inst = ct_mem_calloc((size_t)M, sizeof(ct_instance_struct));
    S->loaded = ct_mem_calloc((size_t)M, sizeof(int));
    S->witness = _fmpq_vec_init(M);
    S->claim_pattern = ct_mem_calloc((size_t)1 << M, sizeof(slong));
    S->claim_value = _fmpq_vec_init(WORD(1) << M);
    return 0;
}

static int shatter_parse_instance(ct_shatter_set *S, const char *dir, char *a1, char *a2,
                                  char *a3, char *err, size_t errlen)
{
    char *end, path[4096];
    long k = strtol(a1, &end, 10);
    if (S->M == 0 || *end != '\0' || k < 1 || k > S->M || S->loaded[k - 1] ||
        ct_qparse_fmpq(S->witness + k - 1, a3))
        return -1;
    snprintf(path, sizeof(path), "%s/%s", dir, a2);
    if (ct_instance_load(S->inst + k - 1, path, err, errlen))
        return -2;
    S->loaded[k - 1] = 1;
    return 0;
}

/* A claimed parameter lies in the family's domain. */
static int shatter_in_domain(const ct_shatter_set *S, const fmpq_t q)
{
    return ct_family_in_domain(S->family, q);
}

static int shatter_parse_pattern(ct_shatter_set *S, const char *bits, const char *value)
{
    if (S->M == 0 || (slong)strlen(bits) != S->M || S->nclaims >= (WORD(1) << S->M))
        return -1;
    slong j = 0;
    for (slong k = 0; k < S->M; k++) {
        if (bits[k] != '0' && bits[k] != '1')
            return -1;
        j |= (slong)(bits[k] == '1') << k;
    }
    fmpq *q = S->claim_value + S->nclaims;
    if (ct_qparse_fmpq(q, value) || !shatter_in_domain(S, q))
        return -1;
    S->claim_pattern[S->nclaims++] = j;
    return 0;
}

static const char *shatter_name(ct_family_t family)
{
    return ct_family_name(family);
}

static int shatter_has_c(const ct_family_struct *row)
{
    return row->has_c;
}

/* `family NAME`: the first record (before any but comments), and the family
   asked for when one was. */
static int shatter_parse_family(ct_shatter_set *S, const char *name, const char *where,
                                char *err, size_t errlen)
{
    ct_family_t id;
    if (ct_family_from_name(&id, name) || S->have_family || S->have_c || S->M != 0)
        return -1;
    if (S->want != NULL && *S->want != id) {
        snprintf(err, errlen, "%s: the set is for family %s, not --family %s", where,
                 name, shatter_name(*S->want));
        return -2;
    }
    S->family = id;
    S->have_family = 1;
    return 0;
}

/* `c Q`: the family's constant, once, after `family NAME`. */
static int shatter_parse_c(ct_shatter_set *S, const char *arg, const char *where,
                           char *err, size_t errlen)
{
    if (!S->have_family || S->have_c)
        return -1;
    if (!ct_family_row(S->family)->has_c) {
        char list[256];
        ct_family_list(list, sizeof(list), shatter_has_c);
        snprintf(err, errlen, "%s: a `c` record applies only to family %s", where, list);
        return -2;
    }
    if (ct_qparse_fmpq(S->c, arg) || fmpq_sgn(S->c) <= 0 || fmpq_cmp_si(S->c, 1) >= 0) {
        snprintf(err, errlen, "%s: `c` takes an exact rational in (0, 1), not '%s'",
                 where, arg);
        return -2;
    }
    S->have_c = 1;
    return 0;
}

/* One record of witness.txt; returns 0, -1 (malformed) or -2 (err set). */
static int shatter_parse_line(ct_shatter_set *S, const char *dir, char *line,
                              const char *where, char *err, size_t errlen)
{
    char *tok[5];
    slong n = 0;
    line += strspn(line, " \t");
    if (line[0] == '%' || line[0] == '#')
        return 0;
    for (char *t = strtok(line, " \t\r\n"); t != NULL; t = strtok(NULL, " \t\r\n"))
        if (n < 5)
            tok[n++] = t;
        else
            return -1;
    if (n == 0)
        return 0;
    if (strcmp(tok[0], "family") == 0 && n == 2)
        return shatter_parse_family(S, tok[1], where, err, errlen);
    if (strcmp(tok[0], "c") == 0 && n == 2)
        return shatter_parse_c(S, tok[1], where, err, errlen);
    if (strcmp(tok[0], "m") == 0 && n == 2)
        return shatter_parse_m(S, tok[1]);
    if (strcmp(tok[0], "instance") == 0 && n == 4)
        return shatter_parse_instance(S, dir, tok[1], tok[2], tok[3], err, errlen);
    if (strcmp(tok[0], "pattern") == 0 && n == 3)
        return shatter_parse_pattern(S, tok[1], tok[2]);
    return -1;
}

/* The checks once the whole file is read. */
static int shatter_read_complete(ct_shatter_set *S, const char *path, char *err,
                                 size_t errlen)
{
    for (slong k = 0; k < S->M; k++)
        if (!S->loaded[k]) {
            snprintf(err, errlen, "%s: no `instance %ld` record", path, (long)(k + 1));
            return -1;
        }
    if (S->M == 0) {
        snprintf(err, errlen, "%s: no `m` record", path);
        return -1;
    }
    if (ct_family_row(S->family)->has_c && !S->have_c) {
        snprintf(err, errlen, "%s: no `c` record (%s's constant, after `family %s`)",
                 path, shatter_name(S->family), shatter_name(S->family));
        return -1;
    }
    if (S->want != NULL && *S->want != CT_SHATTER_OLD_FAMILY && !S->have_family) {
        snprintf(err, errlen,
                 "%s: no `family %s` record (a file without one is a %s set)", path,
                 shatter_name(*S->want), shatter_name(CT_SHATTER_OLD_FAMILY));
        return -1;
    }
    return 0;
}

int ct_shatter_read(ct_shatter_set *S, const char *dir, const ct_family_t *want,
                    char *err, size_t errlen)
{
    memset(S, 0, sizeof(*S));
    fmpq_init(S->c);
    S->family = CT_SHATTER_OLD_FAMILY;
    S->want = want;
    char path[4096], line[4096], where[4200];
    snprintf(path, sizeof(path), "%s/witness.txt", dir);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    int rc = 0;
    for (long lineno = 1; rc == 0 && fgets(line, sizeof(line), f) != NULL; lineno++) {
        snprintf(where, sizeof(where), "%s:%ld", path, lineno);
        rc = shatter_parse_line(S, dir, line, where, err, errlen);
        if (rc == -1)
            snprintf(err, errlen, "%s: malformed or out-of-order record", where);
    }
    fclose(f);
    if (rc == 0)
        rc = shatter_read_complete(S, path, err, errlen);
    return rc ? -1 : 0;
}
