/* gnn data: format detection, clearing, random splits. The loaders of each
   format are in data_text.c, data_linqs.c, data_geom.c and data_splits.c. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "dataset_npy.h"

#define GNN_NFORMATS 7
static const char *gnn_format_names[GNN_NFORMATS] = {"auto", "planetoid", "linqs", "geom",
                                                     "npz",  "gnnbench",  "csv"};
static const char *gnn_splits_names[4] = {"default", "public", "geom", "none"};

const char *ct_dataset_format_name(int format)
{
    return (format >= 0 && format < GNN_NFORMATS) ? gnn_format_names[format] : "unknown";
}

int ct_dataset_format_parse(const char *name)
{
    int k;

    for (k = 0; k < GNN_NFORMATS; k++)
        if (strcmp(name, gnn_format_names[k]) == 0)
            return k;
    return -1;
}

int ct_dataset_splits_parse(const char *name)
{
    int k;

    for (k = 0; k < 4; k++)
        if (strcmp(name, gnn_splits_names[k]) == 0)
            return k;
    return -1;
}

void ct_dataset_clear(ct_dataset_t D)
{
    slong i;

    if (D->class_name != NULL)
        for (i = 0; i < D->nclass; i++)
            flint_free(D->class_name[i]);
    flint_free(D->class_name);
    flint_free(D->name);
    flint_free(D->feat_rowptr);
    flint_free(D->feat_col);
    flint_free(D->feat_val);
    flint_free(D->label);
    flint_free(D->eu);
    flint_free(D->ev);
    flint_free(D->split);
    memset(D, 0, sizeof *D);
}

/* The folder's own name, so "../shared/datasets/cora/" gives "cora"; a path
   to the planetoid/ subfolder itself is named after its parent. */
static char *gnn_data_folder_name(const char *dir)
{
    size_t end = strlen(dir), start;
    char *name;

    while (end > 1 && dir[end - 1] == '/')
        end--;
    for (start = end; start > 0 && dir[start - 1] != '/';)
        start--;
    if (end - start == 9 && strncmp(dir + start, "planetoid", 9) == 0 && start > 1) {
        end = start - 1;
        while (end > 1 && dir[end - 1] == '/')
            end--;
        for (start = end; start > 0 && dir[start - 1] != '/';)
            start--;
    }
    name = flint_malloc(end - start + 1);
    memcpy(name, dir + start, end - start);
    name[end - start] = '\0';
    return name;
}

static int gnn_data_has(const char *dir, const char *name)
{
    char *path = ct_dataset_join(dir, name);
    int ok = ct_dataset_has_file(path);

    flint_free(path);
    return ok;
}

/* Format detection, in order of preference: a planetoid/ subfolder (the
   public split beats the LINQS originals beside it), a folder that is itself
   a Planetoid conversion, Geom-GCN files, LINQS files, converted npz text. */
static int gnn_data_detect(const char *dir, char **base)
{
    char *sub = ct_dataset_join(dir, "planetoid");
    char *stem;
    int linqs;

    *base = NULL;
    if (gnn_data_has(sub, "labels.txt") && gnn_data_has(sub, "edges.txt")) {
        *base = sub;
        return CT_DATASET_FORMAT_PLANETOID;
    }
    flint_free(sub);
    *base = ct_text_strdup(dir);
    if (gnn_data_has(dir, "labels.txt") && gnn_data_has(dir, "edges.txt") &&
        ct_dataset_text_has_public(dir))
        return CT_DATASET_FORMAT_PLANETOID;
    if (gnn_data_has(dir, "out1_node_feature_label.txt"))
        return CT_DATASET_FORMAT_GEOM;
    if (gnn_data_has(dir, "edges.csv") && gnn_data_has(dir, "labels.csv"))
        return CT_DATASET_FORMAT_CSV;
    linqs = ct_dataset_linqs_find(&stem, dir, NULL, 0);
    flint_free(stem);
    if (linqs != 0)
        return CT_DATASET_FORMAT_LINQS;
    if (gnn_data_has(dir, "labels.txt") && gnn_data_has(dir, "edges.txt"))
        return CT_DATASET_FORMAT_NPZ;
    flint_free(*base);
    *base = NULL;
    return CT_DATASET_FORMAT_AUTO;
}

