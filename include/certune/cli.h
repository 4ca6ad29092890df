/* cli: the command-line front shared by every certune subcommand. */
#ifndef CERTUNE_CLI_H
#define CERTUNE_CLI_H

#include "certune/analyze.h"

/* Prints "certune: <fmt with arg>" and a hint to stderr; returns the usage
   exit status (1). */
int cli_usage_error(const char *fmt, const char *arg);

/* The value of option name at argv[*i] ("--name V" or "--name=V", advancing *i
   past V), or NULL when argv[*i] is not that option. */
const char *cli_option_value(int argc, char **argv, int *i, const char *name);

/* Parses a family name into *family; returns 0 or the usage exit status. */
int cli_parse_family(family_t *family, const char *name);

/* Parses delta's constant (an exact rational in (0, 1), such as 99/100 or
   0.99) into c; returns 0 or the usage exit status. */
int cli_parse_c(fmpq_t c, const char *text);

/* Loads the files; on error prints "certune: file:line: ..." to stderr, frees
   what was loaded and returns the invalid-input exit status (2), else 0. */
int cli_load_instances(instance_struct *insts, const char *const *files, slong n);

/* The subcommands; argv[0] is the subcommand's name. Each returns its exit status. */
int cli_analyze_main(int argc, char **argv);
int cli_bounds_main(int argc, char **argv);
int cli_shatter_main(int argc, char **argv);
int cli_verify_shatter_main(int argc, char **argv);
int cli_sample_main(int argc, char **argv);

#endif
