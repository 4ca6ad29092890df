/* gnn data: the LINQS originals, NAME.content ("paper_id f1 .. fF class") and
   NAME.cites ("cited_id citing_id"), with string ids and class names. */
#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dataset_internal.h"

/* Open-addressing map from strings (paper ids, class names) to indices. */
typedef struct {
    char **key;
    slong *val;
    slong cap, count;
} linqs_map_struct;

static void linqs_map_clear(linqs_map_struct *M)
{
    slong i;

    for (i = 0; i < M->cap; i++)
        flint_free(M->key[i]);
    flint_free(M->key);
    flint_free(M->val);
    memset(M, 0, sizeof *M);
}

static slong linqs_slot(const linqs_map_struct *M, const char *s)
{
    uint64_t h = UINT64_C(1469598103934665603);
    const char *p;
    slong i;

    for (p = s; *p != '\0'; p++)
        h = (h ^ (unsigned char)*p) * UINT64_C(1099511628211);
    for (i = (slong)(h & (uint64_t)(M->cap - 1)); M->key[i] != NULL;
         i = (i + 1) & (M->cap - 1))
        if (strcmp(M->key[i], s) == 0)
            break;
    return i;
}

static slong linqs_find(const linqs_map_struct *M, const char *s)
{
    slong i;

    if (M->cap == 0)
        return -1;
    i = linqs_slot(M, s);
    return M->key[i] != NULL ? M->val[i] : -1;
}

static void linqs_rehash(linqs_map_struct *M)
{
    linqs_map_struct T;
    slong i, j;

    T.cap = M->cap ? 2 * M->cap : 64;
    T.count = M->count;
    T.key = flint_calloc((size_t)T.cap, sizeof(char *));
    T.val = flint_malloc((size_t)T.cap * sizeof(slong));
    for (i = 0; i < M->cap; i++)
        if (M->key[i] != NULL) {
            j = linqs_slot(&T, M->key[i]);
            T.key[j] = M->key[i];
            T.val[j] = M->val[i];
        }
    flint_free(M->key);
    flint_free(M->val);
    *M = T;
}

/* Adds s -> val unless s is present; returns the value s now maps to. */
static slong linqs_add(linqs_map_struct *M, const char *s, slong val)
{
    slong i;

    if (2 * (M->count + 1) > M->cap)
        linqs_rehash(M);
    i = linqs_slot(M, s);
    if (M->key[i] != NULL)
        return M->val[i];
    M->key[i] = ct_text_strdup(s);
    M->val[i] = val;
    M->count++;
    return val;
}

typedef struct {
    linqs_map_struct ids, classes;
    slong rowcap, labcap, cap, nnz;
} linqs_state_struct;

/* One content line: id, F feature values, class name. */
static int linqs_content_line(ct_dataset_t D, linqs_state_struct *S,
                              ct_dataset_reader_struct *r)
{
    slong k, c, f, nf;
    double v;
    const char *t;
    char show[CT_DATASET_SHOW_MAX];

    if (ct_dataset_reader_split(r, 0) < 2)
        return ct_dataset_reader_fail(
            r, "expected 'paper_id features... class', found %zu fields", r->ntok);
    nf = (slong)r->ntok - 2;
    if (D->n == 0)
        D->nfeat = nf;
    if (nf != D->nfeat)
        return ct_dataset_reader_fail(r, "expected %ld fields, found %zu",
                                      (long)D->nfeat + 2, r->ntok);
    if (D->n >= CT_DATASET_MAX_NODES)
        return ct_dataset_reader_fail(r, "more than %ld papers",
                                      (long)CT_DATASET_MAX_NODES);
    if (linqs_add(&S->ids, r->tok[0], D->n) != D->n)
        return ct_dataset_reader_fail(r, "paper id '%s' has a second line",
                                      ct_dataset_show(show, r->tok[0]));
    D->feat_rowptr = ct_dataset_grow(D->feat_rowptr, &S->rowcap, D->n + 2, sizeof(slong));
    D->label = ct_dataset_grow(D->label, &S->labcap, D->n + 1, sizeof(slong));
    for (f = 0; f < nf; f++) {
        t = r->tok[f + 1];
        if (ct_dataset_parse_double(t, &v) != 0)
            return ct_dataset_reader_fail(r, "feature value '%s' is not a finite number",
                                          ct_dataset_show(show, t));
        if (v == 0.0)
            continue;
        if (S->nnz == S->cap) {
            c = S->cap;
            D->feat_col = ct_dataset_grow(D->feat_col, &c, S->nnz + 1, sizeof(slong));
            c = S->cap;
            D->feat_val = ct_dataset_grow(D->feat_val, &c, S->nnz + 1, sizeof(double));
            S->cap = c;
        }
        D->feat_col[S->nnz] = f;
        D->feat_val[S->nnz++] = v;
    }
    /* Provisional class numbers in order of appearance; renumbered later. */
    k = linqs_add(&S->classes, r->tok[r->ntok - 1], S->classes.count);
    D->label[D->n] = k;
    D->n++;
    D->feat_rowptr[D->n] = S->nnz;
    return 0;
}

static int linqs_name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Classes are numbered in sorted name order, so the numbering does not depend
   on which paper comes first in the file. */
