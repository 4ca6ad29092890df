/* libFuzzer target for the .gssl parser. Besides surviving any bytes, an
   accepted input must satisfy the documented invariants and survive a round
   trip through ct_instance_write; a rejected one must leave a "fuzz:" message.
   The streaming file reader is checked against the in-memory parser. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <flint/fmpq.h>
#include "certune/base.h"
#include "certune/instance.h"

static void fuzz_check_valid(const ct_instance_t inst)
{
    slong i;

    if (inst->n < 1 || inst->c < 1 || inst->nedges < 0 || inst->dfeat < 0)
        abort();
    if ((inst->dfeat == 0) != (inst->feat == NULL))
        abort();
    for (i = 0; i < inst->nedges; i++)
        if (inst->eu[i] < 0 || inst->eu[i] >= inst->ev[i] || inst->ev[i] >= inst->n ||
            fmpq_sgn(inst->ew + i) <= 0)
            abort();
    for (i = 0; i < inst->n; i++)
        if (inst->label[i] < -1 || inst->label[i] >= inst->c || inst->held[i] < -1 ||
            inst->held[i] >= inst->c || (inst->label[i] >= 0 && inst->held[i] >= 0))
            abort();
}

static int fuzz_same(const ct_instance_t a, const ct_instance_t b)
{
    slong i;

    if (a->n != b->n || a->c != b->c || a->nedges != b->nedges || a->dfeat != b->dfeat)
        return 0;
    for (i = 0; i < a->nedges; i++)
        if (a->eu[i] != b->eu[i] || a->ev[i] != b->ev[i] ||
            !fmpq_equal(a->ew + i, b->ew + i))
            return 0;
    for (i = 0; i < a->n; i++)
        if (a->label[i] != b->label[i] || a->held[i] != b->held[i])
            return 0;
    for (i = 0; i < a->n * a->dfeat; i++)
        if (a->feat[i] != b->feat[i])
            return 0;
    return 1;
}

static void fuzz_round_trip(const ct_instance_t inst)
{
    char *text = NULL, err[CERTUNE_ERRLEN];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ct_instance_t again;

    if (f == NULL)
        abort();
    if (ct_instance_write(inst, f) != 0)
        abort();
    fclose(f);
    if (ct_instance_parse(again, text, len, "written", err, sizeof err) != 0) {
        fprintf(stderr, "round trip rejected: %s\n", err);
        abort();
    }
    if (!fuzz_same(inst, again))
        abort();
    ct_instance_clear(again);
    free(text);
}

/* The streaming reader (ct_instance_load on a file named "fuzz") must agree
   with the in-memory one: same verdict, same message, same instance. */
static void fuzz_stream(const uint8_t *data, size_t size, int parsed,
                        const ct_instance_t inst, const char *err)
{
    static char dir[64];
    char path[128], err2[CERTUNE_ERRLEN], cwd[4096];
    ct_instance_t again;

    if (dir[0] == '\0') {
        snprintf(dir, sizeof dir, "/tmp/certune-fuzz-instance-XXXXXX");
        if (mkdtemp(dir) == NULL)
            abort();
    }
    snprintf(path, sizeof path, "%s/fuzz", dir);
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    if (getcwd(cwd, sizeof cwd) == NULL || chdir(dir) != 0)
        abort();
    int loaded = ct_instance_load(again, "fuzz", err2, sizeof err2) == 0;
    if (chdir(cwd) != 0 || loaded != parsed)
        abort();
    if (!loaded && strcmp(err, err2) != 0) {
        fprintf(stderr, "parse: %s\nload: %s\n", err, err2);
        abort();
    }
    if (loaded) {
        if (!fuzz_same(inst, again))
            abort();
        ct_instance_clear(again);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ct_instance_t inst;
    char err[CERTUNE_ERRLEN];

    int parsed =
        ct_instance_parse(inst, (const char *)data, size, "fuzz", err, sizeof err) == 0;
    fuzz_stream(data, size, parsed, inst, err);
    if (parsed) {
        fuzz_check_valid(inst);
        fuzz_round_trip(inst);
        ct_instance_clear(inst);
    } else if (strncmp(err, "fuzz:", 5) != 0 || memchr(err, '\0', sizeof err) == NULL) {
        abort();
    }
    return 0;
}
