/* t-dataset-formats: the gnn-benchmark .npz reader and the CSV layout on the
   fixtures in tests/data (facts from tests/data/README.md, worked out by hand
   from tests/data/make-fixtures.py), malformed files written here (the .npz
   ones with libzip and .npy bytes spelled out by hand), and datasets by name.
   Run from the repository root. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zip.h>
#include "certune/dataset.h"
#include "check.h"

/* Row i of D's features as "col:val col:val". */
static void row_str(char *buf, size_t len, const ct_dataset_t D, slong i)
{
    size_t used = 0;

    buf[0] = '\0';
    for (slong k = D->feat_rowptr[i]; k < D->feat_rowptr[i + 1] && used < len; k++)
        used += (size_t)snprintf(buf + used, len - used, "%s%ld:%g", used ? " " : "",
                                 (long)D->feat_col[k], D->feat_val[k]);
}

/* The shared graph of both tiny fixtures: edges 0-1, 0-2, 1-2, 3-4, 4-5 (a
   repeated pair and a self-loop dropped) and the feature rows. */
static void check_tiny_graph(const ct_dataset_t D)
{
    static const slong eu[5] = {0, 0, 1, 3, 4}, ev[5] = {1, 2, 2, 4, 5};
    static const char *rows[6] = {"1:1 3:2.5", "0:1", "", "2:2", "0:1 1:1 2:1 3:1", ""};
    char buf[128];

    CHECK_MSG(D->n == 6 && D->nfeat == 4 && D->nclass == 3, "n %ld nfeat %ld nclass %ld",
              (long)D->n, (long)D->nfeat, (long)D->nclass);
    CHECK_MSG(D->nedges == 5 && D->nloops == 1 && D->ndups == 1,
              "edges %ld loops %ld dups %ld", (long)D->nedges, (long)D->nloops,
              (long)D->ndups);
    for (int e = 0; e < 5 && D->nedges == 5; e++)
        CHECK_MSG(D->eu[e] == eu[e] && D->ev[e] == ev[e], "edge %d: %ld-%ld", e,
                  (long)D->eu[e], (long)D->ev[e]);
    CHECK(D->feat_rowptr[D->n] == 8);
    for (slong i = 0; i < D->n; i++) {
        row_str(buf, sizeof buf, D, i);
        CHECK_MSG(strcmp(buf, rows[i]) == 0, "row %ld: '%s', want '%s'", (long)i, buf,
                  rows[i]);
    }
    CHECK(D->nsplits == 0);
}

static void test_npz_fixture(void)
{
    ct_dataset_t D;
    char err[512];
    static const slong label[6] = {0, 0, 1, 1, 2, 2};

    if (ct_dataset_load(D, "tests/data/tiny.npz", err, sizeof err) != 0) {
        CHECK_MSG(0, "tiny.npz: %s", err);
        return;
    }
    check_tiny_graph(D);
    CHECK(strcmp(D->name, "tiny") == 0);
    CHECK(D->format == CT_DATASET_FORMAT_GNNBENCH);
    CHECK(D->nfeat_dups == 1); /* row 3 lists index 2 twice: summed to 2 */
    for (int i = 0; i < 6; i++)
        CHECK_MSG(D->label[i] == label[i], "label %d: %ld", i, (long)D->label[i]);
    CHECK(D->class_name != NULL && strcmp(D->class_name[0], "alpha") == 0 &&
          strcmp(D->class_name[1], "beta") == 0 &&
          strcmp(D->class_name[2], "g\xc3\xa4mma") == 0);
    ct_dataset_clear(D);
    CHECK(ct_dataset_load_format(D, "tests/data/tiny.npz", CT_DATASET_FORMAT_AUTO,
                                 CT_DATASET_SPLITS_PUBLIC, err, sizeof err) != 0 &&
          strstr(err, "ships no splits") != NULL);
}

