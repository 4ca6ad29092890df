/* lsalpha_root: alpha's system as a root kind of lsroot (ct_lsalpha_type):
   the variable is alpha itself, on (0, 1); the disks' models are the
   search's (level -1, while it lasts; on disks where the search reads the
   level-0 models of the classes there is none) and one per class (per pair
   for a balanced pair) at 96 << level bits, built once the gap is certified
   (disk 0, the power series, needs none); then the exact solve
   (lsalpha_exact.c). */
#include <string.h>
#include "lsalpha_internal.h"

ct_lsalpha_struct *ct_lsalpha_new(slong n, const slong *rowstart, const slong *col,
                                  const fmpz *w, const fmpz *deg, slong nlab,
                                  const slong *lab, const slong *cls, const fmpz *q,
                                  const fmpz *r, slong c)
{
    return _ct_lsalpha_make(n, rowstart, col, w, deg, nlab, lab, cls, q, r, c,
                            &ct_lsalpha_type);
}

static int lsa_map(fmpq_t a, const ct_lsroot_sys_struct *S, const fmpq_t x)
{
    (void)S;
    fmpq_set(a, x);
    return fmpz_sgn(fmpq_numref(x)) > 0 && fmpz_cmp(fmpq_numref(x), fmpq_denref(x)) < 0;
}

static void lsa_unmap(fmpq_t x, const ct_lsroot_sys_struct *S, double a)
{
    arf_t t;
    (void)S;
    arf_init(t);
    arf_set_d(t, a);
    arf_get_fmpq(x, t);
    arf_clear(t);
}

/* A balanced pair reads its own model (its phi vanishes at 1: the pair's
   difference is modelled directly); any other pair the models of its two
   classes, which the other pairs of those classes share. */
static slong lsa_keys(slong *key, const ct_lsroot_sys_struct *S, slong k, slong l)
{
    slong np = S->c * (S->c - 1) / 2;
    if (_ct_lsalpha_pib_zero(_ct_lsalpha_const(S), k, l)) {
        key[0] = ct_lsroot_pair(k, l, S->c);
        return 1;
    }
    key[0] = np + k, key[1] = np + l;
    return 2;
}

/* The models of the keys at 96 << level bits, but for those held at least
   as fine, built together (key[t] read by pair (k[t], l[t])). */
static void lsa_build_keys(ct_lsroot_disk_struct *D, int level, const slong *k,
                           const slong *l, const slong *key, slong nkeys)
{
    _ct_lsalpha_disk *X = _ct_lsalpha_disk_of(D);
    slong prec = 96 << level, nv = 0;
    _ct_lsalpha_rhs *v = flint_malloc(FLINT_MAX(nkeys, 1) * sizeof(_ct_lsalpha_rhs));
    slong *which = flint_malloc(FLINT_MAX(nkeys, 1) * sizeof(slong));
    _ct_lsalpha_model **M = flint_malloc(FLINT_MAX(nkeys, 1) * sizeof(void *));
    for (slong t = 0; t < nkeys; t++) {
        if (X->lev2[key[t]] != NULL && X->lev2[key[t]]->prec >= prec)
            continue;
        v[nv] = (_ct_lsalpha_rhs){k[t], l[t]};
        if (key[t] >= X->npairs)
            v[nv].k = key[t] - X->npairs, v[nv].l = -1;
        which[nv++] = key[t];
    }
    if (nv > 0)
        _ct_lsalpha_model_build_each(M, D, v, nv, prec);
    for (slong t = 0; t < nv; t++) {
        _ct_lsalpha_model_free(X->lev2[which[t]]);
        X->lev2[which[t]] = M[t];
    }
    flint_free(v), flint_free(which), flint_free(M);
}

void _ct_lsalpha_disk_build_classes(ct_lsroot_disk_struct *D, const _ct_lsalpha_rhs *v,
                                    slong nv)
{
    slong np = _ct_lsalpha_disk_of(D)->npairs;
    slong *a = flint_malloc(3 * FLINT_MAX(nv, 1) * sizeof(slong));
    for (slong t = 0; t < nv; t++)
        a[t] = v[t].k, a[nv + t] = -1, a[2 * nv + t] = np + v[t].k;
    lsa_build_keys(D, 0, a, a + nv, a + 2 * nv, nv);
    flint_free(a);
}

