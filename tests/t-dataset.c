/* t-gnn-data: the dataset loaders on every real dataset in ../shared/datasets
   (counts from the folders' READMEs), on small malformed files, and
   ct_dataset_split_random. Run from the repository root. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>
#include "certune/dataset.h"
#include "check.h"

#define ROOT "../shared/datasets"

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int is_dir(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Loads ROOT/name (sub may be ""); 1 when loaded, 0 when the folder is
   absent (a note, not a failure: CI may carry a partial copy). */
static int load(ct_dataset_t D, const char *name, const char *sub, int format, int splits)
{
    char dir[512], err[512];
    double t;
    int res;

    snprintf(dir, sizeof dir, "%s/%s", ROOT, name);
    if (!is_dir(dir)) {
        printf("t-gnn-data: note: %s missing, skipped\n", dir);
        return 0;
    }
    snprintf(dir, sizeof dir, "%s/%s%s", ROOT, name, sub);
    t = now();
    res = ct_dataset_load_format(D, dir, format, splits, err, sizeof err);
    t = now() - t;
    CHECK_MSG(res == 0, "%s: %s", dir, err);
    if (res != 0)
        return 0;
    printf("t-gnn-data: %-28s %-9s %7.3f s\n", dir, ct_dataset_format_name(D->format), t);
    return 1;
}

/* What every loaded dataset must satisfy, whatever the format. */
static void check_invariants(const ct_dataset_t D)
{
    slong i, k, bad = 0;

    CHECK(D->feat_rowptr[0] == 0);
    for (i = 0; i < D->n; i++) {
        bad += D->feat_rowptr[i + 1] < D->feat_rowptr[i];
        for (k = D->feat_rowptr[i]; k < D->feat_rowptr[i + 1]; k++)
            bad += D->feat_col[k] < 0 || D->feat_col[k] >= D->nfeat ||
                   (k > D->feat_rowptr[i] && D->feat_col[k] <= D->feat_col[k - 1]);
        bad += D->label[i] < -1 || D->label[i] >= D->nclass;
    }
    for (i = 0; i < D->nedges; i++)
        bad += D->eu[i] < 0 || D->eu[i] >= D->ev[i] || D->ev[i] >= D->n ||
               (i > 0 && (D->eu[i] < D->eu[i - 1] ||
                          (D->eu[i] == D->eu[i - 1] && D->ev[i] <= D->ev[i - 1])));
    for (i = 0; i < D->nsplits * D->n; i++)
        bad += D->split[i] < -1 || D->split[i] > 2 ||
               (D->split[i] != CT_DATASET_UNUSED && D->label[i % D->n] < 0);
    CHECK_MSG(bad == 0, "%s: %ld invariant violations", D->name, (long)bad);
}

typedef struct {
    const char *name;
    int format;
    slong n, nfeat, nnz, nclass, nedges;
    slong count[16]; /* per class, -1 ends */
} expect_struct;

static void check_counts(const ct_dataset_t D, const expect_struct *e)
{
    slong i, c, got[64] = {0};

    CHECK_MSG(strcmp(D->name, e->name) == 0, "name %s", D->name);
    CHECK_MSG(D->format == e->format, "%s format %d", e->name, D->format);
    CHECK_MSG(D->n == e->n, "%s n %ld", e->name, (long)D->n);
    CHECK_MSG(D->nfeat == e->nfeat, "%s nfeat %ld", e->name, (long)D->nfeat);
    CHECK_MSG(D->feat_rowptr[D->n] == e->nnz, "%s nnz %ld", e->name,
              (long)D->feat_rowptr[D->n]);
    CHECK_MSG(D->nclass == e->nclass, "%s nclass %ld", e->name, (long)D->nclass);
    CHECK_MSG(D->nedges == e->nedges, "%s nedges %ld", e->name, (long)D->nedges);
    for (i = 0; i < D->n; i++)
        if (D->label[i] >= 0 && D->label[i] < 64)
            got[D->label[i]]++;
    for (c = 0; c < 16 && e->count[c] >= 0; c++)
        CHECK_MSG(got[c] == e->count[c], "%s class %ld: %ld, README %ld", e->name,
                  (long)c, (long)got[c], (long)e->count[c]);
    check_invariants(D);
}

/* Train/val/test/unused sizes of split s. */
static void split_sizes(slong out[4], const ct_dataset_t D, slong s)
{
    slong i;

    out[0] = out[1] = out[2] = out[3] = 0;
    for (i = 0; i < D->n; i++) {
        int c = D->split[s * D->n + i];
        out[c < 0 ? 3 : c]++;
    }
}