static void test_csv_fixture(void)
{
    ct_dataset_t D;
    char err[512];
    static const slong label[6] = {1, 1, 0, 0, 2, -1};

    if (ct_dataset_load(D, "tests/data/tiny-csv", err, sizeof err) != 0) {
        CHECK_MSG(0, "tiny-csv: %s", err);
        return;
    }
    check_tiny_graph(D);
    CHECK(strcmp(D->name, "tiny-csv") == 0);
    CHECK(D->format == CT_DATASET_FORMAT_CSV);
    for (int i = 0; i < 6; i++)
        CHECK_MSG(D->label[i] == label[i], "label %d: %ld", i, (long)D->label[i]);
    CHECK(D->class_name != NULL && strcmp(D->class_name[0], "alpha") == 0 &&
          strcmp(D->class_name[2], "gamma") == 0);
    ct_dataset_clear(D);
    if (ct_dataset_load(D, "tests/data/sbm-csv", err, sizeof err) != 0) {
        CHECK_MSG(0, "sbm-csv: %s", err);
        return;
    }
    slong count[3] = {0, 0, 0};
    for (slong i = 0; i < D->n; i++)
        count[D->label[i]]++;
    /* 300 nodes, class i mod 3, integer labels used as they are; 997 edge lines
       of distinct pairs i < j (wc -l edges.csv minus the header) */
    CHECK(D->n == 300 && D->nclass == 3 && D->nfeat == 0 && D->class_name == NULL);
    CHECK(count[0] == 100 && count[1] == 100 && count[2] == 100 && D->label[4] == 1);
    CHECK_MSG(D->nedges == 997 && D->ndups == 0, "sbm edges %ld", (long)D->nedges);
    ct_dataset_clear(D);
}

/* Writes the files name[i] with contents text[i] into a fresh temp folder. */
static void write_folder(char *dir, const char *const *name, const char *const *text,
                         int n)
{
    strcpy(dir, "/tmp/t-dataset-formats-XXXXXX");
    if (mkdtemp(dir) == NULL)
        abort();
    for (int i = 0; i < n; i++) {
        char path[256];
        snprintf(path, sizeof path, "%s/%s", dir, name[i]);
        FILE *f = fopen(path, "w");
        fputs(text[i], f);
        fclose(f);
    }
}

static void remove_folder(const char *dir, const char *const *name, int n)
{
    char path[256];

    for (int i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, name[i]);
        unlink(path);
    }
    rmdir(dir);
}

/* The CSV layout with one file replaced: the load fails with want in the
   message. */
static void csv_bad(const char *labels, const char *edges, const char *feats,
                    const char *want)
{
    const char *name[3] = {"labels.csv", "edges.csv", "features.csv"};
    const char *text[3] = {labels, edges, feats};
    char dir[64], err[512];
    ct_dataset_t D;
    int n = feats != NULL ? 3 : 2;

    write_folder(dir, name, text, n);
    int rc = ct_dataset_load(D, dir, err, sizeof err);
    CHECK_MSG(rc != 0 && strstr(err, want) != NULL, "want '%s', got '%s'", want,
              rc ? err : "success");
    if (rc == 0)
        ct_dataset_clear(D);
    remove_folder(dir, name, n);
}

static void test_csv_bad(void)
{
    const char *L = "node,label\na,x\nb,y\n", *E = "source,target\na,b\n";

    csv_bad("id,label\na,x\n", E, NULL,
            "labels.csv:1: expected the header line 'node,label'");
    csv_bad("node,label\na,x\na,y\n", E, NULL,
            "labels.csv:3: node id 'a' has a second line");
    csv_bad("node,label\na,x,z\n", E, NULL, "labels.csv:2: expected 'node,label'");
    csv_bad(L, "source,target\na,b\nb,zz\n", NULL,
            "edges.csv:3: unknown node id 'zz' (not in labels.csv)");
    csv_bad(L, "source,target\na\n", NULL, "edges.csv:2: expected 'source,target'");
    csv_bad(L, E, "node,f1,f2\na,1\n", "features.csv:2: expected 3 fields");
    csv_bad(L, E, "node,f1\na,1\na,2\n", "features.csv:3: node id 'a' has a second line");
    csv_bad(L, E, "node,f1\nb,nan\n", "features.csv:2: feature value 'nan' is not a");
    csv_bad(L, E, "", "features.csv:0: empty file");
    csv_bad("node,label\na,\"x,y\"\n", E, NULL,
            "labels.csv:2: field 2 is quoted: quoting is not supported");
    csv_bad(L, "source,target\n\"a\",b\n", NULL, "edges.csv:2: field 1 is quoted");
    /* a UTF-8 byte-order mark before the header is skipped (Excel writes one) */
    csv_bad("\xEF\xBB\xBFnode,label\na,x\n", "source,target\na,zz\n", NULL,
            "edges.csv:2: unknown node id 'zz'");
}

