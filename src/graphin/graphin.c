/* graphin: the user's own files read into one instance: the edges file's
   format (a .npz name, a Matrix Market banner or .mtx name, else an edge
   list), its reader, the labels, truth and score files, then the instance
   with its nodes in order of first appearance and its pairs in order of
   first appearance (docs/formats.md, "Your own graph"). */
#include <string.h>
#include <strings.h>
#include <zlib.h>
#include "certune/gen.h"
#include "graphin_internal.h"

static int graphin_ends(const char *path, const char *ext)
{
    size_t n = strlen(path), k = strlen(ext);
    return n > k && strcasecmp(path + n - k, ext) == 0;
}

/* CT_GRAPHIN_FORMAT_* of the edges file: a name ending in .npz is a zip; a
   file that starts with the Matrix Market banner, or is named .mtx(.gz), is
   Matrix Market (its reader then insists on the banner). */
static int graphin_format(const char *path)
{
    if (graphin_ends(path, ".npz"))
        return CT_GRAPHIN_FORMAT_NPZ;
    if (graphin_ends(path, ".mtx") || graphin_ends(path, ".mtx.gz"))
        return CT_GRAPHIN_FORMAT_MTX;
    char head[15] = "";
    gzFile gz = gzopen(path, "rb");
    if (gz != NULL) {
        int got = gzread(gz, head, 14);
        head[got > 0 ? got : 0] = '\0';
        gzclose(gz);
    }
    return strncasecmp(head, "%%MatrixMarket", 14) == 0 ? CT_GRAPHIN_FORMAT_MTX
                                                        : CT_GRAPHIN_FORMAT_TEXT;
}

/* The weight of an edge merged from several entries can outgrow what a
   .gssl line holds (the reader's limit); say so rather than write it. */
static int graphin_check_sizes(_ct_graphin_state *T)
{
    char a[_CT_GRAPHIN_SHOW], b[_CT_GRAPHIN_SHOW];
    for (slong e = 0; T->G->combined > 0 && e < T->m; e++) {
        const fmpq *w = T->ew + e;
        if (fmpz_sizeinbase(fmpq_numref(w), 10) + fmpz_sizeinbase(fmpq_denref(w), 10) >
            CT_INSTANCE_MAX_LINE - 64)
            return _ct_graphin_fail(
                T, T->eline[e], "edge %s-%s: its merged weight has over %zu digits",
                _ct_graphin_show_node(a, T, T->eu[e]),
                _ct_graphin_show_node(b, T, T->ev[e]), CT_INSTANCE_MAX_LINE - 64);
    }
    return 0;
}

/* The instance from the state: pairs as u < v, labels and scored truths. */
static void graphin_build(ct_graphin_struct *G, _ct_graphin_state *T, const char *name)
{
    ct_instance_struct *I = G->inst;
    ct_gen_instance_init(I, name, T->n, T->c, T->m);
    slong *deg = flint_calloc((size_t)FLINT_MAX(T->n, 1), sizeof(slong));
    for (slong e = 0; e < T->m; e++) {
        I->eu[e] = FLINT_MIN(T->eu[e], T->ev[e]);
        I->ev[e] = FLINT_MAX(T->eu[e], T->ev[e]);
        fmpq_swap(I->ew + e, T->ew + e);
        deg[T->eu[e]]++, deg[T->ev[e]]++;
    }
    for (slong i = 0; i < T->n; i++) {
        I->label[i] = T->lab[i];
        I->held[i] = T->tru[i];
        G->isolated += deg[i] == 0;
    }
    flint_free(deg);
    G->id = T->id; /* the ids map's keys, handed over */
    T->id = NULL;
    flint_free(T->ids.key);
    flint_free(T->ids.val);
    memset(&T->ids, 0, sizeof(T->ids));
}

static void graphin_state_clear(_ct_graphin_state *T)
{
    for (slong e = 0; e < T->m; e++)
        fmpq_clear(T->ew + e);
    flint_free(T->ew);
    flint_free(T->eu);
    flint_free(T->ev);
    flint_free(T->eline);
    flint_free(T->pslot);
    flint_free(T->id);
    _ct_graphin_map_clear(&T->ids);
    _ct_graphin_map_clear(&T->values);
    slong *arrays[5] = {T->lab, T->tru, T->labline, T->truline, T->scored};
    for (int k = 0; k < 5; k++)
        flint_free(arrays[k]);
}

int ct_graphin_read(ct_graphin_t G, const ct_graphin_spec_struct *S, const char *name,
                    char *err, size_t errlen)
{
    _ct_graphin_state T;
    memset(G, 0, sizeof(ct_graphin_struct));
    memset(&T, 0, sizeof(T));
    T.S = S, T.G = G, T.err = err, T.errlen = errlen, T.path = S->edges;
    G->format = graphin_format(S->edges);
    int rc = G->format == CT_GRAPHIN_FORMAT_NPZ   ? _ct_graphin_read_npz(&T)
             : G->format == CT_GRAPHIN_FORMAT_MTX ? _ct_graphin_read_mtx(&T)
                                                  : _ct_graphin_read_text(&T);
    if (rc == 0)
        rc = graphin_check_sizes(&T);
    if (rc == 0)
        rc = _ct_graphin_read_labels(&T);
    if (rc == 0)
        graphin_build(G, &T, name);
    graphin_state_clear(&T);
    if (rc != 0)
        ct_graphin_clear(G);
    return rc;
}

void ct_graphin_clear(ct_graphin_t G)
{
    for (slong i = 0; G->id != NULL && i < G->inst->n; i++)
        flint_free(G->id[i]);
    flint_free(G->id);
    ct_instance_clear(G->inst);
    if (G->class_name != NULL)
        for (slong k = 0; G->class_name[k] != NULL; k++)
            flint_free(G->class_name[k]);
    flint_free(G->class_name);
    memset(G, 0, sizeof(ct_graphin_struct));
}

int ct_graphin_directed_parse(int *mode, const char *text)
{
    static const char *const names[3] = {"error", "sum", "max"};
    for (int k = 0; k < 3; k++)
        if (strcmp(text, names[k]) == 0)
            return *mode = k, 0;
    return -1;
}

int ct_graphin_loops_parse(int *mode, const char *text)
{
    if (strcmp(text, "error") != 0 && strcmp(text, "drop") != 0)
        return -1;
    *mode = text[0] == 'd' ? CT_GRAPHIN_LOOPS_DROP : CT_GRAPHIN_LOOPS_ERROR;
    return 0;
}

const char *ct_graphin_directed_name(int mode)
{
    return mode == CT_GRAPHIN_DIRECTED_SUM   ? "sum"
           : mode == CT_GRAPHIN_DIRECTED_MAX ? "max"
                                             : "error";
}

const char *ct_graphin_loops_name(int mode)
{
    return mode == CT_GRAPHIN_LOOPS_DROP ? "drop" : "error";
}
