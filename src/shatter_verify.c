/* shatter_verify: the exact check that a set of instances is pseudo-shattered. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "certune/qparse.h"
#include "certune/rational.h"
#include "certune/shatter.h"

typedef struct {
    slong M;
    instance_struct *inst; /* M instances */
    fmpq *witness;         /* r_k */
    int *loaded;
    slong nclaims;
    slong *claim_pattern; /* pattern index (bit k-1 = b_k) */
    fmpq *claim_value;
} shatter_set;

static void shatter_set_clear(shatter_set *S)
{
    for (slong k = 0; k < S->M; k++)
        if (S->loaded[k])
            instance_clear(S->inst + k);
    free(S->inst);
    free(S->loaded);
    if (S->witness != NULL)
        _fmpq_vec_clear(S->witness, S->M);
    if (S->claim_value != NULL)
        _fmpq_vec_clear(S->claim_value, WORD(1) << S->M);
    free(S->claim_pattern);
}

static int shatter_parse_m(shatter_set *S, const char *arg)
{
    char *end;
    long M = strtol(arg, &end, 10);
    if (*end != '\0' || M < 1 || M > 20 || S->M != 0)
        return -1;
    S->M = M;
    S->inst = calloc((size_t)M, sizeof(instance_struct));
    S->loaded = calloc((size_t)M, sizeof(int));
    S->witness = _fmpq_vec_init(M);
    S->claim_pattern = calloc((size_t)1 << M, sizeof(slong));
    S->claim_value = _fmpq_vec_init(WORD(1) << M);
    return 0;
}

static int shatter_parse_instance(shatter_set *S, const char *dir, char *a1, char *a2,
                                  char *a3, char *err, size_t errlen)
{
    char *end, path[4096];
    long k = strtol(a1, &end, 10);
    if (S->M == 0 || *end != '\0' || k < 1 || k > S->M || S->loaded[k - 1] ||
        qparse_fmpq(S->witness + k - 1, a3))
        return -1;
    snprintf(path, sizeof(path), "%s/%s", dir, a2);
    if (instance_load(S->inst + k - 1, path, err, errlen))
        return -2;
    S->loaded[k - 1] = 1;
    return 0;
}

static int shatter_parse_pattern(shatter_set *S, const char *bits, const char *value)
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
    if (qparse_fmpq(q, value) || fmpq_sgn(q) <= 0)
        return -1;
    S->claim_pattern[S->nclaims++] = j;
    return 0;
}

/* One record of witness.txt; returns 0, -1 (malformed) or -2 (err set). */
static int shatter_parse_line(shatter_set *S, const char *dir, char *line, char *err,
                              size_t errlen)
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
        return strcmp(tok[1], "lambda") == 0 ? 0 : -1;
    if (strcmp(tok[0], "m") == 0 && n == 2)
        return shatter_parse_m(S, tok[1]);
    if (strcmp(tok[0], "instance") == 0 && n == 4)
        return shatter_parse_instance(S, dir, tok[1], tok[2], tok[3], err, errlen);
    if (strcmp(tok[0], "pattern") == 0 && n == 3)
        return shatter_parse_pattern(S, tok[1], tok[2]);
    return -1;
}

static int shatter_read(shatter_set *S, const char *dir, char *err, size_t errlen)
{
    char path[4096], line[4096];
    snprintf(path, sizeof(path), "%s/witness.txt", dir);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    int rc = 0;
    for (long lineno = 1; rc == 0 && fgets(line, sizeof(line), f) != NULL; lineno++) {
        rc = shatter_parse_line(S, dir, line, err, errlen);
        if (rc == -1)
            snprintf(err, errlen, "%s:%ld: malformed or out-of-order record", path,
                     lineno);
    }
    fclose(f);
    for (slong k = 0; rc == 0 && k < S->M; k++)
        if (!S->loaded[k]) {
            snprintf(err, errlen, "%s: no `instance %ld` record", path, (long)(k + 1));
            rc = -1;
        }
    if (rc == 0 && S->M == 0) {
        snprintf(err, errlen, "%s: no `m` record", path);
        rc = -1;
    }
    return rc ? -1 : 0;
}

/* The pattern at q (bit k-1 set when loss_k(q) > r_k), or -1 when some loss
   equals its witness (no sign). */
static slong shatter_pattern_at(const shatter_set *S, analysis_struct *A, const fmpq_t q)
{
    fmpq_t loss;
    fmpq_init(loss);
    slong j = 0;
    for (slong k = 0; k < S->M && j >= 0; k++) {
        analysis_loss_at(loss, A + k, q);
        int c = fmpq_cmp(loss, S->witness + k);
        if (c == 0)
            j = -1;
        else if (c > 0)
            j |= WORD(1) << k;
    }
    fmpq_clear(loss);
    return j;
}

static void shatter_print_bits(FILE *out, slong M, slong j)
{
    for (slong k = 0; k < M; k++)
        fputc((j >> k) & 1 ? '1' : '0', out);
}