/* A .npy v1.0 file: the header dict padded to a multiple of 64, then body. */
static size_t npy_bytes(unsigned char *out, const char *dict, const void *body,
                        size_t blen)
{
    size_t h = strlen(dict), pad = 64 - (10 + h + 1) % 64, total = h + pad + 1;

    memcpy(out, "\x93NUMPY\x01\x00", 8);
    out[8] = (unsigned char)(total & 255);
    out[9] = (unsigned char)(total >> 8);
    memcpy(out + 10, dict, h);
    memset(out + 10 + h, ' ', pad);
    out[10 + total - 1] = '\n';
    memcpy(out + 10 + total, body, blen);
    return 10 + total + blen;
}

typedef struct {
    const char *key, *dict;
    const void *body;
    size_t blen;
} member;

/* A 2-node graph with one edge; member `bad` (if any) replaced. */
static void npz_write(const char *path, const member *bad)
{
    static const int32_t ind[2] = {1, 0}, ptr[3] = {0, 1, 2};
    static const float one[2] = {1, 1};
    static const int64_t shape[2] = {2, 2}, lab[2] = {0, 1};
    member m[6] = {
        {"adj_data", "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", one, 8},
        {"adj_indices", "{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }", ind,
         8},
        {"adj_indptr", "{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }", ptr,
         12},
        {"adj_shape", "{'descr': '<i8', 'fortran_order': False, 'shape': (2,), }", shape,
         16},
        {"labels", "{'descr': '<i8', 'fortran_order': False, 'shape': (2,), }", lab, 16},
        {NULL, NULL, NULL, 0}};
    int err;
    zip_t *z = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &err);

    for (int i = 0; m[i].key != NULL; i++) {
        const member *x = &m[i];
        if (bad != NULL && strcmp(x->key, bad->key) == 0) {
            if (bad->dict == NULL)
                continue; /* leave the member out */
            x = bad;
            bad = NULL; /* used */
        }
        unsigned char *buf = malloc(256 + x->blen);
        size_t len = npy_bytes(buf, x->dict, x->body, x->blen);
        char name[64];
        snprintf(name, sizeof name, "%s.npy", x->key);
        zip_source_t *s = zip_source_buffer(z, buf, len, 1);
        zip_file_add(z, name, s, ZIP_FL_OVERWRITE);
    }
    if (bad != NULL && bad->dict != NULL) { /* a member the base file lacks */
        unsigned char *buf = malloc(256 + bad->blen);
        size_t len = npy_bytes(buf, bad->dict, bad->body, bad->blen);
        char name[64];
        snprintf(name, sizeof name, "%s.npy", bad->key);
        zip_file_add(z, name, zip_source_buffer(z, buf, len, 1), ZIP_FL_OVERWRITE);
    }
    zip_close(z);
}

/* A fresh path DIR/x.npz in a new temp folder (remove with npz_remove). */
static void npz_path(char *path)
{
    strcpy(path, "/tmp/t-dataset-formats-XXXXXX");
    if (mkdtemp(path) == NULL)
        abort();
    strcat(path, "/x.npz");
}

static void npz_remove(char *path)
{
    unlink(path);
    *strrchr(path, '/') = '\0';
    rmdir(path);
}

