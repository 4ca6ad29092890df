/* capi: exact losses, the minimum and rational points of a profile. */
#include <stdlib.h>
#include "certune/family.h"
#include "certune/qparse.h"
#include "capi_internal.h"

char *ct_capi_profile_piece_loss(const ct_capi_profile_struct *P, long i)
{
    if (!_ct_capi_decided(P) || i < 0 || i > P->A->nbp)
        return NULL;
    return _ct_capi_fmpq_str(P->A->piece_loss + i);
}

char *ct_capi_profile_point_loss(const ct_capi_profile_struct *P, long b)
{
    if (!_ct_capi_decided(P) || b < 0 || b >= P->A->nbp)
        return NULL;
    return _ct_capi_fmpq_str(P->A->point_loss + b);
}

char *ct_capi_profile_end_loss(const ct_capi_profile_struct *P, int end)
{
    if (!_ct_capi_decided(P) || !P->A->closed || (end != 0 && end != 1))
        return NULL;
    return _ct_capi_fmpq_str(P->A->end_loss + end);
}

char *ct_capi_profile_min_loss(const ct_capi_profile_struct *P)
{
    return _ct_capi_decided(P) ? _ct_capi_fmpq_str(P->A->min_loss) : NULL;
}

long ct_capi_profile_min_npieces(const ct_capi_profile_struct *P)
{
    return _ct_capi_decided(P) ? P->A->nmin_pieces : 0;
}

long ct_capi_profile_min_piece(const ct_capi_profile_struct *P, long k)
{
    return k >= 0 && k < ct_capi_profile_min_npieces(P) ? P->A->min_pieces[k] : -1;
}

long ct_capi_profile_min_npoints(const ct_capi_profile_struct *P)
{
    return _ct_capi_decided(P) ? P->A->nmin_points : 0;
}

long ct_capi_profile_min_point(const ct_capi_profile_struct *P, long k)
{
    return k >= 0 && k < ct_capi_profile_min_npoints(P) ? P->A->min_points[k] : -1;
}

int ct_capi_profile_min_ends(const ct_capi_profile_struct *P)
{
    return _ct_capi_decided(P) && P->A->closed ? P->A->min_ends : 0;
}

long ct_capi_profile_best_piece(const ct_capi_profile_struct *P)
{
    return _ct_capi_decided(P) ? P->A->best_piece : -1;
}

char *ct_capi_profile_representative(const ct_capi_profile_struct *P)
{
    return _ct_capi_decided(P) ? _ct_capi_fmpq_str(P->A->representative) : NULL;
}

char *ct_capi_profile_piece_point(ct_capi_profile_struct *P, long i)
{
    if (!_ct_capi_decided(P) || i < 0 || i > P->A->nbp)
        return NULL;
    fmpq_t q;
    fmpq_init(q);
    ct_analysis_piece_point(q, P->A, i);
    char *s = _ct_capi_fmpq_str(q);
    fmpq_clear(q);
    return s;
}

/* q lies in the family's domain: (0, +inf), (0, 1), or [0, 1] when closed. */
static int capi_in_domain(const ct_capi_profile_struct *P, const fmpq_t q)
{
    int lo = fmpq_sgn(q), hi = P->A->hi_inf ? -1 : fmpq_cmp_si(q, 1);
    if (P->A->closed)
        return lo >= 0 && hi <= 0;
    return lo > 0 && hi < 0;
}

char *ct_capi_profile_loss_at(ct_capi_profile_struct *P, const char *q, char *err,
                              size_t errlen)
{
    if (!_ct_capi_decided(P)) {
        _ct_capi_error(err, errlen, "the analysis is undecided: no loss is known");
        return NULL;
    }
    fmpq_t x, loss;
    fmpq_init(x);
    fmpq_init(loss);
    char *s = NULL;
    if (q == NULL || ct_qparse_fmpq(x, q) != 0)
        _ct_capi_error(err, errlen, "malformed rational '%.40s'", q ? q : "(null)");
    else if (!capi_in_domain(P, x))
        _ct_capi_error(err, errlen, "%.40s is outside the domain %s", q,
                       ct_family_domain_text(P->A->family));
    else {
        ct_analysis_loss_at(loss, P->A, x);
        s = _ct_capi_fmpq_str(loss);
    }
    fmpq_clear(x);
    fmpq_clear(loss);
    return s;
}

char *ct_capi_profile_undecided_lo(const ct_capi_profile_struct *P, long k)
{
    return k >= 0 && k < P->A->nundecided ? _ct_capi_strdup(P->A->und_lo[k]) : NULL;
}

char *ct_capi_profile_undecided_hi(const ct_capi_profile_struct *P, long k)
{
    return k >= 0 && k < P->A->nundecided ? _ct_capi_strdup(P->A->und_hi[k]) : NULL;
}

char *ct_capi_profile_undecided_what(const ct_capi_profile_struct *P, long k)
{
    return k >= 0 && k < P->A->nundecided ? _ct_capi_strdup(P->A->und_what[k]) : NULL;
}
