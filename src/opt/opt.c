/* opt: the option helpers shared by the analyzer's and the GNN companion's
   command lines. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "certune/base.h"
#include "certune/opt.h"

/* The subcommand whose help the usage errors point to (NULL: the global one). */
static const char *opt_command;

void ct_opt_set_command(const char *name)
{
    opt_command = name;
}

int ct_opt_usage_error(const char *fmt, const char *arg)
{
    fputs("certune: ", stderr);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'certune %s%s--help'.\n", opt_command ? opt_command : "",
            opt_command ? " " : "");
    return CERTUNE_EXIT_USAGE;
}

const char *ct_opt_value(int argc, char **argv, int *i, const char *name)
{
    size_t len = strlen(name);
    if (strncmp(argv[*i], name, len) != 0)
        return NULL;
    if (argv[*i][len] == '=')
        return argv[*i] + len + 1;
    if (argv[*i][len] == '\0' && *i + 1 < argc)
        return argv[++*i];
    return NULL;
}

int ct_opt_finish_stdout(int rc)
{
    errno = 0;
    int flushed = fflush(stdout) == 0, err = errno;
    if (flushed && !ferror(stdout))
        return rc;
    /* An earlier failed write set the error flag; its errno may be gone. */
    fprintf(stderr, "certune: cannot write the output: %s\n",
            err != 0 ? strerror(err) : "a write to stdout failed");
    return rc == CERTUNE_EXIT_MEMORY ? rc : CERTUNE_EXIT_INPUT;
}

int ct_opt_write_error(const char *path, const char *what)
{
    fprintf(stderr, "certune: %s: cannot write %s: %s\n", path, what,
            errno != 0 ? strerror(errno) : "write error");
    return CERTUNE_EXIT_INPUT;
}

int ct_opt_check_writable(const char *path, const char *what)
{
    struct stat st;
    int existed = stat(path, &st) == 0;
    errno = 0;
    if (existed && S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return ct_opt_write_error(path, what);
    }
    FILE *f = fopen(path, "a");
    if (f == NULL)
        return ct_opt_write_error(path, what);
    fclose(f);
    if (!existed)
        remove(path);
    return 0;
}