/* Where the Geom-GCN split files of dir would be. */
static char *gnn_data_geom_dir(const char *dir, int format)
{
    char *sub = ct_dataset_join(
        dir, format == CT_DATASET_FORMAT_GEOM ? "splits" : "geom-gcn-splits");

    if (format == CT_DATASET_FORMAT_GEOM && !ct_dataset_is_dir(sub)) {
        flint_free(sub);
        sub = ct_dataset_join(dir, "geom-gcn-splits");
    }
    return sub;
}

/* Resolves DEFAULT to what the folder has, then loads it. LINQS never gets
   split files: those in cora/ are on the Planetoid node order. */
static int gnn_data_load_splits(ct_dataset_t D, const char *dir, const char *base,
                                int splits, char *err, size_t errlen)
{
    char *gdir = gnn_data_geom_dir(dir, D->format);
    int res = 0;

    if (splits == CT_DATASET_SPLITS_DEFAULT) {
        splits = CT_DATASET_SPLITS_NONE;
        if (D->format == CT_DATASET_FORMAT_PLANETOID || ct_dataset_text_has_public(base))
            splits = CT_DATASET_SPLITS_PUBLIC;
        else if (D->format != CT_DATASET_FORMAT_LINQS && ct_dataset_geom_has_splits(gdir))
            splits = CT_DATASET_SPLITS_GEOM;
        if (D->format == CT_DATASET_FORMAT_LINQS)
            splits = CT_DATASET_SPLITS_NONE;
    }
    if (splits == CT_DATASET_SPLITS_PUBLIC && D->format == CT_DATASET_FORMAT_LINQS) {
        ct_dataset_error(err, errlen, "%s: LINQS files have no public split", dir);
        res = -1;
    } else if (splits == CT_DATASET_SPLITS_GEOM && D->format == CT_DATASET_FORMAT_LINQS) {
        ct_dataset_error(err, errlen,
                         "%s: Geom-GCN splits are on the Planetoid node order, not LINQS",
                         dir);
        res = -1;
    } else if (splits == CT_DATASET_SPLITS_PUBLIC) {
        res = ct_dataset_text_load_public(D, base, err, errlen);
    } else if (splits == CT_DATASET_SPLITS_GEOM) {
        res = ct_dataset_geom_load_splits(D, gdir, err, errlen);
    } else {
        D->split_kind = CT_DATASET_SPLITS_NONE;
    }
    flint_free(gdir);
    return res;
}

static int gnn_data_load_base(ct_dataset_t D, const char *dir, int format, int splits,
                              char *err, size_t errlen)
{
    char *base = NULL;
    int res;

    if (_ct_dataset_is_npz(dir) &&
        (format == CT_DATASET_FORMAT_AUTO || format == CT_DATASET_FORMAT_GNNBENCH))
        return _ct_dataset_npz_load_file(D, dir, splits, err, errlen);
    if (!ct_dataset_is_dir(dir)) {
        ct_dataset_error(err, errlen,
                         "%s: cannot open: not a directory or a .npz file, or missing",
                         dir);
        return -1;
    }
    if (format == CT_DATASET_FORMAT_AUTO) {
        format = gnn_data_detect(dir, &base);
        if (format == CT_DATASET_FORMAT_AUTO) {
            ct_dataset_error(err, errlen,
                             "%s: no known dataset format (expected planetoid/, "
                             "out1_node_feature_label.txt, NAME.content + NAME.cites, "
                             "labels.txt + edges.txt, or labels.csv + edges.csv)",
                             dir);
            return -1;
        }
    } else if (format == CT_DATASET_FORMAT_PLANETOID) {
        base = ct_dataset_join(dir, "planetoid");
        if (!ct_dataset_is_dir(base)) {
            flint_free(base);
            base = ct_text_strdup(dir);
        }
    } else {
        base = ct_text_strdup(dir);
    }
    D->format = format;
    D->name = gnn_data_folder_name(dir);
    if (format == CT_DATASET_FORMAT_LINQS)
        res = ct_dataset_linqs_load(D, base, err, errlen);
    else if (format == CT_DATASET_FORMAT_GEOM)
        res = ct_dataset_geom_load(D, base, err, errlen);
    else if (format == CT_DATASET_FORMAT_CSV)
        res = _ct_dataset_csv_load(D, base, err, errlen);
    else
        res = ct_dataset_text_load(D, base, err, errlen);
    if (res == 0)
        res = gnn_data_load_splits(D, dir, base, splits, err, errlen);
    flint_free(base);
    return res;
}

