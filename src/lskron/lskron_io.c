/* lskron_io: lambda's system as text (the first part of an "lk" line of a
   profile): the component (rows of (neighbour, weight), labels, scale).
   Reading checks the weights' symmetry and rebuilds the system (ct_lskron_new
   re-derives and re-certifies everything: a disconnected or unlabeled graph
   fails there). */
#include <string.h>
#include "certune/qparse.h"
#include "lskron_internal.h"

void _ct_lskron_write(FILE *f, const ct_lskron_struct *S)
{
    ct_lsroot_write_graph(f, S->head.n, S->head.c, S->rowstart, S->col, S->w);
    fprintf(f, " %ld", (long)S->m);
    for (slong j = 0; j < S->m; j++)
        fprintf(f, " %ld %ld", (long)S->lab[j], (long)S->cls[j]);
    fputc(' ', f);
    fmpz_fprint(f, S->scale);
}

/* The graph and labels as read. */
typedef struct {
    slong n, c, m, nnz, walloc;
    slong *rowstart, *col, *lab, *cls;
    fmpz *w;
    fmpz_t scale;
} kio_sys;

static void kio_clear(kio_sys *G)
{
    if (G->w != NULL)
        _fmpz_vec_clear(G->w, G->walloc);
    flint_free(G->rowstart), flint_free(G->col), flint_free(G->lab), flint_free(G->cls);
    fmpz_clear(G->scale);
}

static int kio_read_rows(kio_sys *G, const char **s)
{
    slong cnt;
    G->walloc = 16;
    G->col = flint_malloc(G->walloc * sizeof(slong));
    G->w = _fmpz_vec_init(G->walloc);
    G->rowstart[0] = 0;
    for (slong i = 0; i < G->n; i++) {
        if (ct_qparse_tok_slong(&cnt, s) || cnt < 0 || cnt > G->n)
            return 1;
        for (slong e = 0; e < cnt; e++, G->nnz++) {
            if (G->nnz == G->walloc) {
                G->col = flint_realloc(G->col, 2 * G->walloc * sizeof(slong));
                G->w = flint_realloc(G->w, 2 * G->walloc * sizeof(fmpz));
                for (slong t = G->walloc; t < 2 * G->walloc; t++)
                    fmpz_init(G->w + t);
                G->walloc *= 2;
            }
            if (ct_qparse_tok_slong(G->col + G->nnz, s) || G->col[G->nnz] < 0 ||
                G->col[G->nnz] >= G->n || G->col[G->nnz] == i ||
                ct_qparse_tok_fmpz(G->w + G->nnz, s) || fmpz_sgn(G->w + G->nnz) <= 0)
                return 1;
        }
        G->rowstart[i + 1] = G->nnz;
    }
    return 0;
}

/* Whether every weight appears in both directions. */
static int kio_symmetric(const kio_sys *G)
{
    for (slong i = 0; i < G->n; i++)
        for (slong e = G->rowstart[i]; e < G->rowstart[i + 1]; e++) {
            slong j = G->col[e], f = G->rowstart[j];
            while (f < G->rowstart[j + 1] &&
                   !(G->col[f] == i && fmpz_equal(G->w + f, G->w + e)))
                f++;
            if (f == G->rowstart[j + 1])
                return 0;
        }
    return 1;
}

static int kio_read(kio_sys *G, const char **s)
{
    memset(G, 0, sizeof(*G));
    fmpz_init(G->scale);
    if (ct_qparse_tok_slong(&G->n, s) || ct_qparse_tok_slong(&G->c, s) || G->n < 2 ||
        G->n > 1000000 || G->c < 2 || G->c > 100000)
        return 1;
    G->rowstart = flint_malloc((G->n + 1) * sizeof(slong));
    if (kio_read_rows(G, s) || !kio_symmetric(G) || ct_qparse_tok_slong(&G->m, s) ||
        G->m < 1 || G->m > G->n)
        return 1;
    G->lab = flint_malloc(G->m * sizeof(slong));
    G->cls = flint_malloc(G->m * sizeof(slong));
    for (slong j = 0; j < G->m; j++)
        if (ct_qparse_tok_slong(G->lab + j, s) || ct_qparse_tok_slong(G->cls + j, s))
            return 1;
    return ct_qparse_tok_fmpz(G->scale, s) || fmpz_sgn(G->scale) <= 0;
}

ct_lskron_struct *_ct_lskron_read(const char **s, const ct_lsroot_type_struct *T)
{
    kio_sys G;
    ct_lskron_struct *S = NULL;
    if (!kio_read(&G, s))
        S = _ct_lskron_make(0, G.n, G.rowstart, G.col, G.w, G.m, G.lab, G.cls, G.c,
                            G.scale, T);
    kio_clear(&G);
    return S;
}
