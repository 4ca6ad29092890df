/* lsroot_io: a ball-path zero as text (profile files): the component's system,
   the disk, the row and classes, the intervals (ilo lo hi ihi) and the sign. Reading
   re-checks everything the certificate rests on (ct_lssys_new: positive weights, degrees,
   square parts; here: symmetry, distinct square classes, the disk's range) and
   re-certifies the signs at both ends with the exact oracle's chain. */
#include <stdlib.h>
#include "certune/qparse.h"
#include "lsroot_internal.h"

void _ct_ls_write_graph(FILE *f, slong n, slong c, const slong *rowstart,
                        const slong *col, const double *w)
{
    fprintf(f, "%ld %ld", (long)n, (long)c);
    for (slong i = 0; i < n; i++) {
        fprintf(f, " %ld", (long)(rowstart[i + 1] - rowstart[i]));
        for (slong e = rowstart[i]; e < rowstart[i + 1]; e++)
            fprintf(f, " %ld %.0f", (long)col[e], w[e]);
    }
}

void _ct_ls_write_tail(FILE *f, double c, double r, const slong *rkln, const fmpq *iv,
                       int sign)
{
    fprintf(f, " %a %a %ld %ld %ld %ld ", c, r, (long)rkln[0], (long)rkln[1],
            (long)rkln[2], (long)rkln[3]);
    for (int t = 0; t < 4; t++) {
        fmpq_fprint(f, iv + t);
        fputc(' ', f);
    }
    fprintf(f, "%d", sign);
}

void ct_lsroot_write(FILE *f, const ct_lsroot_t r)
{
    const ct_lsdisk_struct *D = r->disk;
    const ct_lssys_struct *S = D->sys;
    _ct_ls_write_graph(f, S->n, S->c, S->rowstart, S->col, S->w);
    fprintf(f, " %ld", (long)S->nlab);
    for (slong j = 0; j < S->nlab; j++) {
        fprintf(f, " %ld %ld ", (long)S->lab[j], (long)S->cls[j]);
        fmpz_fprint(f, S->q + j);
        fputc(' ', f);
        fmpz_fprint(f, S->r + j);
    }
    slong rkln[4] = {r->row, r->k, r->l, r->node};
    fmpq iv[4] = {*r->ilo, *r->lo, *r->hi, *r->ihi}; /* shallow: printed only */
    _ct_ls_write_tail(f, D->c, D->r, rkln, iv, r->sign_lo);
}

/* A double token (C99 hex or decimal): 0, or -1 when malformed. */
static int lsio_double(double *x, const char **s)
{
    size_t len;
    const char *t = ct_qparse_tok(s, &len);
    char buf[64], *end;
    if (t == NULL || len >= sizeof(buf))
        return -1;
    for (size_t k = 0; k < len; k++)
        buf[k] = t[k];
    buf[len] = 0;
    *x = strtod(buf, &end);
    return *end == 0 ? 0 : -1;
}

/* Whether W is symmetric and the radicands' square classes are distinct. */
static int lsio_valid(const ct_lssys_struct *S)
{
    for (slong i = 0; i < S->n; i++)
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

/* The system's text; NULL when malformed or not valid. */
static ct_lssys_struct *lsio_read_sys(const char **s)
{
    slong n, c, cnt, nlab, nnz = 0;
    if (ct_qparse_tok_slong(&n, s) || ct_qparse_tok_slong(&c, s) || n < 2 || n > 100000 ||
        c < 2 || c > 100000)
        return NULL;
    slong *rowstart = flint_malloc((n + 1) * sizeof(slong)), *col = NULL;
    fmpz *w = NULL, *deg = _fmpz_vec_init(n), *q = NULL, *r = NULL;
    slong *lab = NULL, *cls = NULL;
    ct_lssys_struct *S = NULL;
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
        S = ct_lssys_new(n, rowstart, col, w, deg, nlab, lab, cls, q, r, c);
    if (S != NULL && !lsio_valid(S))
        ct_lssys_unref(S), S = NULL;
    _fmpz_vec_clear(w, nnz);
    _fmpz_vec_clear(deg, n);
    if (q != NULL)
        _fmpz_vec_clear(q, nlab), _fmpz_vec_clear(r, nlab);
    flint_free(rowstart), flint_free(col), flint_free(lab), flint_free(cls);
    return S;
}

int _ct_ls_read_tail(double *c, double *rad, slong *rkln, fmpq *const *iv, slong *sign,
                     slong n, slong nclass, const char **s)
{
    if (lsio_double(c, s) || lsio_double(rad, s))
        return -1;
    for (int t = 0; t < 4; t++)
        if (ct_qparse_tok_slong(rkln + t, s))
            return -1;
    for (int t = 0; t < 4; t++)
        if (ct_qparse_tok_fmpq(iv[t], s))
            return -1;
    if (ct_qparse_tok_slong(sign, s))
        return -1;
    int ok = *c >= 0 && *c < 1 && *rad > 0 && *rad <= 0.25 && rkln[0] >= 0 &&
             rkln[0] < n && rkln[1] >= 0 && rkln[1] < rkln[2] && rkln[2] < nclass &&
             _ct_ls_exact_or_bracket(iv[1], iv[2], *sign) &&
             fmpq_cmp(iv[0], iv[1]) <= 0 && fmpq_cmp(iv[2], iv[3]) <= 0;
    return ok ? 0 : -1;
}

int ct_lsroot_read(ct_lsroot_t r, const char **s)
{
    ct_lssys_struct *S = lsio_read_sys(s);
    double c, rad;
    slong sign, rkln[4];
    fmpq *iv[4] = {r->ilo, r->lo, r->hi, r->ihi};
    if (S == NULL || _ct_ls_read_tail(&c, &rad, rkln, iv, &sign, S->n, S->c, s)) {
        ct_lssys_unref(S);
        return -1;
    }
    r->row = rkln[0], r->k = rkln[1], r->l = rkln[2], r->node = rkln[3];
    _ct_lsdisk_unref(r->disk);
    r->disk = _ct_lsdisk_new(S, c, rad);
    ct_lssys_unref(S);
    r->sign_lo = (int)sign;
    fmpq_t a, b;
    fmpq_init(a), fmpq_init(b);
    fmpq_set_si(a, 0, 1), fmpq_set_si(b, 1, 1);
    int ok = fmpq_cmp(r->lo, a) > 0 && fmpq_cmp(r->hi, b) < 0 &&
             _ct_lsroot_in_disk(r->disk, r->lo) && _ct_lsroot_in_disk(r->disk, r->hi) &&
             ct_lsroot_sign_fmpq(r, r->lo) == sign &&
             (sign == 0 || ct_lsroot_sign_fmpq(r, r->hi) == -sign);
    fmpq_clear(a), fmpq_clear(b);
    return ok ? 0 : -1;
}