static void npz_bad(const member *bad, const char *want)
{
    char path[64], err[512];
    ct_dataset_t D;

    npz_path(path);
    npz_write(path, bad);
    int rc = ct_dataset_load(D, path, err, sizeof err);
    CHECK_MSG(rc != 0 && strstr(err, want) != NULL, "want '%s', got '%s'", want,
              rc ? err : "success");
    if (rc == 0)
        ct_dataset_clear(D);
    npz_remove(path);
}

static void test_npz_bad(void)
{
    static const int32_t far[2] = {1, 7};
    static const int64_t three[2] = {0, 3};
    char path[64], err[512];
    ct_dataset_t D;

    /* the well-formed base file loads: 2 nodes, 1 edge (both directions) */
    npz_path(path);
    npz_write(path, NULL);
    CHECK_MSG(ct_dataset_load(D, path, err, sizeof err) == 0, "%s", err);
    if (D->n == 2) {
        CHECK(D->nedges == 1 && D->ndups == 1 && D->nfeat == 0 && D->nclass == 2);
        ct_dataset_clear(D);
    }
    /* a dense column-major attr_matrix [[1, 0, 3], [0, 2, 0]] */
    static const double dense[6] = {1, 0, 0, 2, 3, 0};
    member mat = {"attr_matrix",
                  "{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }", dense,
                  48};
    npz_write(path, &mat);
    CHECK_MSG(ct_dataset_load(D, path, err, sizeof err) == 0, "%s", err);
    if (D->n == 2) {
        char buf[64];
        CHECK(D->nfeat == 3 && D->feat_rowptr[2] == 3);
        row_str(buf, sizeof buf, D, 0);
        CHECK_MSG(strcmp(buf, "0:1 2:3") == 0, "dense row 0: %s", buf);
        row_str(buf, sizeof buf, D, 1);
        CHECK_MSG(strcmp(buf, "1:2") == 0, "dense row 1: %s", buf);
        ct_dataset_clear(D);
    }
    /* not a zip */
    FILE *f = fopen(path, "w");
    fputs("hello\n", f);
    fclose(f);
    CHECK(ct_dataset_load(D, path, err, sizeof err) != 0 &&
          strstr(err, "cannot open as a zip (.npz) file") != NULL);
    npz_remove(path);
    member nolab = {"labels", NULL, NULL, 0};
    npz_bad(&nolab, "labels: missing");
    member obj = {"labels", "{'descr': '|O', 'fortran_order': False, 'shape': (2,), }",
                  three, 16};
    npz_bad(&obj, "labels: an array of Python objects (pickled; not supported)");
    member shortlab = {
        "labels", "{'descr': '<i8', 'fortran_order': False, 'shape': (3,), }", three, 16};
    npz_bad(&shortlab, "labels: 3 elements of 8 bytes do not fit in 16 bytes");
    member wronglen = {
        "labels", "{'descr': '<i8', 'fortran_order': False, 'shape': (1,), }", three, 8};
    npz_bad(&wronglen, "labels: expected 2 entries, found 1");
    member outside = {"adj_indices",
                      "{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }", far,
                      8};
    npz_bad(&outside, "adj_indices: entry 1 is not an integer in 0..1");
    /* indptr claims 10^9 entries: refused before anything that size exists */
    static const int32_t bigptr[3] = {0, 1, 1000000000};
    member claim = {"adj_indptr",
                    "{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }", bigptr,
                    12};
    npz_bad(&claim, "adj_indices: expected 1000000000 entries, found 2");
    member nodescr = {"adj_data", "{'fortran_order': False, 'shape': (2,), }", far, 8};
    npz_bad(&nodescr, "adj_data: no 'descr' string");
    member dims = {"adj_data",
                   "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1, 2), }", far,
                   8};
    npz_bad(&dims, "adj_data: unsupported shape");
}

/* Names resolve under --data-root, else $CERTUNE_DATA, else the XDG
   default; paths are used as they are. */
