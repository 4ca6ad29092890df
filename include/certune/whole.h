/* whole: a whole node-classification graph with a standard split as one
   problem instance (docs/tuning.md, "One graph with its split"): every node
   and edge of the dataset (unit weights), the split's training nodes labeled,
   its validation or test nodes held out and scored. A split is described by a
   ct_whole_split_struct (plain data, no heap memory). ct_whole_load and
   ct_whole_instance take an uninitialized dataset or instance and leave it
   initialized on success (the caller's: ct_dataset_clear, ct_instance_clear),
   cleared on error. Errors return -1, with a message in err where the
   function takes one; inputs are only read. */
#ifndef CERTUNE_WHOLE_H
#define CERTUNE_WHOLE_H

#include <stdio.h>
#include "certune/dataset.h"
#include "certune/instance.h"

#define CT_WHOLE_SPLIT_PUBLIC 0 /* the Planetoid public split */
#define CT_WHOLE_SPLIT_GEOM 1   /* Geom-GCN split K (geom-gcn:K), or all ten */
#define CT_WHOLE_SPLIT_RANDOM 2 /* PER_CLASS per class, then VAL and TEST nodes */

#define CT_WHOLE_SCORE_VAL 0  /* the split's validation nodes */
#define CT_WHOLE_SCORE_TEST 1 /* its test nodes */
#define CT_WHOLE_SCORE_ALL 2  /* every labeled node that is not a training node */

typedef struct {
    int kind;
    slong index; /* geom-gcn: K in 0..9, or -1 for all ten */
    ulong seed;  /* random: the seed, then the counts */
    slong per_class, nval, ntest;
} ct_whole_split_struct;

/* Parses "public", "geom-gcn", "geom-gcn:K" (K = 0..9) or
   "random:SEED[:PER_CLASS[:VAL[:TEST]]]" (defaults 20, 500, 1000). Returns 0,
   or -1 with a message naming the text and the accepted forms in err. */
int ct_whole_split_parse(ct_whole_split_struct *S, const char *text, char *err,
                         size_t errlen);

/* The canonical spelling of S ("public", "geom-gcn:3", "random:1:20:500:1000";
   "geom-gcn" for all ten) into buf (len bytes). */
void ct_whole_split_name(char *buf, size_t len, const ct_whole_split_struct *S);

/* Which shipped splits the dataset must be loaded with for S (a
   CT_DATASET_SPLITS_* value for ct_dataset_load_named). */
int ct_whole_split_load_kind(const ct_whole_split_struct *S);

#define CT_WHOLE_ERRLEN 512

/* Loads the dataset arg (a name in the data root or a path, as
   ct_dataset_load_named) with the shipped splits S needs. Returns 0, or -1
   with err set; a dataset that loads without them gets a message saying
   which splits it has. */
int ct_whole_load(ct_dataset_t D, const char *arg, const char *data_root,
                  const ct_whole_split_struct *S, char *err, size_t errlen);

/* Fills codes (D->n entries, CT_DATASET_TRAIN/VAL/TEST/UNUSED) with split S
   of D, which was loaded with ct_whole_split_load_kind(S); for geom-gcn with
   index -1, split k is taken. Returns 0, or -1 with "NAME: ..." in err when D
   has no such split. */
int ct_whole_split_codes(signed char *codes, const ct_dataset_t D,
                         const ct_whole_split_struct *S, slong k, char *err,
                         size_t errlen);

/* Parses "val", "test" or "all" into *score: 0, or -1. */
int ct_whole_score_parse(int *score, const char *text);
const char *ct_whole_score_name(int score);

/* Builds inst from D and the split codes: D's nodes and edges (weight 1),
   classes D->nclass; a training node with a known class gets it as its
   label, a node chosen by score (CT_WHOLE_SCORE_*) with a known class is
   held out with it. Returns 0, or -1 with a message in err when no node is
   labeled or none is scored. name is copied. */
int ct_whole_instance(ct_instance_t inst, const ct_dataset_t D, const signed char *codes,
                      int score, const char *name, char *err, size_t errlen);

/* The scored nodes no label can reach: in components without a labeled node
   F = 0, every class ties, and the node gets the tie rule's answer. */
typedef struct {
    slong comps;  /* components without a labeled node that hold scored nodes */
    slong nodes;  /* scored nodes in them */
    slong class0; /* of those, how many have true class 0 (the one predicted
                     under ties smallest) */
} ct_whole_unreached_struct;

/* Counts them for inst. */
void ct_whole_unreached(ct_whole_unreached_struct *U, const ct_instance_t inst);

/* Writes inst as a .gssl file to out, after comment lines recording the
   dataset, the split, the score choice and the node map (gssl node i is
   dataset node i - 1). Returns 0, or -1 on a write error. */
int ct_whole_write(FILE *out, const ct_instance_t inst, const ct_dataset_t D,
                   const ct_whole_split_struct *S, slong k, int score);

#endif