int ct_dataset_load_format(ct_dataset_t D, const char *dir, int format, int splits,
                           char *err, size_t errlen)
{
    memset(D, 0, sizeof *D);
    if (format < CT_DATASET_FORMAT_AUTO || format > CT_DATASET_FORMAT_CSV ||
        splits < CT_DATASET_SPLITS_DEFAULT || splits > CT_DATASET_SPLITS_NONE) {
        ct_dataset_error(err, errlen, "%s: unknown format %d or splits %d", dir, format,
                         splits);
        return -1;
    }
    if (gnn_data_load_base(D, dir, format, splits, err, errlen) != 0) {
        ct_dataset_clear(D);
        return -1;
    }
    return 0;
}

int ct_dataset_load(ct_dataset_t D, const char *dir, char *err, size_t errlen)
{
    return ct_dataset_load_format(D, dir, CT_DATASET_FORMAT_AUTO,
                                  CT_DATASET_SPLITS_DEFAULT, err, errlen);
}

/* splitmix64: small, fast, and the same sequence on every platform, which
   rand() is not; a seed gives the same split everywhere. */
static uint64_t gnn_data_next(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));

    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Uniform in 0..bound-1 by rejection, so no index is favoured. */
static slong gnn_data_below(uint64_t *state, slong bound)
{
    uint64_t b = (uint64_t)bound, limit = UINT64_MAX - UINT64_MAX % b, x;

    do
        x = gnn_data_next(state);
    while (x >= limit);
    return (slong)(x % b);
}

/* Not stratified by class: a uniform shuffle of the labeled nodes, cut into
   round(frac * m) train, floor of half the rest val, the remainder test. */
/* The labeled nodes of D in the shuffled order of seed (splitmix64, the same
   on every platform), into idx; *m gets their number. */
void ct_dataset_split_random_order(slong *idx, slong *m, const ct_dataset_t D, ulong seed)
{
    slong i, j, t;
    uint64_t state = (uint64_t)seed;

    *m = 0;
    for (i = 0; i < D->n; i++)
        if (D->label[i] >= 0)
            idx[(*m)++] = i;
    for (i = *m - 1; i > 0; i--) {
        j = gnn_data_below(&state, i + 1);
        t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
    }
}

void ct_dataset_split_random(signed char *split, const ct_dataset_t D, double frac,
                             ulong seed)
{
    slong i, m = 0, ntrain, nval;
    slong *idx = flint_malloc((size_t)FLINT_MAX(D->n, 1) * sizeof(slong));

    for (i = 0; i < D->n; i++)
        split[i] = CT_DATASET_UNUSED;
    ct_dataset_split_random_order(idx, &m, D, seed);
    if (!(frac > 0.0)) /* also NaN */
        frac = 0.0;
    if (frac > 1.0)
        frac = 1.0;
    ntrain = (slong)floor(frac * (double)m + 0.5);
    nval = (m - ntrain) / 2;
    for (i = 0; i < m; i++)
        split[idx[i]] = i < ntrain
                            ? CT_DATASET_TRAIN
                            : (i < ntrain + nval ? CT_DATASET_VAL : CT_DATASET_TEST);
    flint_free(idx);
}

void ct_dataset_split_per_class(signed char *split, const ct_dataset_t D, slong k,
                                ulong seed)
{
    slong i, m = 0, rest = 0, nval, seen_rest = 0;
    slong *taken = flint_calloc((size_t)FLINT_MAX(D->nclass, 1), sizeof(slong));
    slong *idx = flint_malloc((size_t)FLINT_MAX(D->n, 1) * sizeof(slong));

    for (i = 0; i < D->n; i++)
        split[i] = CT_DATASET_UNUSED;
    /* the same shuffle of the labeled nodes as ct_dataset_split_random */
    ct_dataset_split_random_order(idx, &m, D, seed);
    for (i = 0; i < m; i++) {
        slong c = D->label[idx[i]];
        if (c < D->nclass && taken[c] < k) {
            taken[c]++;
            split[idx[i]] = CT_DATASET_TRAIN;
        } else
            rest++;
    }
    nval = rest / 2;
    for (i = 0; i < m; i++)
        if (split[idx[i]] != CT_DATASET_TRAIN)
            split[idx[i]] = seen_rest++ < nval ? CT_DATASET_VAL : CT_DATASET_TEST;
    flint_free(idx);
    flint_free(taken);
}
