/* t-dataset: the dataset loaders on the repository's fixtures (tests/fixtures,
   written by scripts/make-fixtures.py, whose header derives every count
   checked here), on small malformed files, and ct_dataset_split_random. The
   real datasets are t-dataset-real's. Run from the repository root. */
#include <stdlib.h>
#include <unistd.h>
#include <zlib.h>
#include "dataset_check.h"

#define ROOT "tests/fixtures"

/* Node i of the fixture graph: class i mod 3, columns i mod 10 and 10 + i mod 3. */
static void check_fixture_node(const ct_dataset_t D, slong k, slong i, slong label,
                               double value)
{
    slong r = D->feat_rowptr[k];
    slong lo = FLINT_MIN(i % 10, 10 + i % 3), hi = FLINT_MAX(i % 10, 10 + i % 3);

    CHECK_MSG(D->label[k] == label, "%s node %ld: label %ld", D->name, (long)k,
              (long)D->label[k]);
    CHECK_MSG(D->feat_rowptr[k + 1] - r == 2 && D->feat_col[r] == lo &&
                  D->feat_col[r + 1] == hi && D->feat_val[r + 1] == value,
              "%s node %ld: features", D->name, (long)k);
}

/* Does D have the undirected edge {u, v}? (eu < ev, sorted) */
static int has_edge(const ct_dataset_t D, slong u, slong v)
{
    slong i;

    for (i = 0; i < D->nedges; i++)
        if (D->eu[i] == FLINT_MIN(u, v) && D->ev[i] == FLINT_MAX(u, v))
            return 1;
    return 0;
}

static void test_fixture_planetoid(void)
{
    static const expect_struct e = {
        "tinycite", CT_DATASET_FORMAT_PLANETOID, 300, 13, 600, 3, 450, {99, 98, 98, -1}};
    ct_dataset_t D;
    slong z[4];

    if (!load(D, "tinycite", "", CT_DATASET_FORMAT_AUTO, CT_DATASET_SPLITS_DEFAULT)) {
        CHECK_MSG(0, "%s/tinycite missing", ROOT);
        return;
    }
    check_counts(D, &e);
    CHECK(D->nloops == 1 && D->ndups == 1 && D->nunknown == 0);
    CHECK(D->nsplits == 1 && D->split_kind == CT_DATASET_SPLITS_PUBLIC);
    split_sizes(z, D, 0);
    CHECK_MSG(z[0] == 30 && z[1] == 50 && z[2] == 80 && z[3] == 140, "%ld/%ld/%ld/%ld",
              (long)z[0], (long)z[1], (long)z[2], (long)z[3]);
    CHECK(D->split[29] == CT_DATASET_TRAIN && D->split[30] == CT_DATASET_VAL &&
          D->split[200] == CT_DATASET_TEST && D->split[199] == CT_DATASET_UNUSED);
    check_fixture_node(D, 7, 7, 1, 2.5);
    check_fixture_node(D, 297, 297, -1, 2.5);
    CHECK(has_edge(D, 299, 0) && has_edge(D, 298, 1) && !has_edge(D, 1, 4));
    CHECK(D->class_name != NULL && strcmp(D->class_name[1], "Alpha") == 0);
    ct_dataset_clear(D);
}

/* LINQS node k is node 294 - k; classes renumbered Alpha 0, Mid 1, Zeta 2. */
static void test_fixture_linqs(void)
{
    static const expect_struct e = {"tinycite", CT_DATASET_FORMAT_LINQS, 295, 13, 590, 3,
                                    440,        {98, 98, 99, -1}};
    static const slong relabel[3] = {2, 0, 1};
    ct_dataset_t D;

    if (!load(D, "tinycite", "", CT_DATASET_FORMAT_LINQS, CT_DATASET_SPLITS_DEFAULT))
        return;
    check_counts(D, &e);
    CHECK(D->nloops == 1 && D->ndups == 0 && D->nunknown == 10 && D->nsplits == 0);
    check_fixture_node(D, 0, 294, relabel[294 % 3], 1.0);
    check_fixture_node(D, 100, 194, relabel[194 % 3], 1.0);
    /* {0, 1} and {290, 293} are LINQS {294, 293} and {4, 1}; {291, 294} is no edge. */
    CHECK(has_edge(D, 294, 293) && has_edge(D, 4, 1) && !has_edge(D, 0, 3));
    CHECK(strcmp(D->class_name[0], "Alpha") == 0 &&
          strcmp(D->class_name[2], "Zeta") == 0);
    ct_dataset_clear(D);
}

