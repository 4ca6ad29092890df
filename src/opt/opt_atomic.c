/* opt_atomic: output files written whole or not at all: to a new temporary
   file beside the target, renamed over it once complete, so a reader or a
   second writer of the same path never sees a partial or mixed file. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "certune/opt.h"

FILE *ct_opt_atomic_open(ct_opt_atomic_struct *W, const char *path)
{
    size_t n = strlen(path) + 48;
    W->path = path;
    W->tmp = malloc(n);
    W->f = NULL;
    if (W->tmp == NULL)
        return NULL;
    int fd = -1;
    /* O_EXCL: never another writer's file; 0666 less the umask, as fopen */
    for (int k = 0; fd < 0 && k < 100; k++) {
        snprintf(W->tmp, n, "%s.tmp-%ld-%d", path, (long)getpid(), k);
        fd = open(W->tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd >= 0 && (W->f = fdopen(fd, "w")) == NULL) {
        int e = errno;
        close(fd), unlink(W->tmp);
        errno = e;
    }
    if (W->f == NULL) {
        free(W->tmp);
        W->tmp = NULL;
    }
    return W->f;
}

int ct_opt_atomic_close(ct_opt_atomic_struct *W, int ok, char *err, size_t errlen)
{
    if (W->tmp == NULL) { /* the open failed: errno says why */
        snprintf(err, errlen, "%s: %s", W->path, strerror(errno));
        return -1;
    }
    errno = 0;
    int bad = !ok || ferror(W->f);
    int e = errno;
    bad |= fclose(W->f) != 0;
    e = e ? e : errno;
    if (!bad && rename(W->tmp, W->path) != 0)
        bad = 1, e = errno;
    if (bad) {
        unlink(W->tmp);
        snprintf(err, errlen, "%s: %s", W->path, e ? strerror(e) : "write error");
    }
    free(W->tmp);
    W->tmp = NULL;
    W->f = NULL;
    return bad ? -1 : 0;
}
