/* ct_shatter_verify: the exact check that a set of instances is pseudo-shattered. */
#include <stdlib.h>
#include <string.h>
#include "certune/rational.h"
#include "certune/family.h"
#include "shatter_internal.h"
#include "certune/mem.h"

static const char *shatter_param(const ct_shatter_set *S)
{
    return ct_family_symbol(S->family);
}

static int shatter_has_c(const ct_family_struct *row)
{
    return row->has_c;
}

/* The pattern at q (bit k-1 set when loss_k(q) > r_k), or -1 when some loss
   equals its witness (no sign). */
static slong shatter_pattern_at(const ct_shatter_set *S, ct_analysis_struct *A,
                                const fmpq_t q)
{
    fmpq_t loss;
    fmpq_init(loss);
    slong j = 0;
    for (slong k = 0; k < S->M && j >= 0; k++) {
        ct_analysis_loss_at(loss, A + k, q);
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
static slong shatter_check_claims(FILE *out, const ct_shatter_set *S,
                                  ct_analysis_struct *A)
{
    slong wrong = 0;
    for (slong c = 0; c < S->nclaims; c++) {
        slong j = shatter_pattern_at(S, A, S->claim_value + c);
        if (j == S->claim_pattern[c])
            continue;
        wrong++;
        fputs("claim wrong: pattern ", out);
        shatter_print_bits(out, S->M, S->claim_pattern[c]);
        fprintf(out, " at %s = ", shatter_param(S));
        fmpq_fprint(out, S->claim_value + c);
        fputs(j < 0 ? ": a loss equals its witness\n" : ": the losses give ", out);
        if (j >= 0) {
            shatter_print_bits(out, S->M, j);
            fputc('\n', out);
        }
    }
    return wrong;
}

/* a < b, exactly (ct_bpoint_cmp); clears *decided when the order is undecided
   (the result is then arbitrary). */
static int shatter_less(ct_bpoint_struct *a, ct_bpoint_struct *b, int *decided)
{
    int cmp = 0;
    if (!ct_bpoint_cmp(&cmp, a, b))
        *decided = 0;
    return cmp < 0;
}

/* All breakpoints of all analyses, merged and sorted (the bottom-up merge sort
   of ct_rroot_sort_perm, with ct_bpoint_cmp; for lambda the same comparisons in the
   same order). Sets *decided to 0 when some comparison was undecided. */
static ct_bpoint_struct **shatter_merge(slong *total, int *decided, ct_analysis_struct *A,
                                        slong M)
{
    slong n = 0;
    for (slong k = 0; k < M; k++)
        n += A[k].nbp;
    ct_bpoint_struct **bp = flint_malloc(FLINT_MAX(n, 1) * sizeof(ct_bpoint_struct *));
    ct_bpoint_struct **tmp = flint_malloc(FLINT_MAX(n, 1) * sizeof(ct_bpoint_struct *));
    n = 0;
    for (slong k = 0; k < M; k++)
        for (slong b = 0; b < A[k].nbp; b++)
            bp[n++] = A[k].bp + b;
    *decided = 1;
    for (slong width = 1; width < n; width *= 2) {
        for (slong lo = 0; lo < n; lo += 2 * width) {
            slong mid = FLINT_MIN(lo + width, n), hi = FLINT_MIN(lo + 2 * width, n);
            slong i = lo, j = mid, t = lo;
            while (i < mid && j < hi)
                tmp[t++] = shatter_less(bp[j], bp[i], decided) ? bp[j++] : bp[i++];
            while (i < mid)
                tmp[t++] = bp[i++];
            while (j < hi)
                tmp[t++] = bp[j++];
        }
        memcpy(bp, tmp, n * sizeof(ct_bpoint_struct *));
    }
    flint_free(tmp);
    *total = n;
    return bp;
}

/* q strictly between breakpoints a < b; NULL stands for the domain's ends: 0 on
   the left, +inf (lambda) or 1 (delta, alpha) on the right. */
static void shatter_between(fmpq_t q, ct_bpoint_struct *a, ct_bpoint_struct *b,
                            ct_family_t family)
{
    while (a != NULL && b != NULL && fmpq_cmp(ct_bpoint_hi(a), ct_bpoint_lo(b)) >= 0) {
        ct_bpoint_bisect(a);
        ct_bpoint_bisect(b);
    }
    while (a == NULL && b != NULL && fmpq_sgn(ct_bpoint_lo(b)) <= 0)
        ct_bpoint_bisect(b);
    int hi_inf = ct_family_get(family)->hi_inf;
    while (!hi_inf && a != NULL && b == NULL && fmpq_cmp_si(ct_bpoint_hi(a), 1) >= 0)
        ct_bpoint_bisect(a);
    fmpq_t zero, one;
    fmpq_init(zero);
    fmpq_init(one);
    fmpq_one(one);
    const fmpq *left = a == NULL ? zero : ct_bpoint_hi(a);
    if (b == NULL && hi_inf)
        ct_rational_simplest_above(q, left);
    else
        ct_rational_simplest_between(q, left, b == NULL ? one : ct_bpoint_lo(b));
    fmpq_clear(zero);
    fmpq_clear(one);
}

/* Marks the pattern of every open piece of the merged breakpoints; found[j]
   receives the first parameter realizing pattern j. Returns the number of
   patterns found, or -1 when the order of two breakpoints is undecided. */
static slong shatter_sweep(FILE *out, int *seen, fmpq *found, const ct_shatter_set *S,
                           ct_analysis_struct *A)
{
    slong n, nfound = 0;
    int decided;
    ct_bpoint_struct **bp = shatter_merge(&n, &decided, A, S->M);
    fmpq_t q;
    fmpq_init(q);
    for (slong i = 0; decided && i <= n; i++) {
        int cmp = 1;
        if (i > 0 && i < n && !ct_bpoint_cmp(&cmp, bp[i - 1], bp[i]))
            decided = 0;
        if (!decided || cmp == 0)
            continue; /* equal breakpoints: no piece between them */
        shatter_between(q, i > 0 ? bp[i - 1] : NULL, i < n ? bp[i] : NULL, S->family);
        slong j = shatter_pattern_at(S, A, q);
        if (j >= 0 && !seen[j]) {
            seen[j] = 1;
            fmpq_set(found + j, q);
            nfound++;
        }
    }
    if (!decided)
        fputs("undecided: the order of two breakpoints of the set could not be "
              "decided exactly (exponential sums too close to separate)\n",
              out);
    fmpq_clear(q);
    flint_free(bp);
    return decided ? nfound : -1;
}

static void shatter_report(FILE *out, const ct_shatter_set *S, const int *seen,
                           const fmpq *found, slong nfound, slong wrong)
{
    slong npat = WORD(1) << S->M;
    for (slong j = 0; j < npat; j++) {
        fputs("pattern ", out);
        shatter_print_bits(out, S->M, j);
        if (seen[j]) {
            fprintf(out,
                    ": realized on the open piece containing %s = ", shatter_param(S));
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

/* Lists the undecided parts of the analyses; returns 1 when there is one. */
static int shatter_undecided(FILE *out, const ct_shatter_set *S,
                             const ct_analysis_struct *A)
{
    int any = 0;
    for (slong k = 0; k < S->M; k++)
        for (slong u = 0; u < A[k].nundecided; u++, any = 1)
            fprintf(out, "instance %ld (%s): undecided in [%s, %s]: %s\n", (long)(k + 1),
                    S->inst[k].path, A[k].und_lo[u], A[k].und_hi[u], A[k].und_what[u]);
    return any;
}

int ct_shatter_check(FILE *out, const ct_shatter_set *S, ct_analysis_struct *A)
{
    if (shatter_undecided(out, S, A)) {
        fputs("pseudo-shattered: undecided (no loss is certified)\n", out);
        return CT_SHATTER_UNDECIDED;
    }
    slong npat = WORD(1) << S->M;
    int *seen = ct_mem_calloc((size_t)npat, sizeof(int));
    fmpq *found = _fmpq_vec_init(npat);
    slong wrong = shatter_check_claims(out, S, A);
    slong nfound = shatter_sweep(out, seen, found, S, A);
    int rc = CT_SHATTER_UNDECIDED;
    if (nfound < 0)
        fputs("pseudo-shattered: undecided\n", out);
    else {
        shatter_report(out, S, seen, found, nfound, wrong);
        rc = nfound == npat ? CT_SHATTER_YES : CT_SHATTER_NO;
    }
    free(seen);
    _fmpq_vec_clear(found, npat);
    return rc;
}

/* The --c asked for against the file's: 0, or -1 with err set. */
static int shatter_check_c(const ct_shatter_set *S, const char *dir, const fmpq_t c,
                           char *err, size_t errlen)
{
    int has_c = ct_family_row(S->family)->has_c;
    if (c == NULL || (has_c && fmpq_equal(c, S->c)))
        return 0;
    char *want = fmpq_get_str(NULL, 10, c), *have = fmpq_get_str(NULL, 10, S->c);
    char list[256];
    ct_family_list(list, sizeof(list), shatter_has_c);
    if (!has_c)
        snprintf(err, errlen,
                 "%s/witness.txt: --c applies only to family %s; the set "
                 "is for family %s",
                 dir, list, ct_family_name(S->family));
    else
        snprintf(err, errlen, "%s/witness.txt: the set has c = %s, not --c %s", dir, have,
                 want);
    flint_free(want);
    flint_free(have);
    return -1;
}

/* The family and its domain when the domain is bounded (a set on (0, +inf),
   as every set was before the `family` record, reports as it did: no head). */
static void shatter_verify_head(FILE *out, const ct_shatter_set *S)
{
    const ct_family_struct *row = ct_family_row(S->family);
    if (row->analysis.hi_inf)
        return;
    if (row->has_c) {
        fprintf(out, "family %s on %s, c = ", row->name, row->domain_text);
        fmpq_fprint(out, S->c);
        fputs(" (from witness.txt)\n", out);
    } else
        fprintf(out, "family %s on %s%s\n", row->name,
                row->analysis.closed ? "" : "the open interval ", row->domain_text);
}

int ct_shatter_verify(FILE *out, const char *dir, const ct_family_t *family,
                      const fmpq_t c, char *err, size_t errlen)
{
    ct_shatter_set S;
    if (ct_shatter_read(&S, dir, family, err, errlen) ||
        shatter_check_c(&S, dir, c, err, errlen)) {
        ct_shatter_set_clear(&S);
        return CT_SHATTER_INVALID;
    }
    shatter_verify_head(out, &S);
    ct_analysis_struct *A = ct_mem_calloc((size_t)S.M, sizeof(ct_analysis_struct));
    slong ok = 0;
    for (; ok < S.M; ok++)
        if (ct_family_analyze(A + ok, S.family, ct_family_c_or_null(S.family, S.c),
                              S.inst + ok, 1, 0, NULL, err, errlen))
            break;
    int rc = ok == S.M ? ct_shatter_check(out, &S, A) : CT_SHATTER_INVALID;
    for (slong k = 0; k <= ok && k < S.M; k++)
        ct_analysis_clear(A + k); /* a failed run leaves a clearable result too */
    free(A);
    ct_shatter_set_clear(&S);
    return rc;
}