static void test_fixture_geom(void)
{
    static const expect_struct e = {"tinyweb", CT_DATASET_FORMAT_GEOM, 300, 13, 600, 3,
                                    450,       {100, 100, 100, -1}};
    ct_dataset_t D;

    if (!load(D, "tinyweb", "", CT_DATASET_FORMAT_AUTO, CT_DATASET_SPLITS_DEFAULT)) {
        CHECK_MSG(0, "%s/tinyweb missing", ROOT);
        return;
    }
    check_counts(D, &e);
    CHECK(D->nloops == 0 && D->ndups == 30);
    check_geom_splits(D, 180, 60, 60);
    /* Split K codes node i by (i + K) mod 5: 0, 1, 2 train, 3 val, 4 test. */
    CHECK(D->split[0 * 300 + 3] == CT_DATASET_VAL &&
          D->split[1 * 300 + 3] == CT_DATASET_TEST &&
          D->split[2 * 300 + 3] == CT_DATASET_TRAIN);
    check_fixture_node(D, 299, 299, 2, 1.0);
    ct_dataset_clear(D);
}

static void test_fixture_npz(void)
{
    static const expect_struct e = {"tinynpz", CT_DATASET_FORMAT_NPZ, 300, 13, 600, 3,
                                    450,       {100, 100, 100, -1}};
    ct_dataset_t D;

    if (!load(D, "tinynpz", "", CT_DATASET_FORMAT_AUTO, CT_DATASET_SPLITS_DEFAULT)) {
        CHECK_MSG(0, "%s/tinynpz missing", ROOT);
        return;
    }
    check_counts(D, &e);
    CHECK(D->nloops == 0 && D->ndups == 0 && D->nsplits == 0);
    check_fixture_node(D, 150, 150, 0, 2.5);
    CHECK(strcmp(D->class_name[2], "Mid") == 0);
    ct_dataset_clear(D);
}

/* Small files written under a temporary folder, removed at the end. */
static char tmp[64];
static char *made[256];
static int nmade;

static char *tmp_path(const char *sub, const char *name)
{
    char *p = malloc(strlen(tmp) + strlen(sub) + strlen(name) + 3);

    sprintf(p, "%s/%s%s%s", tmp, sub, *name ? "/" : "", name);
    return p;
}

static void remember(char *path)
{
    int k;

    for (k = 0; k < nmade; k++)
        if (strcmp(made[k], path) == 0) {
            free(path);
            return;
        }
    if (nmade < 256)
        made[nmade++] = path;
    else
        free(path);
}

static void mk(const char *sub)
{
    char *p = tmp_path(sub, "");

    CHECK(mkdir(p, 0700) == 0);
    remember(p);
}

static void put(const char *sub, const char *name, const char *text)
{
    char *p = tmp_path(sub, name);
    FILE *f = fopen(p, "w");

    CHECK(f != NULL);
    if (f != NULL) {
        fputs(text, f);
        fclose(f);
    }
    remember(p);
}

static void put_gz(const char *sub, const char *name, const char *text)
{
    char *p = tmp_path(sub, name);
    gzFile f = gzopen(p, "wb");

    CHECK(f != NULL);
    if (f != NULL) {
        gzputs(f, text);
        gzclose(f);
    }
    remember(p);
}

/* Later entries are inside earlier folders, so removal goes backwards. */
static void tmp_cleanup(void)
{
    struct stat st;

    while (nmade > 0) {
        char *p = made[--nmade];
        if (stat(p, &st) == 0)
            CHECK((S_ISDIR(st.st_mode) ? rmdir(p) : unlink(p)) == 0);
        free(p);
    }
    CHECK(rmdir(tmp) == 0);
}

/* Loading sub must fail with "SUB/file:line: ..." (line 0: "SUB/file: ...",
   file "": "SUB: ...") and the message must contain what. */