/* Every split s in 0..nsplits-1 has the sizes tr/va/te (unused: the rest). */
static void check_geom_splits(const ct_dataset_t D, slong tr, slong va, slong te)
{
    slong s, z[4];

    CHECK_MSG(D->nsplits == 10 && D->split_kind == CT_DATASET_SPLITS_GEOM,
              "%s nsplits %ld", D->name, (long)D->nsplits);
    for (s = 0; s < D->nsplits; s++) {
        split_sizes(z, D, s);
        CHECK_MSG(z[0] == tr && z[1] == va && z[2] == te, "%s split %ld: %ld/%ld/%ld",
                  D->name, (long)s, (long)z[0], (long)z[1], (long)z[2]);
    }
}

static const expect_struct expect_planetoid[] = {
    {"cora",
     CT_DATASET_FORMAT_PLANETOID,
     2708,
     1433,
     49216,
     7,
     5278,
     {351, 217, 418, 818, 426, 298, 180, -1}},
    {"citeseer",
     CT_DATASET_FORMAT_PLANETOID,
     3327,
     3703,
     105165,
     6,
     4552,
     {249, 590, 668, 701, 596, 508, -1}},
    {"pubmed",
     CT_DATASET_FORMAT_PLANETOID,
     19717,
     0,
     0,
     3,
     44324,
     {4103, 7739, 7875, -1}},
};

/* The public splits: Cora 140/500/1000 etc., train and val the first ids. */
static void test_planetoid(void)
{
    static const slong ntrain[3] = {140, 120, 60};
    ct_dataset_t D;
    slong z[4], i, bad;
    int k;

    for (k = 0; k < 3; k++) {
        if (!load(D, expect_planetoid[k].name, "", CT_DATASET_FORMAT_AUTO,
                  CT_DATASET_SPLITS_DEFAULT))
            continue;
        check_counts(D, expect_planetoid + k);
        CHECK(D->nsplits == 1 && D->split_kind == CT_DATASET_SPLITS_PUBLIC);
        CHECK(D->nloops == 0 && D->ndups == 0);
        split_sizes(z, D, 0);
        CHECK_MSG(z[0] == ntrain[k] && z[1] == 500 && z[2] == 1000, "%s: %ld/%ld/%ld",
                  D->name, (long)z[0], (long)z[1], (long)z[2]);
        for (i = 0, bad = 0; i < ntrain[k] + 500; i++)
            bad += D->split[i] != (i < ntrain[k] ? CT_DATASET_TRAIN : CT_DATASET_VAL);
        CHECK(bad == 0);
        CHECK((k == 2) == (D->class_name == NULL));
        if (k == 0)
            CHECK(strcmp(D->class_name[0], "Theory") == 0);
        if (k == 1) {
            /* The 15 ids only cited: no features, no label, in no set. */
            static const slong gap[15] = {2407, 2489, 2553, 2682, 2781, 2953, 3042, 3063,
                                          3212, 3214, 3250, 3292, 3305, 3306, 3309};
            for (i = 0, bad = 0; i < 15; i++)
                bad += D->label[gap[i]] != -1 || D->split[gap[i]] != CT_DATASET_UNUSED ||
                       D->feat_rowptr[gap[i] + 1] != D->feat_rowptr[gap[i]];
            CHECK(bad == 0);
        }
        ct_dataset_clear(D);
    }
    /* Pointing at the planetoid/ subfolder itself gives the same data. */
    if (load(D, "cora", "/planetoid/", CT_DATASET_FORMAT_AUTO,
             CT_DATASET_SPLITS_DEFAULT)) {
        check_counts(D, expect_planetoid);
        CHECK(D->nsplits == 1);
        ct_dataset_clear(D);
    }
}

/* The Geom-GCN splits of the Planetoid sets, on the Planetoid node order. */
static void test_planetoid_geom(void)
{
    ct_dataset_t D;
    slong s, z[4];

    if (load(D, "cora", "", CT_DATASET_FORMAT_AUTO, CT_DATASET_SPLITS_GEOM)) {
        check_geom_splits(D, 1192, 796, 497);
        check_invariants(D);
        ct_dataset_clear(D);
    }
    if (load(D, "pubmed", "", CT_DATASET_FORMAT_AUTO, CT_DATASET_SPLITS_GEOM)) {
        check_geom_splits(D, 9463, 6310, 3944);
        ct_dataset_clear(D);
    }
    /* CiteSeer: 1596/1065/666 over all 3327 nodes (4 and 5: the largest
       component, 1207 unused), less the label-less nodes set UNUSED. */
    if (load(D, "citeseer", "", CT_DATASET_FORMAT_AUTO, CT_DATASET_SPLITS_GEOM)) {
        CHECK(D->nsplits == 10);
        for (s = 0; s < D->nsplits; s++) {
            split_sizes(z, D, s);
            if (s == 4 || s == 5)
                CHECK_MSG(z[3] >= 1207 && z[3] <= 1207 + 15 && z[0] <= 1017 &&
                              z[1] <= 679 && z[2] <= 424 &&
                              z[0] + z[1] + z[2] + z[3] == 3327,
                          "citeseer split %ld", (long)s);
            else
                CHECK_MSG(z[3] == 15 && z[0] <= 1596 && z[1] <= 1065 && z[2] <= 666,
                          "citeseer split %ld: unused %ld", (long)s, (long)z[3]);
        }
        CHECK_MSG(D->nsplit_unlabeled == 140, "%ld", (long)D->nsplit_unlabeled);
        check_invariants(D);
        ct_dataset_clear(D);
    }
}

