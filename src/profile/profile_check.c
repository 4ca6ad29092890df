/* profile_check: what a loaded profile must satisfy beyond its syntax, and the
   losses recomputed from the per-instance costs (the sweep's own formula:
   the mean over instances of cost / (nscored * tie_unit)). */
#include <stdlib.h>
#include <string.h>
#include "certune/mem.h"
#include "certune/text.h"
#include "profile_internal.h"

static fmpq *check_slot(ct_analysis_t A, slong p)
{
    if (A->closed && p == 0)
        return A->end_loss + 0;
    if (A->closed && p == A->nplaces - 1)
        return A->end_loss + 1;
    slong q = p - (A->closed ? 1 : 0);
    return q % 2 == 0 ? A->piece_loss + q / 2 : A->point_loss + q / 2;
}

/* s += delta / nscored */
static void check_add(fmpq_t s, slong delta, slong nscored, fmpq_t t)
{
    fmpq_set_si(t, delta, (ulong)nscored);
    fmpq_add(s, s, t);
}

int _ct_profile_losses(ct_analysis_t A, char *err, size_t errlen)
{
    slong *cost = flint_malloc(A->ninst * sizeof(slong));
    fmpq_t s, t;
    fmpz_t den;
    fmpq_init(s), fmpq_init(t), fmpz_init(den);
    fmpz_set_si(den, A->ninst);
    fmpz_mul_si(den, den, A->tie_unit);
    for (slong i = 0; i < A->ninst; i++) {
        cost[i] = A->inst_cost0[i];
        check_add(s, cost[i], A->inst_nscored[i], t);
    }
    int rc = 0;
    for (slong p = 0; rc == 0 && p < A->nplaces; p++) {
        for (slong e = A->place_start[p]; rc == 0 && e < A->place_start[p + 1]; e++) {
            slong i = A->ev_inst[e];
            cost[i] += A->ev_delta[e];
            check_add(s, A->ev_delta[e], A->inst_nscored[i], t);
            if (cost[i] < 0 || cost[i] > A->inst_nscored[i] * A->tie_unit) {
                snprintf(err, errlen, "instance %ld's cost leaves its range at place %ld",
                         (long)i + 1, (long)p);
                rc = -1;
            }
        }
        fmpq_div_fmpz(check_slot(A, p), s, den);
    }
    fmpq_clear(s), fmpq_clear(t), fmpz_clear(den);
    flint_free(cost);
    return rc;
}

int _ct_profile_check_order(ct_analysis_t A, char *err, size_t errlen)
{
    ct_bpoint_t x, y;
    ct_bpoint_init(x), ct_bpoint_init(y);
    int rc = 0;
    for (slong b = 1; rc == 0 && b < A->nbp; b++) {
        int cmp;
        ct_bpoint_set(x, A->bp + b - 1); /* copies: the saved intervals stay as saved */
        ct_bpoint_set(y, A->bp + b);
        if (!ct_bpoint_cmp(&cmp, x, y) || cmp >= 0) {
            snprintf(err, errlen, "breakpoints %ld and %ld are not in increasing order",
                     (long)b, (long)b + 1);
            rc = -1;
        }
    }
    /* inside the open domain: (0, +inf), or (0, 1) */
    fmpq_t end;
    fmpq_init(end);
    int out = rc == 0 && A->nbp > 0 && ct_bpoint_cmp_fmpq(A->bp + 0, end) <= 0;
    fmpq_one(end);
    out |= rc == 0 && A->nbp > 0 && !A->hi_inf &&
           ct_bpoint_cmp_fmpq(A->bp + A->nbp - 1, end) >= 0;
    if (out) {
        snprintf(err, errlen, "a breakpoint lies outside the domain");
        rc = -1;
    }
    fmpq_clear(end);
    ct_bpoint_clear(x), ct_bpoint_clear(y);
    return rc;
}

void _ct_profile_prefix(char *err, size_t errlen, const char *path)
{
    char *tail = ct_mem_malloc(errlen);
    snprintf(tail, errlen, "%s", err);
    snprintf(err, errlen, "%s: %s", path, tail);
    free(tail);
}

char *_ct_profile_unescape(const char *t, size_t n)
{
    char *v = ct_mem_malloc(n + 1);
    if (ct_text_unescape(v, t, n) >= 0)
        return v;
    free(v);
    return NULL;
}