static void expect_error(const char *sub, int format, int splits, const char *file,
                         int line, const char *what)
{
    ct_dataset_t D;
    char err[512] = "", want[600], *dir = tmp_path(sub, "");
    int res = ct_dataset_load_format(D, dir, format, splits, err, sizeof err);

    if (*file == '\0')
        snprintf(want, sizeof want, "%s: ", dir);
    else if (line == 0)
        snprintf(want, sizeof want, "%s/%s: ", dir, file);
    else
        snprintf(want, sizeof want, "%s/%s:%d: ", dir, file, line);
    CHECK_MSG(res == -1, "%s loaded", sub);
    CHECK_MSG(strncmp(err, want, strlen(want)) == 0 && strstr(err, what) != NULL,
              "%s: got '%s', want '%s...%s'", sub, err, want, what);
    /* A failed load leaves D cleared, and clearing again is harmless. */
    CHECK(D->n == 0 && D->label == NULL && D->name == NULL);
    ct_dataset_clear(D);
    free(dir);
}

/* A valid three-node npz-text folder; cases then break one file. */
static void npz_base(const char *sub)
{
    mk(sub);
    put(sub, "labels.txt", "3 2\n0 0\n1 1\n2 -1\n");
    put(sub, "edges.txt", "3 2\n0 1\n1 2\n");
    put(sub, "features.txt", "3 4 3\n0 0 1\n0 3 2.5\n2 1 1\n");
}

static void test_bad_text(void)
{
    npz_base("l1");
    put("l1", "labels.txt", "3 2\n0 0\n1 1\n2 5\n");
    expect_error("l1", 0, 0, "labels.txt", 4, "label 5 out of range (-1..1)");
    npz_base("l2");
    put("l2", "labels.txt", "3 2\n0 0 1\n");
    expect_error("l2", 0, 0, "labels.txt", 2, "expected 2 fields, found 3");
    npz_base("l3");
    put("l3", "labels.txt", "3 2\n0 0\n1 x1\n");
    expect_error("l3", 0, 0, "labels.txt", 3, "label 'x1' is not an integer");
    npz_base("l4");
    put("l4", "labels.txt", "3 2\n0 0\n1 1\n");
    expect_error("l4", 0, 0, "labels.txt", 1, "header says 3 nodes, the file has 2");
    npz_base("l5");
    put("l5", "labels.txt", "3 2\n0 0\n1 1\n2 1\n0 1\n");
    expect_error("l5", 0, 0, "labels.txt", 5, "more label lines");
    npz_base("l6");
    put("l6", "labels.txt", "3 2\n0 0\n0 1\n2 1\n");
    expect_error("l6", 0, 0, "labels.txt", 3, "node 0 has a second label line");
    npz_base("e1");
    put("e1", "edges.txt", "3 2\n0 1\n1 3\n");
    expect_error("e1", 0, 0, "edges.txt", 3, "node index 3 out of range (0..2)");
    npz_base("e2");
    put("e2", "edges.txt", "3 3\n0 1\n");
    expect_error("e2", 0, 0, "edges.txt", 1, "header says 3 edges, the file has 1");
    npz_base("e3");
    put("e3", "edges.txt", "4 1\n0 1\n");
    expect_error("e3", 0, 0, "edges.txt", 1, "header says 4 nodes, labels.txt says 3");
    npz_base("e4");
    put("e4", "edges.txt", "3 1\n-1 1\n");
    expect_error("e4", 0, 0, "edges.txt", 2, "node index -1 out of range");
    npz_base("f1");
    put("f1", "features.txt", "3 4 3\n0 3 1\n0 0 1\n2 1 1\n");
    expect_error("f1", 0, 0, "features.txt", 3, "sorted by node, then feature");
    npz_base("f2");
    put("f2", "features.txt", "3 4 1\n0 0 abc\n");
    expect_error("f2", 0, 0, "features.txt", 2, "feature value 'abc'");
    npz_base("f3");
    put("f3", "features.txt", "3 4 1\n0 4 1\n");
    expect_error("f3", 0, 0, "features.txt", 2, "feature index 4 out of range (0..3)");
    npz_base("f4");
    put("f4", "features.txt", "3 4\n");
    expect_error("f4", 0, 0, "features.txt", 1, "expected the header 'N F NNZ'");
    npz_base("f5");
    put("f5", "features.txt", "");
    expect_error("f5", 0, 0, "features.txt", 1, "empty file");
    /* Without edges.txt the folder is no known format; asked for npz, the
       missing file is named. */
    mk("m1");
    put("m1", "labels.txt", "1 1\n0 0\n");
    expect_error("m1", 0, 0, "", 0, "no known dataset format (expected");
    expect_error("m1", CT_DATASET_FORMAT_NPZ, 0, "edges.txt", 0,
                 "cannot open: No such file or directory");
    expect_error("nonexistent", 0, 0, "", 0, "cannot open");
    npz_base("c1");
    put("c1", "classes.txt", "0 a b\n2 c\n");
    expect_error("c1", 0, 0, "classes.txt", 2, "label out of range");
}

