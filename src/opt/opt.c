/* opt: the option helpers shared by the analyzer's and the GNN companion's
   command lines. */
#include <stdio.h>
#include <string.h>
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