/* Checks the parameters claimed in witness.txt; returns how many are wrong. */
static slong shatter_check_claims(FILE *out, const shatter_set *S, analysis_struct *A)
{
    slong wrong = 0;
    for (slong c = 0; c < S->nclaims; c++) {
        slong j = shatter_pattern_at(S, A, S->claim_value + c);
        if (j == S->claim_pattern[c])
            continue;
        wrong++;
        fputs("claim wrong: pattern ", out);
        shatter_print_bits(out, S->M, S->claim_pattern[c]);
        fputs(" at lambda = ", out);
        fmpq_fprint(out, S->claim_value + c);
        fputs(j < 0 ? ": a loss equals its witness\n" : ": the losses give ", out);
        if (j >= 0) {
            shatter_print_bits(out, S->M, j);
            fputc('\n', out);
        }
    }
    return wrong;
}

/* All breakpoints of all analyses, merged and exactly sorted. */
static rroot_struct **shatter_merge(slong *total, analysis_struct *A, slong M)
{
    slong n = 0;
    for (slong k = 0; k < M; k++)
        n += A[k].nbp;
    rroot_struct **all = flint_malloc(FLINT_MAX(n, 1) * sizeof(rroot_struct *));
    rroot_struct **sorted = flint_malloc(FLINT_MAX(n, 1) * sizeof(rroot_struct *));
    slong *perm = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    n = 0;
    for (slong k = 0; k < M; k++)
        for (slong b = 0; b < A[k].nbp; b++)
            all[n++] = A[k].bp + b;
    roots_sort_perm(perm, all, n);
    for (slong i = 0; i < n; i++)
        sorted[i] = all[perm[i]];
    flint_free(all);
    flint_free(perm);
    *total = n;
    return sorted;
}

/* q strictly between roots a < b (either may be NULL for the domain's ends). */
static void shatter_between(fmpq_t q, rroot_struct *a, rroot_struct *b)
{
    while (a != NULL && b != NULL && fmpq_cmp(a->hi, b->lo) >= 0) {
        rroot_bisect(a);
        rroot_bisect(b);
    }
    fmpq_t zero;
    fmpq_init(zero);
    if (b == NULL)
        rational_simplest_above(q, a == NULL ? zero : a->hi);
    else
        rational_simplest_between(q, a == NULL ? zero : a->hi, b->lo);
    fmpq_clear(zero);
}

/* Marks the pattern of every open piece of the merged breakpoints; found[j]
   receives the first parameter realizing pattern j. Returns patterns found. */
static slong shatter_sweep(int *seen, fmpq *found, const shatter_set *S,
                           analysis_struct *A)
{
    slong n, nfound = 0;
    rroot_struct **bp = shatter_merge(&n, A, S->M);
    fmpq_t q;
    fmpq_init(q);
    for (slong i = 0; i <= n; i++) {
        if (i > 0 && i < n && rroot_cmp(bp[i - 1], bp[i]) == 0)
            continue; /* equal breakpoints: no piece between them */
        shatter_between(q, i > 0 ? bp[i - 1] : NULL, i < n ? bp[i] : NULL);
        slong j = shatter_pattern_at(S, A, q);
        if (j >= 0 && !seen[j]) {
            seen[j] = 1;
            fmpq_set(found + j, q);
            nfound++;
        }
    }
    fmpq_clear(q);
    flint_free(bp);
    return nfound;
}

static void shatter_report(FILE *out, const shatter_set *S, const int *seen,
                           const fmpq *found, slong nfound, slong wrong)
{
    slong npat = WORD(1) << S->M;
    for (slong j = 0; j < npat; j++) {
        fputs("pattern ", out);
        shatter_print_bits(out, S->M, j);
        if (seen[j]) {
            fputs(": realized on the open piece containing lambda = ", out);
            fmpq_fprint(out, found + j);
            fputc('\n', out);
        } else
            fputs(": NOT realized by any piece\n", out);
    }
    fprintf(out, "%ld of %ld patterns realized; %ld claimed parameters wrong\n",
            (long)nfound, (long)npat, (long)wrong);
    fprintf(out, nfound == npat ? "pseudo-shattered: yes\n"
                                : "pseudo-shattered: NO (missing patterns above)\n");
}

int shatter_verify(FILE *out, const char *dir, family_t family, char *err, size_t errlen)
{
    shatter_set S;
    memset(&S, 0, sizeof(S));
    if (family != FAMILY_LAMBDA) {
        snprintf(err, errlen, "verify-shatter supports --family lambda");
        return -1;
    }
    if (shatter_read(&S, dir, err, errlen)) {
        shatter_set_clear(&S);
        return -1;
    }
    analysis_struct *A = calloc((size_t)S.M, sizeof(analysis_struct));
    slong ok = 0;
    for (; ok < S.M; ok++)
        if (analysis_run(A + ok, family, S.inst + ok, 1, 0, NULL, err, errlen))
            break;
    int rc = -1;
    if (ok == S.M) {
        slong npat = WORD(1) << S.M;
        int *seen = calloc((size_t)npat, sizeof(int));
        fmpq *found = _fmpq_vec_init(npat);
        slong wrong = shatter_check_claims(out, &S, A);
        slong nfound = shatter_sweep(seen, found, &S, A);
        shatter_report(out, &S, seen, found, nfound, wrong);
        rc = nfound == npat ? 0 : 1;
        free(seen);
        _fmpq_vec_clear(found, npat);
    }
    for (slong k = 0; k <= ok && k < S.M; k++)
        analysis_clear(A + k); /* a failed run leaves a clearable result too */
    free(A);
    shatter_set_clear(&S);
    return rc;
}
