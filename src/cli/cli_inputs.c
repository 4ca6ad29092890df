/* cli_inputs: FILE|DIR arguments -> instance files -> loaded instances. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/mem.h"

static int inputs_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int inputs_is_gssl(const char *name)
{
    size_t len = strlen(name);
    return len > 5 && strcmp(name + len - 5, ".gssl") == 0;
}

/* Appends dir's *.gssl (sorted by name) to list; -1 on an unreadable or
   empty directory (message printed). */
static int inputs_add_dir(char ***list, slong *n, slong *cap, const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        fprintf(stderr, "certune: %s: cannot read the directory\n", dir);
        return -1;
    }
    slong first = *n;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!inputs_is_gssl(e->d_name))
            continue;
        if (*n == *cap) {
            *cap = 2 * *cap + 16;
            *list = ct_mem_realloc(*list, (size_t)*cap * sizeof(char *));
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        char *path = ct_mem_malloc(len);
        snprintf(path, len, "%s/%s", dir, e->d_name);
        (*list)[(*n)++] = path;
    }
    closedir(d);
    if (*n == first) {
        fprintf(stderr, "certune: %s: no .gssl file in the directory\n", dir);
        return -1;
    }
    qsort(*list + first, (size_t)(*n - first), sizeof(char *), inputs_cmp);
    return 0;
}

int ct_cli_expand_paths(char ***paths, slong *npaths, const char *const *args,
                        slong nargs)
{
    char **list = NULL;
    slong n = 0, cap = 0;
    for (slong a = 0; a < nargs; a++) {
        struct stat st;
        if (stat(args[a], &st) == 0 && S_ISDIR(st.st_mode)) {
            if (inputs_add_dir(&list, &n, &cap, args[a]) == 0)
                continue;
            ct_cli_free_paths(list, n);
            return CERTUNE_EXIT_INPUT;
        }
        if (n == cap) {
            cap = 2 * cap + 16;
            list = ct_mem_realloc(list, (size_t)cap * sizeof(char *));
        }
        list[n++] = ct_mem_strdup(args[a]); /* a file: the loader reports errors */
    }
    *paths = list;
    *npaths = n;
    return 0;
}

void ct_cli_free_paths(char **paths, slong n)
{
    for (slong t = 0; t < n; t++)
        free(paths[t]);
    free(paths);
}

int ct_cli_load_paths(ct_instance_struct **insts, slong *m, const char *const *args,
                      slong nargs, slong nthreads)
{
    char **paths;
    slong n;
    int rc = ct_cli_expand_paths(&paths, &n, args, nargs);
    if (rc)
        return rc;
    *insts = ct_mem_calloc((size_t)FLINT_MAX(n, 1), sizeof(ct_instance_struct));
    rc = ct_cli_load_instances(*insts, (const char *const *)paths, n, nthreads);
    ct_cli_free_paths(paths, n);
    if (rc) {
        free(*insts);
        *insts = NULL;
        return rc;
    }
    *m = n;
    return 0;
}

void ct_cli_free_instances(ct_instance_struct *insts, slong m)
{
    for (slong t = 0; t < m; t++)
        ct_instance_clear(insts + t);
    free(insts);
}
