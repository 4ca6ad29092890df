/* family: the family table, the single source of what differs between the
   families (the analyzer below it names none; the tools above ask it). */
#include <math.h>
#include <string.h>
#include "certune/alpha.h"
#include "certune/delta.h"
#include "certune/family.h"
#include "certune/lambda.h"
#include "certune/lsroot.h"
#include "certune/qparse.h"

static const ct_family_ball_struct family_ball_lambda = {CT_LAMBDA_BALL_MIN_NODES};
static const ct_family_ball_struct family_ball_alpha = {CT_ALPHA_BALL_MIN_NODES};
static const ct_family_ball_struct family_ball_delta = {CT_DELTA_BALL_MIN_NODES};

/* Indexed by ct_family_t: a new family is one more row (its id the index). */
const ct_family_struct ct_family_table[] = {
    [CT_FAMILY_LAMBDA] =
        {.name = "lambda",
         .symbol = "lambda",
         .symbol_svg = "&#955;",
         .rank = 0,
         .lo_text = "0",
         .hi_text = "+inf",
         .hi_plain = "inf",
         .domain_text = "(0, +inf)",
         .grid_point = ct_family_grid_log10,
         /* M = L + x Delta, one group per class (base 1) */
         .eval = {CT_FAMILY_AT_ONE, CT_FAMILY_AT_X, CT_FAMILY_AT_ZERO, 0},
         .analysis = {CT_FAMILY_LAMBDA, 1, 0, ct_lambda_analysis_build},
         .ball = &family_ball_lambda,
         .bounds = {ct_lambda_bounds_sign_functions, ct_lambda_bounds_sharp, 1, 1,
                    "eigen(K)-1", "bound_kron", "distinct eigenvalues of K - 1"},
         .shatter = {ct_lambda_shatter_instance, ct_lambda_shatter_parameter, NULL}},
    [CT_FAMILY_DELTA] = {.name = "delta",
                         .symbol = "delta",
                         .symbol_svg = "&#948;",
                         .rank = 2,
                         .lo_text = "0",
                         .hi_text = "1",
                         .hi_plain = "1",
                         .domain_text = "[0, 1]",
                         .has_c = 1,
                         .c_num = 99,
                         .c_den = 100,
                         .grid_point = ct_family_grid_closed_unit,
                         /* M = D - c W, bases the scaled degrees, exponent x */
                         .eval = {CT_FAMILY_AT_C, CT_FAMILY_AT_ZERO, CT_FAMILY_AT_X, 1},
                         .analysis = {CT_FAMILY_DELTA, 0, 1, ct_delta_analysis_build},
                         .ball = &family_ball_delta,
                         .bounds = {ct_delta_bounds_sign_functions,
                                    ct_delta_distinct_degrees, 0, 1, " degrees-1",
                                    "bound_degrees", "distinct labeled degrees - 1"},
                         .shatter = {ct_delta_shatter_instance,
                                     ct_delta_shatter_parameter,
                                     ct_delta_shatter_check_c},
                         .joint = ct_delta_joint_functions},
    [CT_FAMILY_ALPHA] = {.name = "alpha",
                         .symbol = "alpha",
                         .symbol_svg = "&#945;",
                         .rank = 1,
                         .lo_text = "0",
                         .hi_text = "1",
                         .hi_plain = "1",
                         .domain_text = "(0, 1)",
                         .grid_point = ct_family_grid_open_unit,
                         /* M = D - x W, bases the scaled degrees, exponent 1/2 */
                         .eval = {CT_FAMILY_AT_X, CT_FAMILY_AT_ZERO, CT_FAMILY_AT_HALF,
                                  1},
                         .analysis = {CT_FAMILY_ALPHA, 0, 0, ct_alpha_analysis_build},
                         .ball = &family_ball_alpha,
                         .bounds = {ct_alpha_bounds_sign_functions, ct_alpha_bounds_sharp,
                                    1, 0, "   classes", "square_classes", NULL},
                         .shatter = {ct_alpha_shatter_instance,
                                     ct_alpha_shatter_parameter, NULL}},
};

