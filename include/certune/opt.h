/* opt: command-line option helpers shared by every subcommand (the analyzer's
   and the GNN companion's). */
#ifndef CERTUNE_OPT_H
#define CERTUNE_OPT_H

/* Names the subcommand being parsed (a static string, or NULL), so that usage
   errors point to its help. */
void ct_opt_set_command(const char *name);

/* Prints "certune: <fmt with arg>" and a hint ("Try 'certune SUB --help'.")
   to stderr; returns the usage exit status (1). */
int ct_opt_usage_error(const char *fmt, const char *arg);

/* The value of option name at argv[*i] ("--name V" or "--name=V", advancing *i
   past V), or NULL when argv[*i] is not that option. */
const char *ct_opt_value(int argc, char **argv, int *i, const char *name);

#endif
