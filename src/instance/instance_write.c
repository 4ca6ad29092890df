/* ct_instance_write: an instance as a .gssl file that reads back the same. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <flint/flint.h>
#include <flint/fmpq.h>
#include "certune/instance.h"
#include "instance_internal.h"

/* Drops the '+' and leading zeros of the exponent printf writes ("1e+05"). */
static void instance_compact_exponent(char *s)
{
    char *e = strchr(s, 'e'), *d;

    if (e == NULL)
        return;
    d = e + 1;
    if (*d == '-')
        d++;
    else if (*d == '+')
        memmove(d, d + 1, strlen(d));
    while (d[0] == '0' && d[1] != '\0')
        memmove(d, d + 1, strlen(d));
}

/* The shortest of the "%g" and "%e" spellings that reads back as x: no longer
   than the token x was read from (in practice), so a written `f` line fits
   where the read one did, and "0.1" stays "0.1" rather than 0.10000000000000001. */
static void instance_format_double(char *out, double x)
{
    char e[40];
    int p;

    for (p = 1; p < 17; p++) {
        snprintf(out, 40, "%.*g", p, x);
        if (strtod(out, NULL) == x)
            break;
    }
    snprintf(out, 40, "%.*g", p, x);
    snprintf(e, sizeof e, "%.*e", p - 1, x);
    instance_compact_exponent(out);
    instance_compact_exponent(e);
    if (strlen(e) < strlen(out))
        strcpy(out, e);
}

static int instance_write_edge(const ct_instance_t inst, slong i, FILE *out)
{
    const fmpq *w = inst->ew + i;

    if (ct_instance_fmpq_digits(w) > CT_INSTANCE_MAX_WEIGHT_DIGITS)
        return -1;
    fprintf(out, "e %ld %ld ", (long)inst->eu[i] + 1, (long)inst->ev[i] + 1);
    fmpz_fprint(out, fmpq_numref(w));
    if (!fmpz_is_one(fmpq_denref(w))) {
        fputc('/', out);
        fmpz_fprint(out, fmpq_denref(w));
    }
    fputc('\n', out);
    return 0;
}

/* Formats the whole line first: one the reader would refuse (over-long, or a
   value that is not finite) is not written at all. */
static int instance_write_feature(const ct_instance_t inst, slong i, char *buf, FILE *out)
{
    const double *x = inst->feat + i * inst->dfeat;
    size_t len;
    slong j;

    len = (size_t)snprintf(buf, 32, "f %ld", (long)i + 1);
    for (j = 0; j < inst->dfeat; j++) {
        if (!isfinite(x[j]))
            return -1;
        buf[len++] = ' ';
        instance_format_double(buf + len, x[j]);
        len += strlen(buf + len);
        if (len > CT_INSTANCE_MAX_LINE)
            return -1;
    }
    buf[len++] = '\n';
    return fwrite(buf, 1, len, out) == len ? 0 : -1;
}

int ct_instance_write(const ct_instance_t inst, FILE *out)
{
    char *buf = NULL;
    slong i;
    int r = 0;

    fprintf(out, "p gssl %ld %ld\n", (long)inst->n, (long)inst->c);
    for (i = 0; r == 0 && i < inst->nedges; i++)
        r = instance_write_edge(inst, i, out);
    for (i = 0; i < inst->n; i++)
        if (inst->label[i] >= 0)
            fprintf(out, "l %ld %ld\n", (long)i + 1, (long)inst->label[i]);
    for (i = 0; i < inst->n; i++)
        if (inst->held[i] >= 0)
            fprintf(out, "t %ld %ld\n", (long)i + 1, (long)inst->held[i]);
    if (inst->dfeat > 0)
        /* Room for the limit, one more value (at most 40 bytes) and '\n'. */
        buf = flint_malloc(CT_INSTANCE_MAX_LINE + 64);
    for (i = 0; r == 0 && inst->dfeat > 0 && i < inst->n; i++)
        r = instance_write_feature(inst, i, buf, out);
    flint_free(buf);
    if (fflush(out) != 0 || ferror(out))
        r = -1;
    return r;
}
