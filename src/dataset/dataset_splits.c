/* gnn data: the Geom-GCN split files PREFIX_K.txt (K = 0, 1, ...), one code
   per node and line: 0 train, 1 val, 2 test, -1 unused. */
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include "dataset_internal.h"

/* Split file names are PREFIX_K.txt with K below this. */
#define GEOM_MAX_SPLITS 1000

/* K when name is PREFIX_K.txt with "_split_" in PREFIX, else -1; *plen gets
   the length of PREFIX. */
static slong splits_index(const char *name, size_t *plen)
{
    size_t len = strlen(name), u;
    slong k;
    char digits[8];

    if (len < 5 || strcmp(name + len - 4, ".txt") != 0 || strstr(name, "_split_") == NULL)
        return -1;
    for (u = len - 4; u > 0 && name[u - 1] != '_'; u--)
        ;
    if (u == 0 || len - 4 - u == 0 || len - 4 - u > 3)
        return -1;
    memcpy(digits, name + u, len - 4 - u);
    digits[len - 4 - u] = '\0';
    if (ct_dataset_parse_slong(digits, &k) != 0 || k < 0)
        return -1;
    *plen = u - 1;
    return k;
}

/* Scans dir for split files: returns how many there are (0 if none or no
   dir), or -1 when they are not one dataset's files numbered 0..K-1. */
static slong splits_scan(char **prefix, const char *dir, char *err, size_t errlen)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    unsigned char seen[GEOM_MAX_SPLITS] = {0};
    slong k, count = 0, top = -1;
    size_t plen;

    *prefix = NULL;
    if (d == NULL)
        return 0;
    while ((e = readdir(d)) != NULL) {
        if ((k = splits_index(e->d_name, &plen)) < 0)
            continue;
        if (*prefix == NULL) {
            *prefix = ct_text_strdup(e->d_name);
            (*prefix)[plen] = '\0';
        } else if (strlen(*prefix) != plen || strncmp(*prefix, e->d_name, plen) != 0) {
            ct_dataset_error(err, errlen,
                             "%s: split files of two datasets (%s_*.txt and %s)", dir,
                             *prefix, e->d_name);
            count = -1;
            break;
        }
        seen[k] = 1;
        count++;
        top = FLINT_MAX(top, k);
    }
    closedir(d);
    if (count > 0 && count != top + 1) {
        for (k = 0; seen[k]; k++)
            ;
        ct_dataset_error(err, errlen,
                         "%s: split file %s_%ld.txt missing (found up to %ld)", dir,
                         *prefix, (long)k, (long)top);
        count = -1;
    }
    if (count <= 0) {
        flint_free(*prefix);
        *prefix = NULL;
    }
    return count;
}

/* True when dir has split files, even badly numbered ones: those should
   fail loudly rather than be skipped. */
int ct_dataset_geom_has_splits(const char *dir)
{
    char *prefix;
    slong count = splits_scan(&prefix, dir, NULL, 0);

    flint_free(prefix);
    return count != 0;
}

static int splits_read_file(ct_dataset_t D, signed char *split, const char *path,
                            char *err, size_t errlen)
{
    ct_dataset_reader_struct r;
    slong count = 0, code;
    int got;

    if (ct_dataset_reader_open(&r, path, err, errlen) != 0)
        return -1;
    while ((got = ct_dataset_reader_next(&r)) > 0) {
        if (count == D->n) {
            got = ct_dataset_reader_fail(&r, "more lines than the %ld nodes", (long)D->n);
            break;
        }
        if (ct_dataset_reader_split(&r, 0) != 1) {
            got = ct_dataset_reader_fail(&r, "expected 1 field, found %zu", r.ntok);
            break;
        }
        if (ct_dataset_reader_slong(&r, 0, -1, 2, "split code", &code) != 0) {
            got = -1;
            break;
        }
        split[count++] = (signed char)code;
    }
    if (got == 0 && count < D->n) {
        r.line++;
        got = ct_dataset_reader_fail(
            &r, "file ends after %ld lines, expected one per node (%ld)", (long)count,
            (long)D->n);
    }
    ct_dataset_reader_close(&r);
    return got < 0 ? -1 : 0;
}

/* Loads every split file of dir into D. Geom-GCN gave CiteSeer's 15
   label-less nodes label 0 and put them in splits; they are set UNUSED here
   so that every train/val/test node has a label. */
int ct_dataset_geom_load_splits(ct_dataset_t D, const char *dir, char *err, size_t errlen)
{
    char *prefix, *path, *file;
    slong s, i, count = splits_scan(&prefix, dir, err, errlen);
    int res = 0;

    if (count <= 0) {
        if (count == 0)
            ct_dataset_error(err, errlen, "%s: no split files (*_split_*_K.txt)", dir);
        return -1;
    }
    D->nsplits = count;
    D->split_kind = CT_DATASET_SPLITS_GEOM;
    D->split = flint_malloc((size_t)FLINT_MAX(count * D->n, 1));
    for (s = 0; s < count && res == 0; s++) {
        file = flint_malloc(strlen(prefix) + 32);
        sprintf(file, "%s_%ld.txt", prefix, (long)s);
        path = ct_dataset_join(dir, file);
        res = splits_read_file(D, D->split + s * D->n, path, err, errlen);
        flint_free(file);
        flint_free(path);
    }
    flint_free(prefix);
    if (res != 0)
        return -1;
    for (s = 0; s < count; s++)
        for (i = 0; i < D->n; i++)
            if (D->label[i] < 0 && D->split[s * D->n + i] != CT_DATASET_UNUSED) {
                D->split[s * D->n + i] = CT_DATASET_UNUSED;
                D->nsplit_unlabeled++;
            }
    return 0;
}
