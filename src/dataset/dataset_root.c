/* dataset_root: datasets by name. `--dataset cora` is looked up under a data
   root (--data-root, else $CERTUNE_DATA, else the XDG default); anything that
   looks like a path is used as it is. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "dataset_internal.h"

/* The names scripts/fetch-datasets.sh can fetch (tests/cli-datasets.sh checks
   that this list and the script's table agree). */
static const char *const dataset_fetchable[] = {
    "actor",   "amazon-photo", "citeseer", "coauthor-cs", "cora",
    "cornell", "pubmed",       "texas",    "wisconsin",   NULL};

const char *const *ct_dataset_known_names(void)
{
    return dataset_fetchable;
}

/* A name is a short word of [A-Za-z0-9._-] not starting with a dot; anything
   else (a '/' in particular) is a path. */
static int dataset_is_name(const char *s)
{
    size_t n = strlen(s);

    if (n == 0 || n > 64 || s[0] == '.' || s[0] == '-')
        return 0;
    for (size_t i = 0; i < n; i++)
        if (strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-",
                   s[i]) == NULL)
            return 0;
    return 1;
}

static int dataset_exists(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0;
}

char *ct_dataset_root(const char *data_root, const char **how)
{
    const char *env = getenv("CERTUNE_DATA"), *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    char *p;

    if (data_root != NULL && data_root[0] != '\0') {
        *how = "--data-root";
        return ct_text_strdup(data_root);
    }
    if (env != NULL && env[0] != '\0') {
        *how = "$CERTUNE_DATA";
        return ct_text_strdup(env);
    }
    *how = "the default; set --data-root DIR or $CERTUNE_DATA to change it";
    if (xdg != NULL && xdg[0] == '/')
        return ct_dataset_join(xdg, "certune/datasets");
    p = ct_dataset_join(home != NULL && home[0] != '\0' ? home : ".",
                        ".local/share/certune/datasets");
    return p;
}

/* Appends to buf (capacity len) the dataset names present in root: folders
   and NAME.npz files, in directory order sorted by name. */
static void dataset_list_present(char *buf, size_t len, const char *root)
{
    struct dirent **ents = NULL;
    int n = scandir(root, &ents, NULL, alphasort), shown = 0;
    size_t used = strlen(buf);

    for (int i = 0; i < n; i++) {
        const char *nm = ents[i]->d_name;
        char *p = ct_dataset_join(root, nm);
        size_t l = strlen(nm);
        int npz = l > 4 && strcmp(nm + l - 4, ".npz") == 0;
        /* a NAME.npz file is shown as NAME, the name that finds it */
        if (nm[0] != '.' && (npz || ct_dataset_is_dir(p)) && used + l + 3 < len) {
            used += (size_t)snprintf(buf + used, len - used, "%s%.*s", shown ? ", " : "",
                                     (int)(npz ? l - 4 : l), nm);
            shown++;
        }
        flint_free(p);
        free(ents[i]);
    }
    free(ents);
    if (shown == 0 && used + 8 < len)
        snprintf(buf + used, len - used, n < 0 ? "nothing (no such folder)" : "nothing");
}

/* The "not found" message: where it looked and which names it knows. */
static void dataset_not_found(char *err, size_t errlen, const char *name,
                              const char *root, const char *how)
{
    char present[256] = "", known[256] = "";
    size_t used = 0;

    dataset_list_present(present, sizeof present, root);
    for (int i = 0; dataset_fetchable[i] != NULL; i++)
        used += (size_t)snprintf(known + used, sizeof known - used, "%s%s", i ? ", " : "",
                                 dataset_fetchable[i]);
    ct_dataset_error(err, errlen,
                     "dataset '%s' not found: no folder %s/ or file %s.npz in the data "
                     "root %s (from %s)\n  present there: %s\n  "
                     "scripts/fetch-datasets.sh fetches: %s",
                     name, name, name, root, how, present, known);
}

int ct_dataset_resolve(char **path, const char *arg, const char *data_root, char *err,
                       size_t errlen)
{
    const char *how;
    char *root, *p, *npz;

    *path = NULL;
    if (!dataset_is_name(arg) || dataset_exists(arg)) {
        *path = ct_text_strdup(arg);
        return 0;
    }
    root = ct_dataset_root(data_root, &how);
    p = ct_dataset_join(root, arg);
    npz = flint_malloc(strlen(p) + 5);
    strcpy(npz, p);
    strcat(npz, ".npz");
    if (ct_dataset_is_dir(p)) {
        *path = p;
        p = NULL;
    } else if (dataset_exists(npz)) {
        *path = npz;
        npz = NULL;
    } else {
        dataset_not_found(err, errlen, arg, root, how);
    }
    flint_free(p);
    flint_free(npz);
    flint_free(root);
    return *path == NULL ? -1 : 0;
}

int ct_dataset_load_named(ct_dataset_t D, const char *arg, const char *data_root,
                          int splits, char *err, size_t errlen)
{
    char *path;
    int res;

    memset(D, 0, sizeof *D);
    if (ct_dataset_resolve(&path, arg, data_root, err, errlen) != 0)
        return -1;
    res = ct_dataset_load_format(D, path, CT_DATASET_FORMAT_AUTO, splits, err, errlen);
    flint_free(path);
    return res;
}
