/* gnn_cli_util: the usage error, number parsing and shortest-form printing
   shared by `certune gnn train` and `certune gnn tune` (so that their files
   depend on this one, not on each other). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/base.h"
#include "certune/opt.h"
#include "gnn_cli_internal.h"

int _ct_gnn_cli_usage_error(const char *fmt, const char *arg)
{
    fputs("certune gnn: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'certune gnn --help'.\n", stderr);
    return CERTUNE_EXIT_USAGE;
}

int _ct_gnn_cli_parse_double(double *x, const char *v, double lo, double hi,
                             const char *opt)
{
    char *end;
    double d = strtod(v, &end);
    if (end == v || *end != '\0' || !(d >= lo && d <= hi)) {
        fprintf(stderr, "certune gnn: %s takes a number in [%g, %g], not '%s'\n", opt, lo,
                hi, v);
        fputs("Try 'certune gnn --help'.\n", stderr);
        return CERTUNE_EXIT_USAGE;
    }
    *x = d;
    return 0;
}

int _ct_gnn_cli_parse_slong(slong *x, const char *v, slong lo, slong hi, const char *opt)
{
    char *end;
    long d = strtol(v, &end, 10);
    if (end == v || *end != '\0' || d < lo || d > hi) {
        fprintf(stderr, "certune gnn: %s takes an integer in [%ld, %ld], not '%s'\n", opt,
                (long)lo, (long)hi, v);
        fputs("Try 'certune gnn --help'.\n", stderr);
        return CERTUNE_EXIT_USAGE;
    }
    *x = (slong)d;
    return 0;
}

void _ct_gnn_cli_put_double(FILE *f, double x)
{
    char buf[40];
    if (!isfinite(x)) {
        fputs("null", f);
        return;
    }
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, sizeof(buf), "%.*g", digits, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    fputs(buf, f);
}

void _ct_gnn_cli_training_init(_ct_gnn_cli_training *tr)
{
    tr->epochs = tr->patience = tr->hidden = tr->heads = tr->k = -1;
    tr->lr = tr->wd = tr->dropout = -1;
}

int _ct_gnn_cli_parse_training(_ct_gnn_cli_training *tr, int argc, char **argv, int *i)
{
    const char *v;
    if ((v = ct_opt_value(argc, argv, i, "--epochs")) != NULL)
        return _ct_gnn_cli_parse_slong(&tr->epochs, v, 1, 100000000, "--epochs");
    if ((v = ct_opt_value(argc, argv, i, "--patience")) != NULL)
        return _ct_gnn_cli_parse_slong(&tr->patience, v, 0, 100000000, "--patience");
    if ((v = ct_opt_value(argc, argv, i, "--hidden")) != NULL)
        return _ct_gnn_cli_parse_slong(&tr->hidden, v, 1, 100000, "--hidden");
    if ((v = ct_opt_value(argc, argv, i, "--heads")) != NULL)
        return _ct_gnn_cli_parse_slong(&tr->heads, v, 1, 1000, "--heads");
    if ((v = ct_opt_value(argc, argv, i, "--k")) != NULL)
        return _ct_gnn_cli_parse_slong(&tr->k, v, 0, 100, "--k");
    if ((v = ct_opt_value(argc, argv, i, "--lr")) != NULL)
        return _ct_gnn_cli_parse_double(&tr->lr, v, 0, 100, "--lr");
    if ((v = ct_opt_value(argc, argv, i, "--weight-decay")) != NULL)
        return _ct_gnn_cli_parse_double(&tr->wd, v, 0, 100, "--weight-decay");
    if ((v = ct_opt_value(argc, argv, i, "--dropout")) != NULL)
        return _ct_gnn_cli_parse_double(&tr->dropout, v, 0, 0.99, "--dropout");
    return -1;
}
