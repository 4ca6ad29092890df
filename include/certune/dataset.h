/* dataset: node-classification datasets in doubles as the GNN companion and
   `certune instance` read them (docs/gnn-data.md), datasets by name under a
   data root, and scipy.sparse .npz matrices. A ct_dataset_struct (and a
   ct_dataset_sparse_struct) owns its arrays and strings, all from flint_malloc;
   a load initializes it (no init needed) and the clear frees it, harmless
   after a failed load or a second clear. Strings returned are freed with
   flint_free. Errors: -1 with a message in err, the struct left cleared. */
#ifndef CERTUNE_GNN_DATA_H
#define CERTUNE_GNN_DATA_H

#include <stddef.h>
#include <flint/flint.h>

/* Split codes, as in the Geom-GCN split files. */
#define CT_DATASET_UNUSED (-1)
#define CT_DATASET_TRAIN 0
#define CT_DATASET_VAL 1
#define CT_DATASET_TEST 2

/* On-disk formats. AUTO detects (see ct_dataset_load). */
#define CT_DATASET_FORMAT_AUTO 0
#define CT_DATASET_FORMAT_PLANETOID                                                      \
    1 /* converted text + public split train/val/test.txt */
#define CT_DATASET_FORMAT_LINQS                                                          \
    2 /* NAME.content + NAME.cites, string ids and classes                               \
       */
#define CT_DATASET_FORMAT_GEOM                                                           \
    3                           /* out1_node_feature_label.txt + out1_graph_edges.txt    \
                                 */
#define CT_DATASET_FORMAT_NPZ 4 /* converted npz text: features/labels/edges.txt */
#define CT_DATASET_FORMAT_GNNBENCH                                                       \
    5                           /* an original gnn-benchmark .npz file (zip of .npy) */
#define CT_DATASET_FORMAT_CSV 6 /* edges.csv + labels.csv [+ features.csv] */

/* Which shipped splits go into split. DEFAULT: the public split for
   Planetoid, the Geom-GCN splits for Geom-GCN folders (and for a converted
   text folder that has geom-gcn-splits/), none for LINQS. */
#define CT_DATASET_SPLITS_DEFAULT 0
#define CT_DATASET_SPLITS_PUBLIC 1 /* nsplits = 1, from train.txt, val.txt, test.txt */
#define CT_DATASET_SPLITS_GEOM 2   /* nsplits = 10, from *_split_0.6_0.2_{0..9}.txt */
#define CT_DATASET_SPLITS_NONE 3   /* nsplits = 0 */

typedef struct {
    char *name;   /* dataset folder name, e.g. "cora" */
    slong n;      /* nodes, 0-based */
    slong nfeat;  /* feature dimension (0 when the dataset has none) */
    slong nclass; /* classes */
    /* Features as a CSR matrix n x nfeat, raw values as in the files. */
    slong *feat_rowptr; /* n + 1 */
    slong *feat_col;    /* feat_rowptr[n] */
    double *feat_val;
    slong *label; /* class of node i, or -1 when unknown */
    slong nedges; /* undirected edges, each once with eu < ev, no self-loops */
    slong *eu, *ev;
    slong nsplits;      /* splits shipped with the data: 1 public, 10 geom, or 0 */
    signed char *split; /* nsplits * n split codes, split s at split + s * n */

    /* Additions; the loader fills them, models may ignore them. */
    int format;             /* CT_DATASET_FORMAT_* loaded (never AUTO) */
    int split_kind;         /* CT_DATASET_SPLITS_PUBLIC, GEOM or NONE: what split holds */
    char **class_name;      /* nclass names (entries may be NULL), or NULL if none */
    slong nloops;           /* edge lines dropped as self-loops */
    slong ndups;            /* edge lines dropped as repeats (either direction) */
    slong nunknown;         /* LINQS cites lines dropped: an id has no content line */
    slong nfeat_dups;       /* Geom-GCN sparse rows: repeated indices merged */
    slong nsplit_unlabeled; /* split entries of label -1 nodes set to UNUSED */
} ct_dataset_struct;
typedef ct_dataset_struct ct_dataset_t[1];

/* Loads the dataset folder dir, detecting its format: Planetoid text
   conversion (planetoid/ subfolder, public split), LINQS content/cites,
   Geom-GCN (node_feature_label + graph_edges + 10 splits), converted npz text
   (features.txt[.gz], labels.txt, edges.txt), the CSV layout (edges.csv,
   labels.csv, features.csv); dir may also be an original gnn-benchmark .npz
   file (no splits). The error is "file:line: message"; a .gz file is read
   when the plain one is absent. */
