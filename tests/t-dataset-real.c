/* t-dataset-real: the dataset loaders and the sampler on every real dataset in
   ../shared/datasets (counts from the folders' READMEs). Run from the
   repository root. Without ../shared/datasets (a fresh clone) it exits 77,
   which tests/run.sh counts as skipped; the loaders are tested on the
   repository's fixtures by t-dataset regardless. */
#include <stdlib.h>
#include <unistd.h>
#include "certune/component.h"
#include "certune/sample.h"
#include "dataset_check.h"

/* The data root: $CERTUNE_DATA, as the command line's, else the project's
   copies beside the checkout. */
static const char *ROOT = "../shared/datasets"; /* $CERTUNE_DATA in main */

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
    char cora_dir[4096];
    snprintf(cora_dir, sizeof cora_dir, "%s/cora", ROOT);
    if (is_dir(cora_dir)) {
        CHECK(ct_dataset_load_format(D, cora_dir, CT_DATASET_FORMAT_LINQS,
                                     CT_DATASET_SPLITS_GEOM, err, sizeof err) == -1);
        CHECK(strstr(err, "Planetoid node order") != NULL);
    }
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

/* 20 samples of 30 Cora nodes: connected, 6 labeled, 7 classes. */
static void test_sample_cora(void)
{
    ct_dataset_t D;
    flint_rand_t state;
    slong k, comp[30];

    if (!load(D, "cora", "", CT_DATASET_FORMAT_AUTO, CT_DATASET_SPLITS_DEFAULT))
        return;
    flint_randinit(state);
    for (k = 0; k < 20; k++) {
        ct_instance_t inst;
        CHECK(ct_sample_instance(inst, D, 30, 0.2, state, "cora") == 0);
        CHECK(inst->n == 30 && inst->c == 7 && inst->nedges >= 29);
        CHECK(ct_component_assign(comp, inst) == 1);
        ct_instance_clear(inst);
    }
    flint_randclear(state);
    ct_dataset_clear(D);
}

int main(void)
{
    double t = now();

    if (getenv("CERTUNE_DATA") != NULL && *getenv("CERTUNE_DATA") != '\0')
        ROOT = getenv("CERTUNE_DATA");
    load_root = ROOT;
    if (!is_dir(ROOT)) {
        printf("SKIP t-dataset-real: %s not found (set CERTUNE_DATA to a data root, or "
               "run from the repository root with shared/ beside it)\n",
               ROOT);
        return 77;
    }
    test_planetoid();
    test_planetoid_geom();
    test_geom();
    test_npz();
    test_linqs();
    test_split_random();
    test_sample_cora();
    printf("t-dataset-real: total %.2f s\n", now() - t);
    flint_cleanup();
    return check_finish("t-dataset-real");
}
