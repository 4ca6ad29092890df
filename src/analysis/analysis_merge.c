/* analysis_merge: the analysis of a union of two disjoint instance sets from
   the analyses of the parts, exactly as one run over the union would give it.
   Breakpoints are merged by ct_bpoint_cmp (the analyzer's own comparison), the
   losses are the instance-weighted means of the parts' losses (exact
   fractions), per-instance costs are re-placed on the merged places, and the
   summary (pieces, minimum, representative) is recomputed by the same code. */
#include <stdlib.h>
#include <string.h>
#include "certune/mem.h"
#include "analysis_internal.h"

/* A copy of s (malloc, freed with free), NULL for NULL. */
static char *merge_copy(const char *s)
{
    return s == NULL ? NULL : ct_mem_strdup(s);
}

/* The merged order: union breakpoint k is A's ia[k] and/or B's ib[k] (-1:
   absent). Returns the count, or -1 with the undecided comparison in R. */
static slong merge_order(slong *ia, slong *ib, ct_analysis_t R, ct_analysis_t A,
                         ct_analysis_t B)
{
    slong i = 0, j = 0, n = 0;
    while (i < A->nbp || j < B->nbp) {
        int c = i == A->nbp ? 1 : -1;
        if (i < A->nbp && j < B->nbp && !ct_bpoint_cmp(&c, A->bp + i, B->bp + j)) {
            _ct_analysis_undecided_pair(R, A->bp + i, B->bp + j);
            return -1;
        }
        ia[n] = c <= 0 ? i++ : -1;
        ib[n] = c >= 0 ? j++ : -1;
        n++;
    }
    return n;
}

/* r = (na la + nb lb) / (na + nb): the mean over the union's instances. */
static void merge_mean(fmpq_t r, const fmpq_t la, slong na, const fmpq_t lb, slong nb)
{
    fmpq_t t;
    fmpq_init(t);
    fmpq_mul_si(t, la, na);
    fmpq_mul_si(r, lb, nb);
    fmpq_add(r, r, t);
    fmpz_t n;
    fmpz_init_set_si(n, na + nb);
    fmpq_div_fmpz(r, r, n);
    fmpz_clear(n);
    fmpq_clear(t);
}

static void merge_breakpoint(ct_analysis_t R, slong k, const ct_analysis_t S, slong s)
{
    ct_bpoint_set(R->bp + k, S->bp + s);
    R->approx[k] = merge_copy(S->approx[s]);
    R->lo_str[k] = merge_copy(S->lo_str[s]);
    R->hi_str[k] = merge_copy(S->hi_str[s]);
    R->exact[k] = merge_copy(S->exact[s]);
}

/* Breakpoints, changes, jumps and losses on the merged order. A point that both
   parts have keeps A's certificate (A's instances come first). */
static void merge_losses(ct_analysis_t R, const ct_analysis_t A, const ct_analysis_t B,
                         const slong *ia, const slong *ib)
{
    slong na = A->ninst, nb = B->ninst, i = 0, j = 0;
    merge_mean(R->piece_loss + 0, A->piece_loss + 0, na, B->piece_loss + 0, nb);
    for (slong k = 0; k < R->nbp; k++) {
        ct_bpoint_init(R->bp + k);
        merge_breakpoint(R, k, ia[k] >= 0 ? A : B, ia[k] >= 0 ? ia[k] : ib[k]);
        R->changes[k] =
            (ia[k] >= 0 ? A->changes[ia[k]] : 0) + (ib[k] >= 0 ? B->changes[ib[k]] : 0);
        R->jump[k] = (ia[k] >= 0 && A->jump[ia[k]]) || (ib[k] >= 0 && B->jump[ib[k]]);
        merge_mean(R->point_loss + k,
                   ia[k] >= 0 ? A->point_loss + ia[k] : A->piece_loss + i, na,
                   ib[k] >= 0 ? B->point_loss + ib[k] : B->piece_loss + j, nb);
        i += ia[k] >= 0;
        j += ib[k] >= 0;
        merge_mean(R->piece_loss + k + 1, A->piece_loss + i, na, B->piece_loss + j, nb);
    }
    for (int e = 0; R->closed && e < 2; e++)
        merge_mean(R->end_loss + e, A->end_loss + e, na, B->end_loss + e, nb);
}