static void test_bad_public(void)
{
    npz_base("p1");
    put("p1", "train.txt", "0\n");
    put("p1", "val.txt", "1\n0\n");
    put("p1", "test.txt", "2\n");
    expect_error("p1", 0, 0, "val.txt", 2, "node 0 is already in train");
    npz_base("p2");
    put("p2", "train.txt", "0\n");
    put("p2", "val.txt", "1\n");
    expect_error("p2", CT_DATASET_FORMAT_NPZ, CT_DATASET_SPLITS_PUBLIC, "test.txt", 0,
                 "cannot open");
    put("p2", "test.txt", "7\n");
    expect_error("p2", 0, 0, "test.txt", 1, "node index 7 out of range");
    /* A planetoid/ subfolder wins over LINQS files beside it. */
    mk("p3");
    npz_base("p3/planetoid");
    put("p3/planetoid", "train.txt", "0\n");
    put("p3/planetoid", "val.txt", "1\n");
    put("p3/planetoid", "test.txt", "x\n");
    put("p3", "p3.content", "a 1 c\n");
    put("p3", "p3.cites", "a a\n");
    expect_error("p3", 0, 0, "planetoid/test.txt", 1, "node index 'x' is not an integer");
}

static void test_bad_geom(void)
{
    static const char *hdr = "node_id\tfeature\tlabel\n";
    char text[256];

    mk("g1");
    snprintf(text, sizeof text, "%s0\t1,0,1\t0\n1\t0,1\t1\n", hdr);
    put("g1", "out1_node_feature_label.txt", text);
    put("g1", "out1_graph_edges.txt", "node_id\tnode_id\n0\t1\n");
    expect_error("g1", 0, 0, "out1_node_feature_label.txt", 3,
                 "expected 3 feature values, found 2");
    snprintf(text, sizeof text, "%s0\t1,0,1\t0\n2\t0,1,1\t1\n", hdr);
    put("g1", "out1_node_feature_label.txt", text);
    expect_error("g1", 0, 0, "out1_node_feature_label.txt", 3,
                 "node id 2 out of range (0..1)");
    snprintf(text, sizeof text, "%s0\t1,0,1\t0\n1\t0,1,1 1\n", hdr);
    put("g1", "out1_node_feature_label.txt", text);
    expect_error("g1", 0, 0, "out1_node_feature_label.txt", 3,
                 "expected 3 tab-separated");
    snprintf(text, sizeof text, "%s1\t1,0,1\t0\n0\t0,1,1\t1\n", hdr);
    put("g1", "out1_node_feature_label.txt", text);
    put("g1", "out1_graph_edges.txt", "node_id\tnode_id\n0\t1\n1\t2\n");
    expect_error("g1", 0, 0, "out1_graph_edges.txt", 3, "node id 2 out of range (0..1)");
    put("g1", "out1_graph_edges.txt", "node_id\tnode_id\n0\t1\n1\t0\n1\t1\n");
    mk("g1/splits");
    put("g1/splits", "g1_split_0.6_0.2_0.txt", "0\n1\n");
    put("g1/splits", "g1_split_0.6_0.2_1.txt", "0\n");
    expect_error("g1", 0, 0, "splits/g1_split_0.6_0.2_1.txt", 2,
                 "file ends after 1 lines");
    put("g1/splits", "g1_split_0.6_0.2_1.txt", "0\n3\n");
    expect_error("g1", 0, 0, "splits/g1_split_0.6_0.2_1.txt", 2,
                 "split code 3 out of range");
    put("g1/splits", "g1_split_0.6_0.2_1.txt", "2\n1\n");
    put("g1/splits", "g1_split_0.6_0.2_3.txt", "2\n1\n");
    expect_error("g1", 0, 0, "splits", 0, "split file g1_split_0.6_0.2_2.txt missing");
    put("g1/splits", "g1_split_0.6_0.2_2.txt", "2\n1\n");
    {
        /* Rows out of id order, a loop and a repeat dropped and counted. */
        ct_dataset_t D;
        char err[512], *dir = tmp_path("g1", "");
        CHECK_MSG(ct_dataset_load(D, dir, err, sizeof err) == 0, "%s", err);
        if (D->n == 2) {
            CHECK(D->nedges == 1 && D->nloops == 1 && D->ndups == 1 && D->nsplits == 4);
            CHECK(D->label[0] == 1 && D->feat_rowptr[1] == 2 && D->feat_col[1] == 2);
            CHECK(D->split[D->n * 3 + 0] == CT_DATASET_TEST);
            ct_dataset_clear(D);
        }
        free(dir);
    }
}

