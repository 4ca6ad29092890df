/* lskron_make: lambda's system from a component: the checks (labels, weights
   and degrees exact in doubles), the node tables, then H~ and K~ with their
   error bounds (lskron_sys.c) and the gap (lskron_gap.c). */
#include <string.h>
#include "certune/blas.h"
#include "lskron_internal.h"

#define KRON_MAX_DEGREE 1099511627776.0 /* 2^40: sums of weights stay exact */

/* The weights as doubles; 1 when a degree reaches 2^40. */
static int kron_weights(double *w, slong n, const slong *rowstart, const fmpz *wz)
{
    for (slong i = 0; i < n; i++) {
        double s = 0;
        for (slong e = rowstart[i]; e < rowstart[i + 1]; e++) {
            if (fmpz_sgn(wz + e) <= 0 || fmpz_cmp_ui(wz + e, 1UL << 40) >= 0)
                return 1;
            w[e] = (double)fmpz_get_ui(wz + e);
            s += w[e];
        }
        if (s >= KRON_MAX_DEGREE || s <= 0)
            return 1;
    }
    return 0;
}

/* lab, cls, unl, pos, nlabk. */
static void kron_nodes(ct_lskron_struct *S, const slong *lab, const slong *cls)
{
    S->lab = flint_malloc(S->m * sizeof(slong));
    S->cls = flint_malloc(S->m * sizeof(slong));
    S->pos = flint_malloc(S->head.n * sizeof(slong));
    S->nlabk = flint_calloc(S->head.c, sizeof(slong));
    S->unl = flint_malloc(FLINT_MAX(S->nu, 1) * sizeof(slong));
    S->ncls = flint_malloc(S->head.n * sizeof(slong));
    for (slong i = 0; i < S->head.n; i++)
        S->pos[i] = S->ncls[i] = -1;
    for (slong j = 0; j < S->m; j++) {
        S->lab[j] = lab[j], S->cls[j] = cls[j];
        S->pos[lab[j]] = j, S->ncls[lab[j]] = cls[j];
        S->nlabk[cls[j]]++;
    }
    for (slong i = 0, a = 0; i < S->head.n; i++)
        if (S->pos[i] < 0)
            S->unl[a] = i, S->pos[i] = -1 - a, a++;
}

/* Whether the labels are valid: distinct nodes in range, classes in range. */
static int kron_labels_ok(slong n, slong nlab, const slong *lab, const slong *cls,
                          slong c)
{
    char *seen = flint_calloc(n, 1);
    int ok = nlab >= 1 && c >= 2;
    for (slong j = 0; j < nlab && ok; j++) {
        ok = lab[j] >= 0 && lab[j] < n && !seen[lab[j]] && cls[j] >= 0 && cls[j] < c;
        if (ok)
            seen[lab[j]] = 1;
    }
    flint_free(seen);
    return ok;
}

ct_lskron_struct *_ct_lskron_make(slong sparse_min, slong n, const slong *rowstart,
                                  const slong *col, const fmpz *w, slong nlab,
                                  const slong *lab, const slong *cls, slong c,
                                  const fmpz_t scale, const ct_lsroot_type_struct *T)
{
    if (n < 2 || !kron_labels_ok(n, nlab, lab, cls, c) || ct_blas_load(NULL, 0) != 0)
        return NULL;
    double *wd = flint_malloc(FLINT_MAX(rowstart[n], 1) * sizeof(double));
    ct_lskron_struct *S = NULL;
    if (!kron_weights(wd, n, rowstart, w)) {
        S = flint_calloc(1, sizeof(ct_lskron_struct));
        S->head.refs = 1, S->head.type = T;
        pthread_mutex_init(&S->hilock, NULL);
        S->head.n = n, S->head.c = c, S->m = nlab, S->nu = n - nlab;
        fmpz_init_set_ui(S->scale, 1);
        S->sparse_min = sparse_min > 0 ? sparse_min : CT_LSKRON_SPARSE_MIN;
        if (scale != NULL)
            fmpz_set(S->scale, scale);
        kron_nodes(S, lab, cls);
        S->rowstart = flint_malloc((n + 1) * sizeof(slong));
        S->col = flint_malloc(FLINT_MAX(rowstart[n], 1) * sizeof(slong));
        memcpy(S->rowstart, rowstart, (n + 1) * sizeof(slong));
        memcpy(S->col, col, rowstart[n] * sizeof(slong));
        S->w = wd, wd = NULL;
        if (_ct_lskron_build(S, rowstart, col, S->w) || _ct_lskron_certify_mu(S)) {
            ct_lskron_unref(S);
            S = NULL;
        }
    }
    flint_free(wd);
    return S;
}