/* first[q] = the merged place where part S's place q begins (S is A when
   side is 0, B when 1; idx = ia or ib). */
static void merge_place_map(slong *first, const ct_analysis_t R, const ct_analysis_t S,
                            const slong *idx)
{
    if (R->closed) {
        first[0] = 0;
        first[S->nplaces - 1] = R->nplaces - 1;
    }
    first[ct_analysis_place_of_piece(S, 0)] = ct_analysis_place_of_piece(R, 0);
    for (slong k = 0; k < R->nbp; k++) {
        if (idx[k] < 0)
            continue;
        first[ct_analysis_place_of_point(S, idx[k])] = ct_analysis_place_of_point(R, k);
        first[ct_analysis_place_of_piece(S, idx[k] + 1)] =
            ct_analysis_place_of_piece(R, k + 1);
    }
}

/* Appends part S's events of place q (instances shifted by off, costs scaled). */
static slong merge_copy_events(ct_analysis_t R, slong at, const ct_analysis_t S, slong q,
                               slong off, slong scale)
{
    for (slong e = S->place_start[q]; e < S->place_start[q + 1]; e++, at++) {
        R->ev_inst[at] = S->ev_inst[e] + off;
        R->ev_delta[at] = S->ev_delta[e] * scale;
    }
    return at;
}

/* Tied nodes per place: the sum of the parts' counts on the places of A and B
   holding it (a part's place q holds the merged places from its start
   first[q] up to the next part place's start). A part's piece that may hide a
   touching tie passes the doubt to every merged place inside it. */
static void merge_tied(ct_analysis_t R, const ct_analysis_t A, const ct_analysis_t B,
                       const slong *inv_a, const slong *inv_b)
{
    R->place_tied = flint_calloc(2 * R->nplaces, sizeof(slong));
    R->place_hidden = R->place_tied + R->nplaces;
    for (slong p = 0, qa = 0, qb = 0; p < R->nplaces; p++) {
        qa = inv_a[p] >= 0 ? inv_a[p] : qa;
        qb = inv_b[p] >= 0 ? inv_b[p] : qb;
        R->place_tied[p] = A->place_tied[qa] + B->place_tied[qb];
        R->place_hidden[p] = A->place_hidden[qa] + B->place_hidden[qb];
    }
}

/* Every instance's nodes and classes: A's then B's. */
static void merge_inst_sizes(ct_analysis_t R, const ct_analysis_t A,
                             const ct_analysis_t B)
{
    slong m = R->ninst, na = A->ninst;
    if (A->inst_nodes == NULL || B->inst_nodes == NULL)
        return;
    R->inst_nodes = flint_malloc(2 * FLINT_MAX(m, 1) * sizeof(slong));
    R->inst_classes = R->inst_nodes + FLINT_MAX(m, 1);
    for (slong t = 0; t < m; t++) {
        R->inst_nodes[t] = t < na ? A->inst_nodes[t] : B->inst_nodes[t - na];
        R->inst_classes[t] = t < na ? A->inst_classes[t] : B->inst_classes[t - na];
    }
}

/* Per-instance costs: A's instances then B's, in units of the union's tie
   unit, each event at the merged place where its part's place begins; within
   a place A's events precede B's, as in one run (nodes in instance order). */
