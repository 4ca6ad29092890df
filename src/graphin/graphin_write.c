/* graphin_write: the instance as a .gssl file with its provenance, its class
   names and every node's id in comment lines (the reader ignores them;
   ct_graphin_ids_parse reads the ids back). */
#include "certune/text.h"
#include "graphin_internal.h"

static const char *write_format(const ct_graphin_struct *G)
{
    if (G->format == CT_GRAPHIN_FORMAT_NPZ)
        return "a scipy.sparse .npz matrix, ids 0..n-1";
    if (G->format == CT_GRAPHIN_FORMAT_MTX)
        return "a Matrix Market matrix, ids 1..n";
    return G->edges_file.sep == ','    ? "a comma-separated edge list"
           : G->edges_file.sep == '\t' ? "a tab-separated edge list"
                                       : "a blank-separated edge list";
}

/* "% WHAT FILE" with the file name escaped (a name may hold any bytes). */
static void write_file(FILE *out, const char *what, const char *path)
{
    fprintf(out, "%% %s ", what);
    ct_text_write_escaped(out, path);
    fputc('\n', out);
}

static void write_head(FILE *out, const ct_graphin_t G, const ct_graphin_spec_struct *S)
{
    const ct_instance_struct *I = G->inst;
    slong nlab = 0, nscored = 0;
    for (slong i = 0; i < I->n; i++)
        nlab += I->label[i] >= 0, nscored += I->held[i] >= 0;
    fputs("% certune instance: your own graph (docs/formats.md, \"Your own graph\")\n",
          out);
    write_file(out, "edges", S->edges);
    fprintf(out, "%%   %s; --directed %s, --self-loops %s\n", write_format(G),
            ct_graphin_directed_name(S->directed), ct_graphin_loops_name(S->loops));
    write_file(out, "labels", S->labels);
    if (S->truth != NULL)
        write_file(out, "truth", S->truth);
    if (S->score != NULL)
        write_file(out, "scored: the ids of", S->score);
    else if (S->truth != NULL)
        fputs("% scored: every unlabeled node with a truth\n", out);
    fprintf(out,
            "%% %ld nodes (%ld named only in the labels or truth file, %ld without an "
            "edge), %ld edges from %ld entries (%ld merged, %ld of weight 0, %ld "
            "self-loops dropped)\n",
            (long)I->n, (long)G->named_only, (long)G->isolated, (long)I->nedges,
            (long)G->entries, (long)G->combined, (long)G->zero, (long)G->loops);
    fprintf(out, "%% %ld classes (%s), %ld labeled (l), %ld scored (t)\n", (long)I->c,
            G->class_name != NULL ? "named below, in sorted order" : "numbers as given",
            (long)nlab, (long)nscored);
}

int ct_graphin_write(FILE *out, const ct_graphin_t G, const ct_graphin_spec_struct *S)
{
    write_head(out, G, S);
    for (slong k = 0; G->class_name != NULL && k < G->inst->c; k++) {
        fprintf(out, "%% class %ld ", (long)k);
        ct_text_write_escaped(out, G->class_name[k]);
        fputc('\n', out);
    }
    for (slong i = 0; i < G->inst->n; i++) {
        fprintf(out, "%% id %ld ", (long)i + 1);
        if (G->id != NULL)
            ct_text_write_escaped(out, G->id[i]);
        else
            fprintf(out, "%ld", (long)(i + G->id_base));
        fputc('\n', out);
    }
    int rc = ct_instance_write(G->inst, out);
    return rc || ferror(out) ? -1 : 0;
}
