/* lsalpha_io: alpha's system as text (the first part of an "ls" line of a
   profile): the graph, then the labeled nodes with their classes and square
   parts. Reading re-checks everything the certificate rests on (the system's
   checks: positive weights, degrees, square parts; here: symmetry, distinct
   square classes). */
#include "certune/qparse.h"
#include "lsalpha_internal.h"

void _ct_lsalpha_write(FILE *f, const ct_lsalpha_struct *S)
{
    ct_lsroot_write_graph(f, S->head.n, S->head.c, S->rowstart, S->col, S->w);
    fprintf(f, " %ld", (long)S->nlab);
    for (slong j = 0; j < S->nlab; j++) {
        fprintf(f, " %ld %ld ", (long)S->lab[j], (long)S->cls[j]);
        fmpz_fprint(f, S->q + j);
        fputc(' ', f);
        fmpz_fprint(f, S->r + j);
    }
}

/* Whether W is symmetric and the radicands' square classes are distinct. */
static int lsio_valid(const ct_lsalpha_struct *S)
{
    for (slong i = 0; i < S->head.n; i++)
        for (slong e = S->rowstart[i]; e < S->rowstart[i + 1]; e++) {
            slong j = S->col[e], f = S->rowstart[j];
            while (f < S->rowstart[j + 1] && !(S->col[f] == i && S->w[f] == S->w[e]))
                f++;
            if (f == S->rowstart[j + 1])
                return 0;
        }
    fmpz_t t;
    fmpz_init(t);
    int ok = 1;
    for (slong a = 0; a < S->nlab && ok; a++)
        for (slong b = a + 1; b < S->nlab && ok; b++) {
            fmpz_mul(t, S->r + a, S->r + b);
            ok = fmpz_equal(S->r + a, S->r + b) || !fmpz_is_square(t);
        }
    fmpz_clear(t);
    return ok;
}

ct_lsalpha_struct *_ct_lsalpha_read(const char **s, const ct_lsroot_type_struct *T)
{
    slong n, c, cnt, nlab, nnz = 0;
    if (ct_qparse_tok_slong(&n, s) || ct_qparse_tok_slong(&c, s) || n < 2 || n > 100000 ||
        c < 2 || c > 100000)
        return NULL;
    slong *rowstart = flint_malloc((n + 1) * sizeof(slong)), *col = NULL;
    fmpz *w = NULL, *deg = _fmpz_vec_init(n), *q = NULL, *r = NULL;
    slong *lab = NULL, *cls = NULL;
    ct_lsalpha_struct *S = NULL;
    int bad = 0;
    rowstart[0] = 0;
    for (slong i = 0; i < n && !bad; i++) {
        bad = ct_qparse_tok_slong(&cnt, s) || cnt < 0 || cnt > n;
        col = flint_realloc(col, FLINT_MAX(nnz + cnt, 1) * sizeof(slong));
        w = flint_realloc(w, FLINT_MAX(nnz + cnt, 1) * sizeof(fmpz));
        for (slong e = 0; e < cnt && !bad; e++) {
            fmpz_init(w + nnz);
            bad = ct_qparse_tok_slong(col + nnz, s) || col[nnz] < 0 || col[nnz] >= n ||
                  ct_qparse_tok_fmpz(w + nnz, s);
            fmpz_add(deg + i, deg + i, w + nnz++);
        }
        rowstart[i + 1] = nnz;
    }
    bad = bad || ct_qparse_tok_slong(&nlab, s) || nlab < 1 || nlab > n;
    if (!bad) {
        lab = flint_malloc(nlab * sizeof(slong)),
        cls = flint_malloc(nlab * sizeof(slong));
        q = _fmpz_vec_init(nlab), r = _fmpz_vec_init(nlab);
        for (slong j = 0; j < nlab && !bad; j++) {
            bad = ct_qparse_tok_slong(lab + j, s) || ct_qparse_tok_slong(cls + j, s) ||
                  ct_qparse_tok_fmpz(q + j, s) || ct_qparse_tok_fmpz(r + j, s) ||
                  lab[j] < 0 || lab[j] >= n || cls[j] < 0 || cls[j] >= c ||
                  fmpz_sgn(q + j) <= 0 || fmpz_sgn(r + j) <= 0;
            fmpz_t t;
            fmpz_init(t);
            fmpz_mul(t, q + j, q + j);
            fmpz_mul(t, t, r + j);
            bad = bad || !fmpz_equal(t, deg + lab[j]);
            fmpz_clear(t);
        }
    }
    if (!bad)
        S = _ct_lsalpha_make(n, rowstart, col, w, deg, nlab, lab, cls, q, r, c, T);
    if (S != NULL && !lsio_valid(S))
        ct_lsalpha_unref(S), S = NULL;
    _fmpz_vec_clear(w, nnz);
    _fmpz_vec_clear(deg, n);
    if (q != NULL)
        _fmpz_vec_clear(q, nlab), _fmpz_vec_clear(r, nlab);
    flint_free(rowstart), flint_free(col), flint_free(lab), flint_free(cls);
    return S;
}
