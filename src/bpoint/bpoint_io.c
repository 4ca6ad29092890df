/* bpoint_io: a certified breakpoint as text (profile files, docs/scale.md):
   its kind's word ("alg", "exp", "mq") followed by its certificate's fields. */
#include <string.h>
#include "bpoint_internal.h"
#include "certune/qparse.h"

void ct_bpoint_write(FILE *f, const ct_bpoint_t b)
{
    fputs(_ct_bpoint_kinds[b->kind].name, f);
    fputc(' ', f);
    _ct_bpoint_kinds[b->kind].write(f, b);
}

int ct_bpoint_read(ct_bpoint_t b, const char **s)
{
    size_t n;
    const char *t = ct_qparse_tok(s, &n);

    for (int k = 0; t != NULL && k < CT_BPOINT_NKINDS; k++) {
        const char *name = _ct_bpoint_kinds[k].name;
        if (n == strlen(name) && strncmp(t, name, n) == 0) {
            b->kind = k;
            return _ct_bpoint_kinds[k].read(b, s);
        }
    }
    return -1;
}