int ct_dataset_load(ct_dataset_t D, const char *dir, char *err, size_t errlen);

/* As ct_dataset_load, with the format (CT_DATASET_FORMAT_*) and the shipped
   splits (CT_DATASET_SPLITS_*) chosen by the caller; AUTO and DEFAULT give
   ct_dataset_load. */
int ct_dataset_load_format(ct_dataset_t D, const char *dir, int format, int splits,
                           char *err, size_t errlen);

void ct_dataset_clear(ct_dataset_t D);

/* Fills split (n codes) with a random split: a fraction frac of the labeled
   nodes train, half of the rest validation, the other half test; seeded.
   Not stratified by class: the labeled nodes are shuffled (splitmix64, the
   same on every platform) and cut into round(frac * m) train, floor of half
   the rest val, the remainder test; unlabeled nodes are UNUSED. frac is
   clamped to [0, 1]. */
void ct_dataset_split_random(signed char *split, const ct_dataset_t D, double frac,
                             ulong seed);

/* Stratified (PyG's num_train_per_class): walking the labeled nodes in the
   shuffled order of ct_dataset_split_random, the first k of each class are
   train (all of a class that has fewer); of the others, in the same order,
   the first half (rounded down) validation, the rest test. Unlabeled nodes
   are UNUSED. */
void ct_dataset_split_per_class(signed char *split, const ct_dataset_t D, slong k,
                                ulong seed);

/* The labeled nodes of D (*m of them) into idx (D->n long) in the order that
   ct_dataset_split_random shuffles them to with seed. */
void ct_dataset_split_random_order(slong *idx, slong *m, const ct_dataset_t D,
                                   ulong seed);

/* "auto", "planetoid", "linqs", "geom", "npz", "gnnbench", "csv" and back; parse returns
   -1 for an unknown name. Likewise "default", "public", "geom", "none" for splits. */
const char *ct_dataset_format_name(int format);
int ct_dataset_format_parse(const char *name);
int ct_dataset_splits_parse(const char *name);

/* Datasets by name (docs/gnn-data.md, "Datasets by name"). The data root is
   data_root when non-NULL and non-empty, else $CERTUNE_DATA, else
   $XDG_DATA_HOME/certune/datasets (XDG_DATA_HOME absolute), else
   $HOME/.local/share/certune/datasets. Returns it and sets *how to a static
   text naming where it came from. */
char *ct_dataset_root(const char *data_root, const char **how);

/* Resolves a --dataset argument into *path: an argument that contains a character
   other than [A-Za-z0-9._-], starts with '.' or '-', or names an existing file or
   folder is a path, returned as is; otherwise it is a name: ROOT/NAME (a folder)
   or ROOT/NAME.npz. Returns 0, or -1 with *path NULL and a message in err saying
   where it looked, which names are present there and which
   scripts/fetch-datasets.sh knows. */
int ct_dataset_resolve(char **path, const char *arg, const char *data_root, char *err,
                       size_t errlen);

/* ct_dataset_resolve, then ct_dataset_load_format with AUTO and splits. */
int ct_dataset_load_named(ct_dataset_t D, const char *arg, const char *data_root,
                          int splits, char *err, size_t errlen);

/* A square sparse matrix as scipy.sparse.save_npz writes it (csr, csc or
   coo; dataset_sparse.c, docs/formats.md "Your own graph"): nnz entries
   (row[k], col[k]) with their values in storage order, repeats and explicit
   zeros as stored. Integer and bool data are exact in val_i; float data (f4,
   f8) in val_d, each value the file's double (float32 widened exactly). */
typedef struct {
    char format[4]; /* "csr", "csc" or "coo" */
    slong rows, cols, nnz;
    slong *row, *col;
    int is_float, float32;
    slong *val_i;  /* !is_float: nnz integers */
    double *val_d; /* is_float: nnz finite doubles */
} ct_dataset_sparse_struct;

/* Reads the .npz file at path (libzip loaded at first use) into M: rows and
   cols at most maxdim (checked before anything of that size is allocated),
   indices in range, values numeric (finite, integers below 2^63). The error
   is "path: member: message". */
int ct_dataset_sparse_load(ct_dataset_sparse_struct *M, const char *path, slong maxdim,
                           char *err, size_t errlen);
void ct_dataset_sparse_clear(ct_dataset_sparse_struct *M);

/* The NULL-terminated list of names scripts/fetch-datasets.sh can fetch. */
const char *const *ct_dataset_known_names(void);

#endif