static void test_bad_linqs(void)
{
    ct_dataset_t D;
    char err[512], *dir;

    mk("q1");
    put("q1", "x.content", "p1\t1\t0\tB\np2\t0\t1\tA\np3\t1\tA\n");
    put("q1", "x.cites", "p1\tp2\n");
    expect_error("q1", 0, 0, "x.content", 3, "expected 4 fields, found 3");
    put("q1", "x.content", "p1\t1\t0\tB\np1\t0\t1\tA\n");
    expect_error("q1", 0, 0, "x.content", 2, "paper id 'p1' has a second line");
    put("q1", "x.content", "p1\t1\t0\tB\np2\t0\t1\tA\np3\t1\t1\tA\n");
    put("q1", "x.cites", "p1\tp2\np2 p1\np3\tp3\nzz\tp1\np1\n");
    expect_error("q1", 0, 0, "x.cites", 5, "expected 'cited_id citing_id'");
    put("q1", "x.cites", "p1\tp2\np2 p1\np3\tp3\nzz\tp1\n");
    expect_error("q1", 0, CT_DATASET_SPLITS_PUBLIC, "", 0,
                 "LINQS files have no public split");
    dir = tmp_path("q1", "");
    CHECK_MSG(ct_dataset_load(D, dir, err, sizeof err) == 0, "%s", err);
    if (D->n == 3) {
        CHECK(D->format == CT_DATASET_FORMAT_LINQS && D->nclass == 2);
        CHECK(D->label[0] == 1 && D->label[1] == 0 && strcmp(D->class_name[0], "A") == 0);
        CHECK(D->nedges == 1 && D->ndups == 1 && D->nloops == 1 && D->nunknown == 1);
        ct_dataset_clear(D);
    }
    free(dir);
}

