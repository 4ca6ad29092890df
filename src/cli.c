/* cli: the command-line front shared by every certune subcommand. */
#include <string.h>
#include "certune/certune.h"
#include "certune/cli.h"
#include "certune/qparse.h"

int cli_usage_error(const char *fmt, const char *arg)
{
    fputs("certune: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'certune --help'.\n", stderr);
    return CERTUNE_EXIT_USAGE;
}

const char *cli_option_value(int argc, char **argv, int *i, const char *name)
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

int cli_parse_family(family_t *family, const char *name)
{
    static const char *names[] = {"lambda", "delta", "alpha"};
    static const family_t ids[] = {FAMILY_LAMBDA, FAMILY_DELTA, FAMILY_ALPHA};
    for (int k = 0; k < 3; k++)
        if (strcmp(name, names[k]) == 0) {
            *family = ids[k];
            return 0;
        }
    return cli_usage_error("unknown family '%s' (expected lambda, alpha or delta)", name);
}

int cli_parse_c(fmpq_t c, const char *text)
{
    fmpq_t one;
    fmpq_init(one);
    fmpq_one(one);
    int bad = qparse_fmpq(c, text) || fmpq_sgn(c) <= 0 || fmpq_cmp(c, one) >= 0;
    fmpq_clear(one);
    if (bad)
        return cli_usage_error("--c takes an exact rational in (0, 1), not '%s'", text);
    return 0;
}

int cli_load_instances(instance_struct *insts, const char *const *files, slong n)
{
    char err[CERTUNE_ERRLEN];
    for (slong t = 0; t < n; t++)
        if (instance_load(insts + t, files[t], err, sizeof(err))) {
            fprintf(stderr, "certune: %s\n", err);
            for (slong u = 0; u < t; u++)
                instance_clear(insts + u);
            return CERTUNE_EXIT_INPUT;
        }
    return 0;
}