/* The model of key at 96 << level bits, unless one at least as fine is held. */
static void lsa_build(ct_lsroot_disk_struct *D, int level, slong k, slong l, slong key)
{
    lsa_build_keys(D, level, &k, &l, &key, 1);
}

static int lsa_pair_poly(ct_lsroot_poly_struct *P, slong *prec, ct_lsroot_disk_struct *D,
                         int level, slong row, slong k, slong l)
{
    _ct_lsalpha_disk *X = _ct_lsalpha_disk_of(D);
    const _ct_lsalpha_model *M[2];
    slong nm = 1;
    if (level < 0) {
        M[0] = X->lev1;
        if (M[0] == NULL)
            return 1;
    } else {
        if (D->c != 0 && _ct_lsalpha_certify_mu(_ct_lsalpha_of(D->sys)))
            return -1; /* no tail bound off the power series' disk */
        slong key[2];
        nm = lsa_keys(key, D->sys, k, l);
        for (slong m = 0; m < nm; m++) {
            lsa_build(D, level, k, l, key[m]);
            M[m] = X->lev2[key[m]];
        }
    }
    _ct_lsalpha_poly_make(P, M, nm, D, row, k, l);
    *prec = M[0]->prec + 20;
    for (slong m = 1; m < nm; m++)
        *prec = FLINT_MIN(*prec, M[m]->prec + 20);
    return 0;
}

static int lsa_sign_exact(const ct_lsroot_sys_struct *S, slong row, slong k, slong l,
                          const fmpq_t x)
{
    return _ct_lsalpha_sign_exact(_ct_lsalpha_const(S), row, k, l, x);
}

/* Equal weights, labels and square parts. */
static int lsa_equal(const ct_lsroot_sys_struct *A, const ct_lsroot_sys_struct *B)
{
    const ct_lsalpha_struct *S = _ct_lsalpha_const(A), *T = _ct_lsalpha_const(B);
    slong n = S->head.n, nnz = S->rowstart[n];
    if (T->head.n != n || T->head.c != S->head.c || T->nlab != S->nlab ||
        T->rowstart[n] != nnz ||
        memcmp(S->rowstart, T->rowstart, (n + 1) * sizeof(slong)) ||
        memcmp(S->col, T->col, nnz * sizeof(slong)) ||
        memcmp(S->w, T->w, nnz * sizeof(double)) ||
        memcmp(S->lab, T->lab, S->nlab * sizeof(slong)) ||
        memcmp(S->cls, T->cls, S->nlab * sizeof(slong)))
        return 0;
    return _fmpz_vec_equal(S->q, T->q, S->nlab) && _fmpz_vec_equal(S->r, T->r, S->nlab);
}

static void lsa_write(FILE *f, const ct_lsroot_sys_struct *S)
{
    _ct_lsalpha_write(f, _ct_lsalpha_const(S));
}

static ct_lsroot_sys_struct *lsa_read(const char **s)
{
    ct_lsalpha_struct *S = _ct_lsalpha_read(s, &ct_lsalpha_type);
    return S == NULL ? NULL : &S->head;
}

const ct_lsroot_type_struct ct_lsalpha_type = {.family = "alpha",
                                               .trim = 1,
                                               .slot = CT_LSROOT_SLOT_ALPHA,
                                               .map = lsa_map,
                                               .unmap = lsa_unmap,
                                               .pair_poly = lsa_pair_poly,
                                               .keys = lsa_keys,
                                               .build = lsa_build,
                                               .build_keys = lsa_build_keys,
                                               .sign_exact = lsa_sign_exact,
                                               .equal = lsa_equal,
                                               .write = lsa_write,
                                               .read = lsa_read,
                                               .fine = 1,
                                               .disk_init = _ct_lsalpha_disk_init,
                                               .disk_clear = _ct_lsalpha_disk_clear,
                                               .clear = _ct_lsalpha_clear};