slong ct_family_count(void)
{
    return (slong)(sizeof(ct_family_table) / sizeof(ct_family_table[0]));
}

const ct_family_struct *ct_family_row(ct_family_t f)
{
    return ct_family_table + f;
}

int ct_family_from_name(ct_family_t *f, const char *name)
{
    for (slong k = 0; k < ct_family_count(); k++)
        if (strcmp(name, ct_family_table[k].name) == 0) {
            *f = (ct_family_t)k;
            return 0;
        }
    return -1;
}

ct_family_t ct_family_listed(slong i)
{
    for (slong k = 0; k < ct_family_count(); k++)
        if (ct_family_table[k].rank == i)
            return (ct_family_t)k;
    return 0; /* ranks are 0 .. count - 1 (t-family checks it) */
}

void ct_family_list(char *buf, size_t len, int (*want)(const ct_family_struct *row))
{
    slong n = 0, total = 0;
    for (slong k = 0; k < ct_family_count(); k++)
        total += want == NULL || want(ct_family_table + k);
    size_t used = 0;
    buf[0] = '\0';
    for (slong i = 0; i < ct_family_count() && used < len; i++) {
        const ct_family_struct *row = ct_family_row(ct_family_listed(i));
        if (want != NULL && !want(row))
            continue;
        const char *sep = n == 0 ? "" : n == total - 1 ? " or " : ", ";
        int w = snprintf(buf + used, len - used, "%s%s", sep, row->name);
        used += w < 0 ? 0 : (size_t)w;
        n++;
    }
}

const char *ct_family_name(ct_family_t f)
{
    return ct_family_table[f].name;
}

const char *ct_family_symbol(ct_family_t f)
{
    return ct_family_table[f].symbol;
}

const char *ct_family_domain_text(ct_family_t f)
{
    return ct_family_table[f].domain_text;
}

int ct_family_in_domain(ct_family_t f, const fmpq_t x)
{
    const ct_analysis_family_struct *d = &ct_family_table[f].analysis;
    int lo = fmpq_sgn(x), hi = d->hi_inf ? -1 : fmpq_cmp_si(x, 1);
    return d->closed ? lo >= 0 && hi <= 0 : lo > 0 && hi < 0;
}

void ct_family_grid_point(fmpq_t q, ct_family_t f, slong k, slong G)
{
    ct_family_table[f].grid_point(q, k, G);
}

void ct_family_grid_open_unit(fmpq_t q, slong k, slong G)
{
    fmpq_set_si(q, k + 1, (ulong)(G + 1));
}

void ct_family_grid_closed_unit(fmpq_t q, slong k, slong G)
{
    fmpq_set_si(q, G > 1 ? k : 1, (ulong)(G > 1 ? G - 1 : 2));
}

void ct_family_grid_log10(fmpq_t q, slong k, slong G)
{
    char buf[64];
    double e = G > 1 ? -3.0 + 6.0 * (double)k / (double)(G - 1) : 0.0;
    snprintf(buf, sizeof(buf), "%.3g", pow(10.0, e));
    ct_qparse_fmpq(q, buf); /* "%.3g" text such as 0.00178 or 1e+03, read exactly */
}

void ct_family_at(fmpq_t q, ct_family_at_t what, const fmpq_t x, const fmpq_t c)
{
    if (what == CT_FAMILY_AT_X)
        fmpq_set(q, x);
    else if (what == CT_FAMILY_AT_C)
        fmpq_set(q, c);
    else if (what == CT_FAMILY_AT_HALF)
        fmpq_set_si(q, 1, 2);
    else
        fmpq_set_si(q, what == CT_FAMILY_AT_ONE, 1);
}

