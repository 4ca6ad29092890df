/* capi: the analysis behind a profile handle, and the profile's getters. */
#include <stdio.h>
#include <stdlib.h>
#include "certune/mem.h"
#include "certune/family.h"
#include "certune/qparse.h"
#include "capi_internal.h"

static int capi_has_c(const ct_family_struct *row)
{
    return row->has_c;
}

/* c for family: NULL (its default), or an exact rational in (0, 1). */
static int capi_parse_c(fmpq_t cq, int family, const char *c, char *err, size_t errlen)
{
    if (c == NULL)
        return CT_CAPI_OK;
    if (!ct_family_row(family)->has_c) {
        char list[256];
        ct_family_list(list, sizeof(list), capi_has_c);
        _ct_capi_error(err, errlen, "c applies only to the %s family", list);
        return CT_CAPI_USAGE;
    }
    fmpq_t one;
    fmpq_init(one);
    fmpq_one(one);
    int bad = ct_qparse_fmpq(cq, c) || fmpq_sgn(cq) <= 0 || fmpq_cmp(cq, one) >= 0;
    fmpq_clear(one);
    if (bad) {
        _ct_capi_error(err, errlen, "c must be an exact rational in (0, 1), not '%.40s'",
                       c);
        return CT_CAPI_USAGE;
    }
    return CT_CAPI_OK;
}

int ct_capi_analyze(ct_capi_profile_struct **out, const ct_capi_instances_struct *S,
                    int family, const char *c, int score_all, char *err, size_t errlen)
{
    return ct_capi_analyze_with(out, S, family, c, score_all, CT_CAPI_TIES_SMALLEST, 0, 1,
                                err, errlen);
}

int ct_capi_analyze_ties(ct_capi_profile_struct **out, const ct_capi_instances_struct *S,
                         int family, const char *c, int score_all, int ties, char *err,
                         size_t errlen)
{
    return ct_capi_analyze_with(out, S, family, c, score_all, ties, 0, 1, err, errlen);
}

int _ct_capi_ties_ok(int ties, char *err, size_t errlen)
{
    if (ties == CT_CAPI_TIES_SMALLEST || ties == CT_CAPI_TIES_EXPECTED)
        return 1;
    _ct_capi_error(err, errlen, "unknown tie rule %d (0: smallest, 1: expected)", ties);
    return 0;
}

int _ct_capi_family_c(fmpq_t cq, int family, const char *c, char *err, size_t errlen)
{
    if (family < 0 || family >= ct_family_count()) {
        _ct_capi_error(err, errlen, "unknown family id %d", family);
        return CT_CAPI_USAGE;
    }
    return capi_parse_c(cq, family, c, err, errlen);
}

/* The checks of ct_capi_analyze_with's arguments beyond family and c. */
static int capi_settings_ok(int ties, long ball_min_nodes, long threads, char *err,
                            size_t errlen)
{
    if (!_ct_capi_ties_ok(ties, err, errlen))
        return 0;
    if (ball_min_nodes < 0 || ball_min_nodes == 1) {
        _ct_capi_error(err, errlen,
                       "ball_min_nodes takes 0 (the default), a node count >= 2 or "
                       "CT_CAPI_BALL_OFF, not %ld",
                       ball_min_nodes);
        return 0;
    }
    if (threads < 1 || threads > CT_CAPI_MAX_THREADS) {
        _ct_capi_error(err, errlen, "threads takes 1..%d, not %ld", CT_CAPI_MAX_THREADS,
                       threads);
        return 0;
    }
    return 1;
}

