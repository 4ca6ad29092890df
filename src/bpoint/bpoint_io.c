/* bpoint_io: a certified breakpoint as text (profile files, docs/scale.md):
   "alg ...", "exp ..." or "mq ..." followed by its certificate's fields. */
#include <string.h>
#include "certune/bpoint.h"
#include "certune/qparse.h"

void ct_bpoint_write(FILE *f, const ct_bpoint_t b)
{
    if (b->kind == CT_BPOINT_ALGEBRAIC) {
        fputs("alg ", f);
        ct_rroot_write(f, &b->alg);
    } else if (b->kind == CT_BPOINT_EXPSUM) {
        fputs("exp ", f);
        ct_expsum_root_write(f, &b->ex);
    } else {
        fputs("mq ", f);
        ct_mqroot_write(f, &b->mq);
    }
}

int ct_bpoint_read(ct_bpoint_t b, const char **s)
{
    size_t n;
    const char *t = ct_qparse_tok(s, &n);
    if (t != NULL && n == 3 && strncmp(t, "alg", 3) == 0) {
        b->kind = CT_BPOINT_ALGEBRAIC;
        return ct_rroot_read(&b->alg, s);
    }
    if (t != NULL && n == 3 && strncmp(t, "exp", 3) == 0) {
        b->kind = CT_BPOINT_EXPSUM;
        return ct_expsum_root_read(&b->ex, s);
    }
    if (t != NULL && n == 2 && strncmp(t, "mq", 2) == 0) {
        b->kind = CT_BPOINT_MQ;
        return ct_mqroot_read(&b->mq, s);
    }
    return -1;
}
