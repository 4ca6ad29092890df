/* lskron_io: lambda's system as text (the first part of an "lk" line of a
   profile): the component (rows of (neighbour, weight), labels, scale).
   Reading checks the weights' symmetry and rebuilds the system (ct_lskron_new
   re-derives and re-certifies everything: a disconnected or unlabeled graph
   fails there). */
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

ct_lskron_struct *_ct_lskron_read(const char **s, const ct_lsroot_type_struct *T)
{
    ct_lsroot_tgraph_struct G;
    ct_lskron_struct *S = NULL;
    fmpz_t scale;
    fmpz_init(scale);
    if (!ct_lsroot_tgraph_read(&G, s) && !ct_qparse_tok_fmpz(scale, s) &&
        fmpz_sgn(scale) > 0)
        S = _ct_lskron_make(0, G.n, G.rowstart, G.col, G.w, G.m, G.lab, G.cls, G.c, scale,
                            T);
    ct_lsroot_tgraph_clear(&G);
    fmpz_clear(scale);
    return S;
}
