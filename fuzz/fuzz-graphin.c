/* libFuzzer target for the readers of your own graph (src/graphin,
   docs/formats.md "Your own graph"). The first byte picks the edges file's
   name (an edge list or a Matrix Market file), --directed, --self-loops and
   which of the truth and score files exist; the rest is cut at 0xFF bytes
   into the edges, labels, truth and score files, written to a private folder
   and read. An accepted graph must be a valid instance that the .gssl
   reader loads back from what ct_graphin_write wrote, with the same nodes,
   edges and labels and every id read back; a rejected one must leave a
   message. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "certune/base.h"
#include "certune/graphin.h"

static char fuzz_dir[64];

static void fuzz_write(const char *path, const uint8_t *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(data, 1, len, f) != len || fclose(f) != 0)
        abort();
}

static void fuzz_check(const ct_graphin_t G, const ct_graphin_spec_struct *S)
{
    const ct_instance_struct *I = G->inst;
    if (I->n < 1 || I->c < 1)
        abort();
    for (slong e = 0; e < I->nedges; e++)
        if (I->eu[e] < 0 || I->eu[e] >= I->ev[e] || I->ev[e] >= I->n ||
            fmpq_sgn(I->ew + e) <= 0)
            abort();
    for (slong i = 0; i < I->n; i++)
        if (I->label[i] < -1 || I->label[i] >= I->c || I->held[i] < -1 ||
            I->held[i] >= I->c || (I->label[i] >= 0 && I->held[i] >= 0))
            abort();
    char *buf = NULL, err[CERTUNE_ERRLEN];
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL || ct_graphin_write(f, G, S) != 0 || fclose(f) != 0)
        abort();
    ct_instance_t J;
    if (ct_instance_parse(J, buf, len, "written", err, sizeof(err)) != 0)
        abort();
    if (J->n != I->n || J->c != I->c || J->nedges != I->nedges)
        abort();
    for (slong e = 0; e < I->nedges; e++)
        if (J->eu[e] != I->eu[e] || J->ev[e] != I->ev[e] ||
            !fmpq_equal(J->ew + e, I->ew + e))
            abort();
    for (slong i = 0; i < I->n; i++)
        if (J->label[i] != I->label[i] || J->held[i] != I->held[i])
            abort();
    char **ids = ct_graphin_ids_parse(buf, len, J->n);
    for (slong i = 0; G->id != NULL && i < I->n; i++)
        if (ids == NULL || ids[i] == NULL || strcmp(ids[i], G->id[i]) != 0)
            abort();
    ct_graphin_ids_free(ids, J->n);
    ct_instance_clear(J);
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const names[4] = {"edges.csv", "labels.csv", "truth.csv",
                                         "score.txt"};
    char paths[4][128], err[CERTUNE_ERRLEN];
    if (size < 1)
        return 0;
    if (fuzz_dir[0] == '\0') {
        snprintf(fuzz_dir, sizeof fuzz_dir, "/tmp/certune-fuzz-graphin-XXXXXX");
        if (mkdtemp(fuzz_dir) == NULL)
            abort();
    }
    int mode = data[0];
    const uint8_t *p = data + 1, *end = data + size;
    for (int k = 0; k < 4; k++) {
        const char *name = k == 0 && (mode & 1) ? "edges.mtx" : names[k];
        snprintf(paths[k], sizeof(paths[k]), "%s/%s", fuzz_dir, name);
        const uint8_t *cut = p < end ? memchr(p, 0xFF, (size_t)(end - p)) : NULL;
        size_t len = p < end ? (size_t)((cut ? cut : end) - p) : 0;
        fuzz_write(paths[k], p, len);
        p = cut ? cut + 1 : end;
    }
    ct_graphin_spec_struct S = {paths[0],
                                paths[1],
                                (mode & 2) ? paths[2] : NULL,
                                (mode & 6) == 6 ? paths[3] : NULL,
                                (mode >> 3) % 3,
                                (mode >> 5) & 1};
    ct_graphin_t G;
    if (ct_graphin_read(G, &S, "fuzz.gssl", err, sizeof(err)) == 0) {
        fuzz_check(G, &S);
        ct_graphin_clear(G);
    } else if (err[0] == '\0' || memchr(err, '\0', sizeof err) == NULL)
        abort();
    for (int k = 0; k < 4; k++)
        unlink(paths[k]);
    return 0;
}