const ct_analysis_family_struct *ct_family_get(ct_family_t f)
{
    return &ct_family_table[f].analysis;
}

void ct_family_c_default(fmpq_t c, ct_family_t f)
{
    /* (not fmpq_set_si: GCC 12 warns falsely when it is inlined on a field) */
    fmpz_set_si(fmpq_numref(c), ct_family_table[f].c_num);
    fmpz_set_si(fmpq_denref(c), ct_family_table[f].has_c ? ct_family_table[f].c_den : 1);
}

void ct_family_default_c(fmpq_t c)
{
    for (slong k = 0; k < ct_family_count(); k++)
        if (ct_family_table[k].has_c) {
            ct_family_c_default(c, (ct_family_t)k);
            return;
        }
    fmpq_zero(c);
}

const fmpq *ct_family_c_or_null(ct_family_t f, const fmpq *c)
{
    return ct_family_table[f].has_c ? c : NULL;
}

int ct_family_analyze(ct_analysis_t A, ct_family_t family, const fmpq_t c,
                      const ct_instance_struct *insts, slong m, int score_all, FILE *warn,
                      char *err, size_t errlen)
{
    return ct_family_analyze_ties(A, family, c, insts, m, score_all,
                                  CT_SIGNFN_TIES_SMALLEST, warn, err, errlen);
}

/* c0 (initialized here) = c, or the family's default when c is NULL; the
   constant the analyzer gets (NULL for a family without one). */
static const fmpq *family_c(fmpq_t c0, ct_family_t family, const fmpq_t c)
{
    fmpq_init(c0);
    if (c != NULL)
        fmpq_set(c0, c);
    else
        ct_family_c_default(c0, family);
    return ct_family_c_or_null(family, c0);
}

int ct_family_analyze_ties(ct_analysis_t A, ct_family_t family, const fmpq_t c,
                           const ct_instance_struct *insts, slong m, int score_all,
                           int ties, FILE *warn, char *err, size_t errlen)
{
    fmpq_t c0;
    const fmpq *cc = family_c(c0, family, c);
    int r = ct_analysis_run_ties(A, ct_family_get(family), cc, insts, m, score_all, ties,
                                 warn, err, errlen);
    fmpq_clear(c0);
    return r;
}

int ct_family_analyze_threads(ct_analysis_t A, ct_family_t family, const fmpq_t c,
                              const ct_instance_struct *insts, slong m, int score_all,
                              int ties, slong nthreads,
                              const ct_analysis_settings_struct *settings, FILE *warn,
                              char *err, size_t errlen)
{
    fmpq_t c0;
    const fmpq *cc = family_c(c0, family, c);
    int r = ct_analysis_run_threads(A, ct_family_get(family), cc, insts, m, score_all,
                                    ties, nthreads, settings, warn, err, errlen);
    fmpq_clear(c0);
    return r;
}

int ct_family_analyze_stream(ct_analysis_t A, ct_family_t family, const fmpq_t c,
                             const ct_analysis_source_struct *src, int score_all,
                             int ties, slong nthreads,
                             const ct_analysis_settings_struct *settings, FILE *warn,
                             char *err, size_t errlen)
{
    fmpq_t c0;
    const fmpq *cc = family_c(c0, family, c);
    int r = ct_analysis_run_stream(A, ct_family_get(family), cc, src, score_all, ties,
                                   nthreads, settings, warn, err, errlen);
    fmpq_clear(c0);
    return r;
}

void ct_family_init_none(ct_analysis_t A, ct_family_t f, const fmpq_t c, int ties)
{
    fmpq_t c0;
    const fmpq *cc = family_c(c0, f, c);
    ct_analysis_init_none(A, ct_family_get(f), cc, ties);
    fmpq_clear(c0);
}

void ct_family_set_domain(ct_analysis_t A, ct_family_t f)
{
    A->hi_inf = ct_family_table[f].analysis.hi_inf;
}
