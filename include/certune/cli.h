/* cli: the command-line front shared by every certune subcommand. */
#ifndef CERTUNE_CLI_H
#define CERTUNE_CLI_H

#include "certune/analysis.h"
#include "certune/opt.h"

/* Parses a family name into *family; returns 0 or the usage exit status. */
int ct_cli_parse_family(ct_family_t *family, const char *name);

/* Parses delta's constant (an exact rational in (0, 1), such as 99/100 or
   0.99) into c; returns 0 or the usage exit status. */
int ct_cli_parse_c(fmpq_t c, const char *text);

/* Loads the files; on error prints "certune: file:line: ..." to stderr, frees
   what was loaded and returns the invalid-input exit status (2), else 0. */
int ct_cli_load_instances(ct_instance_struct *insts, const char *const *files, slong n);

/* FILE|DIR arguments: a directory stands for every *.gssl inside it, sorted
   by name (strcmp); a file is kept as given. Sets *paths (malloc'ed, free with
   ct_cli_free_paths) and *npaths, or prints "certune: DIR: ..." for an
   unreadable or empty directory and returns the invalid-input status (2). */
int ct_cli_expand_paths(char ***paths, slong *npaths, const char *const *args,
                        slong nargs);
void ct_cli_free_paths(char **paths, slong n);

/* ct_cli_expand_paths then ct_cli_load_instances: *insts (calloc'ed, free
   with ct_cli_free_instances) holds *m instances. Returns 0 or 2 (message
   printed, nothing to free). */
int ct_cli_load_paths(ct_instance_struct **insts, slong *m, const char *const *args,
                      slong nargs);
void ct_cli_free_instances(ct_instance_struct *insts, slong m);

/* Parses --ties smallest|expected into *ties (CT_SIGNFN_TIES_*); returns 0
   or the usage exit status. */
int ct_cli_parse_ties(int *ties, const char *text);

/* The subcommands; argv[0] is the subcommand's name. Each returns its exit status. */
int ct_cli_analyze_main(int argc, char **argv);
int ct_cli_bounds_main(int argc, char **argv);
int ct_cli_shatter_main(int argc, char **argv);
int ct_cli_verify_shatter_main(int argc, char **argv);
int ct_cli_sample_main(int argc, char **argv);
int ct_cli_eval_main(int argc, char **argv);
int ct_cli_tune_main(int argc, char **argv);

#endif
