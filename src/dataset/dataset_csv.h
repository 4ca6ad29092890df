/* Private to the dataset module: shared by dataset_csv.c (node ids, labels,
   edges) and dataset_csv_feat.c (features, the entry point). */
#ifndef CERTUNE_DATASET_CSV_H
#define CERTUNE_DATASET_CSV_H

#include "dataset_npy.h"

/* Open-addressing map from strings to numbers. */
typedef struct {
    char **key;
    slong *val;
    slong cap, count;
} _ct_dataset_csv_map;

typedef struct {
    _ct_dataset_csv_map ids, classes;
    char **lab; /* the label field of each node, until classes are numbered */
    slong labcap;
} _ct_dataset_csv_state;

/* Cuts r's line at commas (a UTF-8 byte-order mark before line 1 dropped).
   Returns the number of fields, or (size_t)-1 with a message when a field
   starts with a quote (quoting is not supported). */
size_t _ct_dataset_csv_split(ct_dataset_reader_struct *r);

/* Reads the header line of r: exactly want fields (want 0: at least 2), the
   first named first and the second second (NULL: any). 0 or -1 (message). */
int _ct_dataset_csv_header(ct_dataset_reader_struct *r, size_t want, const char *first,
                           const char *second);

/* The node number of the id in token k of r's line, or -1 with a message. */
int _ct_dataset_csv_node(ct_dataset_reader_struct *r, const _ct_dataset_csv_state *S,
                         size_t k, slong *v);

/* labels.csv into S (ids, raw labels) and D->n; then the class numbering
   into D->label, D->nclass, D->class_name. */
int _ct_dataset_csv_read_labels(ct_dataset_t D, _ct_dataset_csv_state *S,
                                ct_dataset_reader_struct *r);
void _ct_dataset_csv_number_classes(ct_dataset_t D, _ct_dataset_csv_state *S);

/* edges.csv into D's edge arrays. */
int _ct_dataset_csv_read_edges(ct_dataset_t D, _ct_dataset_csv_state *S,
                               ct_dataset_reader_struct *r);

/* Frees S (n: the number of raw labels it holds). */
void _ct_dataset_csv_state_clear(_ct_dataset_csv_state *S, slong n);

#endif