int ct_capi_analyze_with(ct_capi_profile_struct **out, const ct_capi_instances_struct *S,
                         int family, const char *c, int score_all, int ties,
                         long ball_min_nodes, long threads, char *err, size_t errlen)
{
    *out = NULL;
    if (!capi_settings_ok(ties, ball_min_nodes, threads, err, errlen))
        return CT_CAPI_USAGE;
    fmpq_t cq;
    fmpq_init(cq);
    int r = _ct_capi_family_c(cq, family, c, err, errlen);
    if (r != CT_CAPI_OK) {
        fmpq_clear(cq);
        return r;
    }
    ct_capi_profile_struct *P = ct_mem_calloc(1, sizeof(*P));
    size_t wlen = 0;
    FILE *warn = P == NULL ? NULL : open_memstream(&P->warnings, &wlen);
    if (warn == NULL)
        abort();
    ct_analysis_settings_struct set = {.ball_min_nodes = ball_min_nodes};
    r = ct_family_analyze_threads(P->A, (ct_family_t)family, c == NULL ? NULL : cq,
                                  S->inst, S->len, score_all != 0, ties, threads, &set,
                                  warn, err, errlen);
    fclose(warn);
    fmpq_clear(cq);
    if (r != 0) {
        ct_capi_profile_destroy(P);
        return CT_CAPI_INPUT;
    }
    *out = P;
    return P->A->nundecided ? CT_CAPI_UNDECIDED : CT_CAPI_OK;
}

void ct_capi_profile_destroy(ct_capi_profile_struct *P)
{
    if (P == NULL)
        return;
    ct_analysis_clear(P->A);
    free(P->warnings);
    free(P);
}

int ct_capi_profile_family(const ct_capi_profile_struct *P)
{
    return (int)P->A->family;
}
long ct_capi_profile_ninstances(const ct_capi_profile_struct *P)
{
    return P->A->ninst;
}
long ct_capi_profile_nscored(const ct_capi_profile_struct *P)
{
    return P->A->nscored;
}
long ct_capi_profile_nundecided(const ct_capi_profile_struct *P)
{
    return P->A->nundecided;
}
int ct_capi_profile_closed(const ct_capi_profile_struct *P)
{
    return P->A->closed;
}

long ct_capi_profile_nbreakpoints(const ct_capi_profile_struct *P)
{
    return _ct_capi_decided(P) ? P->A->nbp : 0;
}

long ct_capi_profile_loss_pieces(const ct_capi_profile_struct *P)
{
    return _ct_capi_decided(P) ? P->A->loss_pieces : -1;
}

char *ct_capi_profile_c(const ct_capi_profile_struct *P)
{
    return ct_family_row(P->A->family)->has_c ? _ct_capi_fmpq_str(P->A->c) : NULL;
}

char *ct_capi_profile_warnings(const ct_capi_profile_struct *P)
{
    return _ct_capi_strdup(P->warnings ? P->warnings : "");
}

/* Breakpoint b exists. */
static int capi_bp_ok(const ct_capi_profile_struct *P, long b)
{
    return _ct_capi_decided(P) && b >= 0 && b < P->A->nbp;
}

char *ct_capi_profile_bp_exact(const ct_capi_profile_struct *P, long b)
{
    return capi_bp_ok(P, b) ? _ct_capi_strdup(P->A->exact[b]) : NULL;
}

char *ct_capi_profile_bp_approx(const ct_capi_profile_struct *P, long b)
{
    return capi_bp_ok(P, b) ? _ct_capi_strdup(P->A->approx[b]) : NULL;
}

char *ct_capi_profile_bp_lo(const ct_capi_profile_struct *P, long b)
{
    return capi_bp_ok(P, b) ? _ct_capi_strdup(P->A->lo_str[b]) : NULL;
}

char *ct_capi_profile_bp_hi(const ct_capi_profile_struct *P, long b)
{
    return capi_bp_ok(P, b) ? _ct_capi_strdup(P->A->hi_str[b]) : NULL;
}

long ct_capi_profile_bp_changes(const ct_capi_profile_struct *P, long b)
{
    return capi_bp_ok(P, b) ? P->A->changes[b] : -1;
}

int ct_capi_profile_bp_jump(const ct_capi_profile_struct *P, long b)
{
    return capi_bp_ok(P, b) ? P->A->jump[b] != 0 : -1;
}