static const expect_struct expect_geom[] = {
    {"cornell",
     CT_DATASET_FORMAT_GEOM,
     183,
     1703,
     15266,
     5,
     277,
     {33, 1, 18, 101, 30, -1}},
    {"texas", CT_DATASET_FORMAT_GEOM, 183, 1703, 15266, 5, 279, {33, 1, 18, 101, 30, -1}},
    {"wisconsin",
     CT_DATASET_FORMAT_GEOM,
     251,
     1703,
     24057,
     5,
     450,
     {10, 70, 118, 32, 21, -1}},
    {"actor",
     CT_DATASET_FORMAT_GEOM,
     7600,
     932,
     40977,
     5,
     26659,
     {853, 1337, 1630, 1815, 1965, -1}},
};

static void test_geom(void)
{
    /* Edge lines per file, and the split sizes of the READMEs. */
    static const slong lines[4] = {298, 325, 515, 33391};
    static const slong sz[4][3] = {
        {87, 59, 37}, {87, 59, 37}, {120, 80, 51}, {3648, 2432, 1520}};
    ct_dataset_t D, T;
    int k, have_cornell = 0;

    for (k = 0; k < 4; k++) {
        if (!load(D, expect_geom[k].name, "", CT_DATASET_FORMAT_AUTO,
                  CT_DATASET_SPLITS_DEFAULT))
            continue;
        check_counts(D, expect_geom + k);
        check_geom_splits(D, sz[k][0], sz[k][1], sz[k][2]);
        CHECK_MSG(D->nedges + D->nloops + D->ndups == lines[k], "%s: %ld + %ld + %ld",
                  D->name, (long)D->nedges, (long)D->nloops, (long)D->ndups);
        if (k == 0)
            CHECK(D->nloops == 3);
        if (k == 1 || k == 2)
            CHECK(D->nloops == 16);
        if (k == 3)
            CHECK(D->nfeat_dups == 10);
        if (k == 0) {
            *T = *D; /* kept to compare with Texas */
            have_cornell = 1;
            continue;
        }
        /* Texas's feature/label file is byte-identical to Cornell's. */
        if (k == 1 && have_cornell)
            CHECK(memcmp(T->feat_col, D->feat_col, 15266 * sizeof(slong)) == 0 &&
                  memcmp(T->label, D->label, 183 * sizeof(slong)) == 0);
        ct_dataset_clear(D);
    }
    if (have_cornell)
        ct_dataset_clear(T);
}

static const expect_struct expect_npz[] = {
    {"amazon-photo",
     CT_DATASET_FORMAT_NPZ,
     7650,
     745,
     1979909,
     8,
     119081,
     {369, 1686, 703, 915, 882, 823, 1941, 331, -1}},
    {"coauthor-cs",
     CT_DATASET_FORMAT_NPZ,
     18333,
     6805,
     1092079,
     15,
     81894,
     {708, 462, 2050, 429, 1394, 2193, 371, 924, 775, 118, 1444, 2033, 420, 4136, 876,
      -1}},
};

static void test_npz(void)
{
    ct_dataset_t D;
    slong i, bad;
    int k;

    for (k = 0; k < 2; k++) {
        if (!load(D, expect_npz[k].name, "", CT_DATASET_FORMAT_AUTO,
                  CT_DATASET_SPLITS_DEFAULT))
            continue;
        check_counts(D, expect_npz + k);
        CHECK(D->nsplits == 0 && D->split_kind == CT_DATASET_SPLITS_NONE);
        /* Amazon Photo: binary; Coauthor CS: integer counts 1..105. */
        for (i = 0, bad = 0; i < D->feat_rowptr[D->n]; i++)
            bad += k == 0 ? D->feat_val[i] != 1.0
                          : (D->feat_val[i] < 1.0 || D->feat_val[i] > 105.0 ||
                             D->feat_val[i] != (double)(slong)D->feat_val[i]);
        CHECK(bad == 0);
        CHECK(strcmp(D->class_name[k == 0 ? 2 : 14],
                     k == 0 ? "Binoculars & Scopes" : "theoretical_cs") == 0);
        ct_dataset_clear(D);
    }
}

