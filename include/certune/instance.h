/* instance: one .gssl problem instance (docs/formats.md): a graph with exact
   positive rational weights, each node's given label and held-out class, and
   optional features. A ct_instance_struct owns its arrays and its path (all
   from flint_malloc); a load, a parse or gen's builders initialize it, and
   ct_instance_clear frees it. The readers return 0, or -1 with the first error
   as "path:line: message" in err (may be NULL) and the instance left cleared. */
#ifndef CERTUNE_INSTANCE_H
#define CERTUNE_INSTANCE_H

#include <stddef.h>
#include <stdio.h>
#include <flint/fmpq.h>

/* Bounds that keep a hostile or corrupt file from costing unbounded memory or
   time before it is rejected (docs/formats.md). Feature lines are the longest
   legitimate ones: 1 MiB leaves room for tens of thousands of values. */
#define CT_INSTANCE_MAX_LINE ((size_t)1 << 20)
#define CT_INSTANCE_MAX_FILE ((size_t)1 << 30)
#define CT_INSTANCE_MAX_NODES 1000000
#define CT_INSTANCE_MAX_CLASSES 1000000

typedef struct {
    char *path;   /* file name as given, for messages */
    slong n;      /* nodes, 0-based internally */
    slong c;      /* classes */
    slong nedges; /* edges with weight > 0, each stored once with eu < ev */
    slong *eu, *ev;
    fmpq *ew;     /* exact positive weights */
    slong *label; /* given class of node i (`l`), or -1 */
    slong *held;  /* held-out class of node i (`t`), or -1 */
    slong dfeat;  /* feature length, 0 when the file has no `f` records */
    double *feat; /* n * dfeat features, row-major, or NULL */
} ct_instance_struct;
typedef ct_instance_struct ct_instance_t[1];

/* Reads and validates the .gssl file at path into inst (uninitialized on
   entry). The error is the first in file order ("path: message" for whole-file
   errors): the file is parsed line by line and an error is reported when its
   line is read, without reading the rest. path "-" reads stdin ("(stdin)"). */
int ct_instance_load(ct_instance_t inst, const char *path, char *err, size_t errlen);

/* Same as ct_instance_load; also sets digest (CT_DIGEST_SIZE bytes, digest.h)
   to the SHA-256 of the file's bytes, read once for both (a FIFO works). */
int ct_instance_load_digest(ct_instance_t inst, unsigned char *digest, const char *path,
                            char *err, size_t errlen);

/* Same as ct_instance_load, reading from the len bytes at text; name is used in
   messages in place of a path (the fuzz target and tests use it). */
int ct_instance_parse(ct_instance_t inst, const char *text, size_t len, const char *name,
                      char *err, size_t errlen);

/* Frees every array with flint_free and the first nedges entries of ew with
   fmpq_clear (code that builds an instance by hand must allocate the same
   way). Leaves inst zeroed, so a second call is harmless. */
void ct_instance_clear(ct_instance_t inst);

/* Writes inst as a .gssl file to out (exact weights as reduced fractions,
   features in their shortest round-trip spelling); loading the result gives
   the same instance. Returns 0, or -1 on write error or when a record could not
   be read back (a non-finite feature, a line over the reader's limit); output
   may then be incomplete. */
int ct_instance_write(const ct_instance_t inst, FILE *out);

#endif