static void test_by_name(void)
{
    char root[64], other[64], link[128], cwd[512], target[640], err[1024];
    char *path = NULL;
    const char *how;

    strcpy(root, "/tmp/t-dataset-root-XXXXXX");
    strcpy(other, "/tmp/t-dataset-other-XXXXXX");
    if (mkdtemp(root) == NULL || mkdtemp(other) == NULL || getcwd(cwd, 512) == NULL)
        abort();
    snprintf(link, sizeof link, "%s/tiny-csv", root);
    snprintf(target, sizeof target, "%s/tests/data/tiny-csv", cwd);
    CHECK(symlink(target, link) == 0);
    snprintf(link, sizeof link, "%s/tiny.npz", root);
    snprintf(target, sizeof target, "%s/tests/data/tiny.npz", cwd);
    CHECK(symlink(target, link) == 0);

    unsetenv("CERTUNE_DATA");
    CHECK(ct_dataset_resolve(&path, "tiny-csv", root, err, sizeof err) == 0 &&
          strcmp(path, strcat(strcpy(target, root), "/tiny-csv")) == 0);
    flint_free(path);
    CHECK(ct_dataset_resolve(&path, "tiny", root, err, sizeof err) == 0 &&
          strcmp(path, strcat(strcpy(target, root), "/tiny.npz")) == 0);
    flint_free(path);
    /* a path (it has a '/') is not looked up */
    CHECK(ct_dataset_resolve(&path, "tests/data/tiny-csv", other, err, sizeof err) == 0 &&
          strcmp(path, "tests/data/tiny-csv") == 0);
    flint_free(path);
    /* not found: where it looked, what is there, what can be fetched */
    CHECK(ct_dataset_resolve(&path, "nope", root, err, sizeof err) != 0 && path == NULL);
    CHECK_MSG(strstr(err, "dataset 'nope' not found") && strstr(err, root) &&
                  strstr(err, "(from --data-root)") &&
                  strstr(err, "present there: tiny-csv, tiny\n") &&
                  strstr(err, "fetches: actor, amazon-photo, citeseer"),
              "%s", err);
    /* $CERTUNE_DATA when there is no --data-root; --data-root wins over it */
    setenv("CERTUNE_DATA", root, 1);
    ct_dataset_t D;
    CHECK(ct_dataset_load_named(D, "tiny", NULL, CT_DATASET_SPLITS_DEFAULT, err,
                                sizeof err) == 0);
    if (D->n == 6) {
        CHECK(D->format == CT_DATASET_FORMAT_GNNBENCH && strcmp(D->name, "tiny") == 0);
        ct_dataset_clear(D);
    }
    CHECK(ct_dataset_load_named(D, "tiny", other, CT_DATASET_SPLITS_DEFAULT, err,
                                sizeof err) != 0 &&
          strstr(err, "present there: nothing\n") && strstr(err, other));
    path = ct_dataset_root(NULL, &how);
    CHECK(strcmp(path, root) == 0 && strcmp(how, "$CERTUNE_DATA") == 0);
    flint_free(path);
    /* the default: $XDG_DATA_HOME/certune/datasets, else under $HOME */
    unsetenv("CERTUNE_DATA");
    setenv("XDG_DATA_HOME", "/xdg", 1);
    path = ct_dataset_root(NULL, &how);
    CHECK(strcmp(path, "/xdg/certune/datasets") == 0);
    flint_free(path);
    unsetenv("XDG_DATA_HOME");
    setenv("HOME", "/home/u", 1);
    path = ct_dataset_root("", &how);
    CHECK(strcmp(path, "/home/u/.local/share/certune/datasets") == 0);
    flint_free(path);

    unlink(strcat(strcpy(target, root), "/tiny.npz"));
    unlink(strcat(strcpy(target, root), "/tiny-csv"));
    rmdir(root);
    rmdir(other);
}

int main(void)
{
    test_npz_fixture();
    test_csv_fixture();
    test_csv_bad();
    test_npz_bad();
    test_by_name();
    return check_finish("t-dataset-formats");
}