/* The LINQS originals, reachable with the explicit format: classes are
   numbered in sorted name order. */
static void test_linqs(void)
{
    static const expect_struct cora = {"cora", CT_DATASET_FORMAT_LINQS,
                                       2708,   1433,
                                       49216,  7,
                                       5278,   {298, 418, 818, 426, 217, 180, 351, -1}};
    static const expect_struct citeseer = {
        "citeseer", CT_DATASET_FORMAT_LINQS,           3312, 3703, 105165, 6,
        4536,       {249, 596, 701, 508, 668, 590, -1}};
    ct_dataset_t D;
    char err[512];

    if (load(D, "cora", "", CT_DATASET_FORMAT_LINQS, CT_DATASET_SPLITS_DEFAULT)) {
        check_counts(D, &cora);
        CHECK(D->nsplits == 0 && D->nloops == 0 && D->ndups == 5429 - 5278);
        CHECK(strcmp(D->class_name[0], "Case_Based") == 0);
        ct_dataset_clear(D);
    }
    /* 4732 lines: 124 self-loops, 17 lines naming one of the 15 ids without
       a content line, the rest 4536 edges once each plus repeats. */
    if (load(D, "citeseer", "", CT_DATASET_FORMAT_LINQS, CT_DATASET_SPLITS_DEFAULT)) {
        check_counts(D, &citeseer);
        CHECK(D->nloops == 124);
        CHECK_MSG(D->nunknown == 17, "%ld", (long)D->nunknown);
        CHECK(D->nedges + D->nloops + D->ndups + D->nunknown == 4732);
        ct_dataset_clear(D);
    }
    if (is_dir(ROOT "/cora")) {
        CHECK(ct_dataset_load_format(D, ROOT "/cora", CT_DATASET_FORMAT_LINQS,
                                     CT_DATASET_SPLITS_GEOM, err, sizeof err) == -1);
        CHECK(strstr(err, "Planetoid node order") != NULL);
    }
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

/* Same seed, same split; the proportions are exact functions of frac. */
static void test_split_random(void)
{
    ct_dataset_t D;
    signed char *a, *b;
    slong i, diff = 0, z[4] = {0, 0, 0, 0}, labeled = 0;

    if (!load(D, "citeseer", "", CT_DATASET_FORMAT_AUTO, CT_DATASET_SPLITS_NONE))
        return;
    CHECK(D->nsplits == 0 && D->split == NULL);
    a = malloc((size_t)D->n);
    b = malloc((size_t)D->n);
    ct_dataset_split_random(a, D, 0.6, 42);
    ct_dataset_split_random(b, D, 0.6, 42);
    CHECK(memcmp(a, b, (size_t)D->n) == 0);
    for (i = 0; i < D->n; i++) {
        z[a[i] < 0 ? 3 : a[i]]++;
        labeled += D->label[i] >= 0;
        CHECK(D->label[i] >= 0 || a[i] == CT_DATASET_UNUSED);
    }
    /* 3312 labeled: round(0.6 * 3312) = 1987, then 662 and 663. */
    CHECK(labeled == 3312);
    CHECK_MSG(z[0] == 1987 && z[1] == 662 && z[2] == 663 && z[3] == 15, "%ld/%ld/%ld/%ld",
              (long)z[0], (long)z[1], (long)z[2], (long)z[3]);
    ct_dataset_split_random(b, D, 0.6, 43);
    for (i = 0; i < D->n; i++)
        diff += a[i] != b[i];
    CHECK(diff > 1000);
    ct_dataset_split_random(b, D, 0.0, 1);
    for (i = 0, diff = 0; i < D->n; i++)
        diff += b[i] == CT_DATASET_TRAIN;
    CHECK(diff == 0);
    ct_dataset_split_random(b, D, 2.0, 1);
    for (i = 0, diff = 0; i < D->n; i++)
        diff += b[i] == CT_DATASET_TRAIN;
    CHECK(diff == 3312);
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
    double t = now();

    CHECK_MSG(is_dir(ROOT),
              "%s missing (run from the repository root, shared/ beside it)", ROOT);
    if (!is_dir(ROOT))
        return check_finish("t-gnn-data");
    test_names();
    test_malformed();
    test_planetoid();
    test_planetoid_geom();
    test_geom();
    test_npz();
    test_linqs();
    test_split_random();
    printf("t-gnn-data: total %.2f s\n", now() - t);
    return check_finish("t-gnn-data");
}