static void linqs_number_classes(ct_dataset_t D, linqs_state_struct *S)
{
    slong c = S->classes.count, i,
          *renum = flint_malloc((size_t)FLINT_MAX(c, 1) * sizeof(slong));

    D->nclass = c;
    D->class_name = flint_calloc((size_t)FLINT_MAX(c, 1), sizeof(char *));
    for (i = 0; i < S->classes.cap; i++)
        if (S->classes.key[i] != NULL)
            D->class_name[S->classes.val[i]] = S->classes.key[i];
    qsort(D->class_name, (size_t)c, sizeof(char *), linqs_name_cmp);
    for (i = 0; i < c; i++) {
        renum[linqs_find(&S->classes, D->class_name[i])] = i;
        D->class_name[i] = ct_text_strdup(D->class_name[i]);
    }
    for (i = 0; i < D->n; i++)
        D->label[i] = renum[D->label[i]];
    flint_free(renum);
}

static int linqs_read_content(ct_dataset_t D, linqs_state_struct *S, const char *path,
                              char *err, size_t errlen)
{
    ct_dataset_reader_struct r;
    int got;

    if (ct_dataset_reader_open(&r, path, err, errlen) != 0)
        return -1;
    D->feat_rowptr = ct_dataset_grow(NULL, &S->rowcap, 1024, sizeof(slong));
    D->feat_rowptr[0] = 0;
    while ((got = ct_dataset_reader_next(&r)) > 0)
        if (linqs_content_line(D, S, &r) != 0) {
            got = -1;
            break;
        }
    if (got == 0 && D->n == 0) {
        r.line = 1;
        got = ct_dataset_reader_fail(&r, "no papers");
    }
    ct_dataset_reader_close(&r);
    if (got < 0)
        return -1;
    linqs_number_classes(D, S);
    return 0;
}

/* A cites line naming a paper without a content line (15 CiteSeer ids) is
   dropped and counted: there is no feature row or label to give it. */
static int linqs_read_cites(ct_dataset_t D, linqs_state_struct *S, const char *path,
                            char *err, size_t errlen)
{
    ct_dataset_reader_struct r;
    ct_dataset_edgebuf_struct E;
    slong u, v;
    int got;

    if (ct_dataset_reader_open(&r, path, err, errlen) != 0)
        return -1;
    ct_dataset_edgebuf_init(&E);
    while ((got = ct_dataset_reader_next(&r)) > 0) {
        if (ct_dataset_reader_split(&r, 0) != 2) {
            got = ct_dataset_reader_fail(
                &r, "expected 'cited_id citing_id', found %zu fields", r.ntok);
            break;
        }
        u = linqs_find(&S->ids, r.tok[0]);
        v = linqs_find(&S->ids, r.tok[1]);
        if (u < 0 || v < 0)
            D->nunknown++;
        else
            ct_dataset_edgebuf_push(&E, u, v);
    }
    ct_dataset_reader_close(&r);
    if (got < 0) {
        ct_dataset_edgebuf_clear(&E);
        return -1;
    }
    ct_dataset_edgebuf_finish(D, &E);
    return 0;
}

/* Finds the one NAME.content[.gz] in dir: 1 with *stem = dir/NAME, 0 if
   there is none, -1 (with a message) if there are several. */
int ct_dataset_linqs_find(char **stem, const char *dir, char *err, size_t errlen)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char *name = NULL;
    size_t len;
    int res = 0;

    *stem = NULL;
    if (d == NULL)
        return 0;
    while ((e = readdir(d)) != NULL && res >= 0) {
        len = strlen(e->d_name);
        if (len > 11 && strcmp(e->d_name + len - 11, ".content.gz") == 0)
            len -= 11;
        else if (len > 8 && strcmp(e->d_name + len - 8, ".content") == 0)
            len -= 8;
        else
            continue;
        if (name != NULL && (strlen(name) != len || strncmp(name, e->d_name, len) != 0)) {
            ct_dataset_error(err, errlen, "%s: several LINQS .content files (%s, %s)",
                             dir, name, e->d_name);
            res = -1;
        } else if (name == NULL) {
            name = ct_text_strdup(e->d_name);
            name[len] = '\0';
            res = 1;
        }
    }
    closedir(d);
    if (res == 1)
        *stem = ct_dataset_join(dir, name);
    flint_free(name);
    return res;
}

int ct_dataset_linqs_load(ct_dataset_t D, const char *dir, char *err, size_t errlen)
{
    linqs_state_struct S;
    char *stem, *path;
    size_t len;
    int res = ct_dataset_linqs_find(&stem, dir, err, errlen);

    if (res <= 0) {
        if (res == 0)
            ct_dataset_error(err, errlen, "%s: no LINQS NAME.content file", dir);
        return -1;
    }
    memset(&S, 0, sizeof S);
    len = strlen(stem);
    path = flint_malloc(len + 16);
    memcpy(path, stem, len);
    strcpy(path + len, ".content");
    res = linqs_read_content(D, &S, path, err, errlen);
    strcpy(path + len, ".cites");
    if (res == 0)
        res = linqs_read_cites(D, &S, path, err, errlen);
    linqs_map_clear(&S.ids);
    linqs_map_clear(&S.classes);
    flint_free(path);
    flint_free(stem);
    return res;
}