static void merge_instances(ct_analysis_t R, const ct_analysis_t A, const ct_analysis_t B,
                            const slong *ia, const slong *ib)
{
    slong m = R->ninst, sa = R->tie_unit / A->tie_unit, sb = R->tie_unit / B->tie_unit;
    R->nplaces = 2 * R->nbp + 1 + (R->closed ? 2 : 0);
    R->inst_nscored = flint_malloc(m * sizeof(slong));
    R->inst_cost0 = flint_malloc(m * sizeof(slong));
    for (slong t = 0; t < m; t++) {
        int in_a = t < A->ninst;
        slong u = in_a ? t : t - A->ninst;
        R->inst_nscored[t] = in_a ? A->inst_nscored[u] : B->inst_nscored[u];
        R->inst_cost0[t] = in_a ? A->inst_cost0[u] * sa : B->inst_cost0[u] * sb;
    }
    slong *inv_a = flint_malloc(2 * R->nplaces * sizeof(slong)),
          *inv_b = inv_a + R->nplaces;
    slong *first = flint_malloc((A->nplaces + B->nplaces) * sizeof(slong));
    for (slong p = 0; p < 2 * R->nplaces; p++)
        inv_a[p] = -1;
    merge_place_map(first, R, A, ia);
    merge_place_map(first + A->nplaces, R, B, ib);
    for (slong q = 0; q < A->nplaces; q++)
        inv_a[first[q]] = q;
    for (slong q = 0; q < B->nplaces; q++)
        inv_b[first[A->nplaces + q]] = q;
    slong nev = A->place_start[A->nplaces] + B->place_start[B->nplaces], at = 0;
    R->place_start = flint_malloc((R->nplaces + 1) * sizeof(slong));
    R->ev_inst = flint_malloc(FLINT_MAX(nev, 1) * sizeof(slong));
    R->ev_delta = flint_malloc(FLINT_MAX(nev, 1) * sizeof(slong));
    for (slong p = 0; p < R->nplaces; p++) {
        R->place_start[p] = at;
        if (inv_a[p] >= 0)
            at = merge_copy_events(R, at, A, inv_a[p], 0, sa);
        if (inv_b[p] >= 0)
            at = merge_copy_events(R, at, B, inv_b[p], A->ninst, sb);
    }
    R->place_start[R->nplaces] = at;
    merge_tied(R, A, B, inv_a, inv_b);
    flint_free(inv_a);
    flint_free(first);
}

static int merge_check(const ct_analysis_t A, const ct_analysis_t B, char *err,
                       size_t errlen)
{
    const char *what = A->family != B->family                             ? "families"
                       : !fmpq_equal(A->c, B->c)                          ? "constants c"
                       : A->ties != B->ties                               ? "tie rules"
                       : A->closed != B->closed || A->hi_inf != B->hi_inf ? "domains"
                                                                          : NULL;
    if (what != NULL)
        snprintf(err, errlen, "cannot merge analyses with different %s", what);
    return what != NULL ? -1 : 0;
}

static void merge_copy_undecided(ct_analysis_t R, const ct_analysis_t S)
{
    for (slong k = 0; k < S->nundecided; k++)
        ct_analysis_add_undecided(R, S->und_lo[k], S->und_hi[k], S->und_what[k]);
}

int ct_analysis_merge(ct_analysis_t R, ct_analysis_t A, ct_analysis_t B, char *err,
                      size_t errlen)
{
    ct_analysis_init_empty(R, A->family, A->ninst + B->ninst);
    if (merge_check(A, B, err, errlen))
        return -1;
    fmpq_set(R->c, A->c);
    R->ties = A->ties;
    R->nscored = A->nscored + B->nscored;
    R->tie_unit =
        A->tie_unit / n_gcd((ulong)A->tie_unit, (ulong)B->tie_unit) * B->tie_unit;
    R->closed = A->closed; /* the domain's ends, kept when undecided too */
    R->ball_fallbacks = A->ball_fallbacks + B->ball_fallbacks;
    R->ball_fallback_rows = A->ball_fallback_rows + B->ball_fallback_rows;
    R->hi_inf = A->hi_inf;
    merge_inst_sizes(R, A, B);
    merge_copy_undecided(R, A);
    merge_copy_undecided(R, B);
    if (R->nundecided > 0)
        return 0;
    slong *ia = flint_malloc(2 * FLINT_MAX(A->nbp + B->nbp, 1) * sizeof(slong));
    slong *ib = ia + FLINT_MAX(A->nbp + B->nbp, 1);
    slong n = merge_order(ia, ib, R, A, B);
    if (n >= 0) {
        ct_analysis_alloc_breakpoints(R, n);
        merge_losses(R, A, B, ia, ib);
        merge_instances(R, A, B, ia, ib);
        ct_analysis_summarize(R);
    }
    flint_free(ia);
    return 0;
}
