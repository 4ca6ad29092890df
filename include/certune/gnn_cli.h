/* gnn_cli: the `certune gnn` subcommand (train and tune the GNN baselines;
   docs/gnn.md). Like the command line's front (cli.h), it prints its own
   messages and returns the exit status. */
#ifndef CERTUNE_GNN_CLI_H
#define CERTUNE_GNN_CLI_H

/* Runs `certune gnn ...`; argv[0] is "gnn". Returns 0 ok, 1 usage, 2 invalid
   or missing dataset files. */
int ct_gnn_cli_main(int argc, char **argv);

#endif
