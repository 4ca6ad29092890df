/* cli_spool: inputs that can be read only once (stdin "-", a FIFO, a process
   substitution <(...)): `eval` and `tune` first look at each input to tell a
   profile from an instance, then load it, so such an input is read into
   memory on first use and every later use reads that copy. Regular files are
   not spooled: they are opened again. At most CT_INSTANCE_MAX_FILE bytes per
   input (the loader's own bound); the copies live until ct_cli_spool_clear. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "certune/cli.h"
#include "certune/instance.h"
#include "certune/mem.h"

typedef struct {
    char *path, *data;
    size_t len;
} spool_entry;

static spool_entry *spool_list;
static slong spool_count;

static int spool_is_special(const char *path)
{
    struct stat st;
    return strcmp(path, "-") == 0 ||
           (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode));
}

/* Reads f to its end into *data (malloc'ed); -1 with err set on a read
   error or past the bound. */
static int spool_read(char **data, size_t *len, FILE *f, const char *path, char *err,
                      size_t errlen)
{
    size_t cap = 1 << 16, n = 0, got;
    char *buf = ct_mem_malloc(cap);
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n > CT_INSTANCE_MAX_FILE) {
            snprintf(err, errlen, "%s: larger than %zu bytes", path,
                     CT_INSTANCE_MAX_FILE);
            free(buf);
            return -1;
        }
        if (n == cap)
            buf = ct_mem_realloc(buf, cap *= 2);
    }
    if (ferror(f)) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        free(buf);
        return -1;
    }
    *data = buf;
    *len = n;
    return 0;
}

int ct_cli_spool(const char *path, const char **data, size_t *len, char *err,
                 size_t errlen)
{
    for (slong k = 0; k < spool_count; k++)
        if (strcmp(spool_list[k].path, path) == 0) {
            *data = spool_list[k].data;
            *len = spool_list[k].len;
            return 1;
        }
    if (!spool_is_special(path))
        return 0;
    int std = strcmp(path, "-") == 0;
    FILE *f = std ? stdin : fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    spool_entry e = {ct_mem_strdup(path), NULL, 0};
    int rc = spool_read(&e.data, &e.len, f, std ? "(stdin)" : path, err, errlen);
    if (!std)
        fclose(f);
    if (rc) {
        free(e.path);
        return -1;
    }
    spool_list =
        ct_mem_realloc(spool_list, sizeof(spool_entry) * (size_t)(spool_count + 1));
    spool_list[spool_count++] = e;
    *data = e.data;
    *len = e.len;
    return 1;
}

void ct_cli_spool_clear(void)
{
    for (slong k = 0; k < spool_count; k++) {
        free(spool_list[k].path);
        free(spool_list[k].data);
    }
    free(spool_list);
    spool_list = NULL;
    spool_count = 0;
}
