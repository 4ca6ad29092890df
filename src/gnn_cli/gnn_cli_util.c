/* gnn_cli_util: the usage error, number parsing and shortest-form printing
   shared by `certune gnn train` and `certune gnn tune` (so that their files
   depend on this one, not on each other). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "certune/base.h"
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