/* .gz read when the plain file is absent; CRLF; an unreadable gzip. */
static void test_gzip(void)
{
    ct_dataset_t D;
    char err[512], *dir;

    mk("z1");
    put_gz("z1", "labels.txt.gz", "3 2\r\n0 0\r\n1 1\r\n2 1\r\n");
    put("z1", "edges.txt", "3 4\n0 1\n1 0\n2 2\n2 1\n");
    put_gz("z1", "features.txt.gz", "3 4 2\n0 0 1\n1 3 -0.5e1\n");
    dir = tmp_path("z1", "");
    CHECK_MSG(ct_dataset_load(D, dir, err, sizeof err) == 0, "%s", err);
    if (D->n == 3) {
        CHECK(D->format == CT_DATASET_FORMAT_NPZ && D->nfeat == 4 &&
              D->feat_val[1] == -5.0);
        CHECK(D->nedges == 2 && D->nloops == 1 && D->ndups == 1 && D->nsplits == 0);
        CHECK(D->eu[0] == 0 && D->ev[0] == 1 && D->eu[1] == 1 && D->ev[1] == 2);
        ct_dataset_clear(D);
    }
    free(dir);
    put_gz("z1", "features.txt.gz", "3 4 2\n0 0 1\n1 3 x\n");
    expect_error("z1", 0, 0, "features.txt.gz", 3, "feature value 'x'");
    /* A gzip stream cut short: zlib reports it as a read error. */
    put("z1", "features.txt.gz", "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\x33\x56\x30");
    expect_error("z1", 0, 0, "features.txt.gz", 1, "read error");
    /* Without features at all: nfeat 0, as for PubMed. */
    put("z1", "features.txt.gz", "");
    CHECK(unlink(made[nmade - 1]) == 0);
    dir = tmp_path("z1", "");
    CHECK_MSG(ct_dataset_load(D, dir, err, sizeof err) == 0, "%s", err);
    CHECK(D->nfeat == 0 && D->feat_rowptr != NULL && D->feat_rowptr[D->n] == 0);
    ct_dataset_clear(D);
    free(dir);
}

static void test_malformed(void)
{
    strcpy(tmp, "/tmp/t-gnn-data-XXXXXX");
    CHECK(mkdtemp(tmp) != NULL);
    test_bad_text();
    test_bad_public();
    test_bad_geom();
    test_bad_linqs();
    test_gzip();
    tmp_cleanup();
}

/* Same seed, same split; the proportions are exact functions of frac. On
   tinycite: 295 labeled, round(0.6 * 295) = 177 train, 59 val, 59 test. */
static void test_split_random(void)
{
    ct_dataset_t D;
    signed char *a, *b;
    slong i, diff = 0, z[4] = {0, 0, 0, 0};

    if (!load(D, "tinycite", "", CT_DATASET_FORMAT_AUTO, CT_DATASET_SPLITS_NONE))
        return;
    CHECK(D->nsplits == 0 && D->split == NULL);
    a = malloc((size_t)D->n);
    b = malloc((size_t)D->n);
    ct_dataset_split_random(a, D, 0.6, 42);
    ct_dataset_split_random(b, D, 0.6, 42);
    CHECK(memcmp(a, b, (size_t)D->n) == 0);
    for (i = 0; i < D->n; i++) {
        z[a[i] < 0 ? 3 : a[i]]++;
        CHECK(D->label[i] >= 0 || a[i] == CT_DATASET_UNUSED);
    }
    CHECK_MSG(z[0] == 177 && z[1] == 59 && z[2] == 59 && z[3] == 5, "%ld/%ld/%ld/%ld",
              (long)z[0], (long)z[1], (long)z[2], (long)z[3]);
    ct_dataset_split_random(b, D, 0.6, 43);
    for (i = 0; i < D->n; i++)
        diff += a[i] != b[i];
    CHECK(diff > 50);
    ct_dataset_split_random(b, D, 0.0, 1);
    for (i = 0, diff = 0; i < D->n; i++)
        diff += b[i] == CT_DATASET_TRAIN;
    CHECK(diff == 0);
    ct_dataset_split_random(b, D, 2.0, 1);
    for (i = 0, diff = 0; i < D->n; i++)
        diff += b[i] == CT_DATASET_TRAIN;
    CHECK(diff == 295);
    free(a);
    free(b);
    ct_dataset_clear(D);
}

static void test_names(void)
{
    CHECK(ct_dataset_format_parse("linqs") == CT_DATASET_FORMAT_LINQS);
    CHECK(ct_dataset_format_parse("bogus") == -1);
    CHECK(strcmp(ct_dataset_format_name(CT_DATASET_FORMAT_GEOM), "geom") == 0);
    CHECK(ct_dataset_splits_parse("public") == CT_DATASET_SPLITS_PUBLIC);
}

int main(void)
{
    load_root = ROOT;
    test_names();
    test_malformed();
    test_fixture_planetoid();
    test_fixture_linqs();
    test_fixture_geom();
    test_fixture_npz();
    test_split_random();
    return check_finish("t-dataset");
}
