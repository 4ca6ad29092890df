/* profile_write: an analysis as a "certune-profile 3" text file
   (docs/scale.md). Every exact quantity is written exactly; the losses are not
   written, the reader recomputes them from the per-instance costs. The last
   line carries the SHA-256 of every byte before it, hashed as it is written
   (a stdio stream over the file and the hash: no second copy in memory). */
#define _GNU_SOURCE /* fopencookie */
#include <stdlib.h>
#include <string.h>
#include "certune/base.h"
#include "certune/mem.h"
#include "certune/opt.h"
#include "certune/profile.h"
#include "certune/report.h"
#include "certune/text.h"
#include "profile_internal.h"

static void profile_write_head(FILE *f, const ct_profile_t P)
{
    const ct_analysis_struct *A = &P->A;
    fprintf(f, "certune-profile %d\nfamily %s\nc ", CT_PROFILE_VERSION,
            ct_report_family_name(A->family));
    fmpq_fprint(f, A->c);
    fprintf(f, "\nscore %s\nties %s\ndomain %s\ntie-unit %ld\nscored %ld\n",
            P->score_all ? "all" : "unlabeled",
            A->ties == CT_SIGNFN_TIES_EXPECTED ? "expected" : "smallest",
            A->closed ? "closed" : "open", (long)A->tie_unit, (long)A->nscored);
    if (A->ball_fallbacks > 0) /* absent: none (the line as before) */
        fprintf(f, "fallbacks %ld %ld\n", (long)A->ball_fallbacks,
                (long)A->ball_fallback_rows);
    fprintf(f, "shards %ld %ld %ld", (long)P->shard_k, (long)P->set_size,
            (long)P->nshards);
    for (slong k = 0; k < P->nshards; k++)
        fprintf(f, " %ld", (long)P->shards[k]);
    char hex[CT_DIGEST_HEX + 1];
    ct_digest_hex(hex, P->set_digest);
    fprintf(f, "\nset %s\n", hex);
}

static void profile_write_instances(FILE *f, const ct_profile_t P)
{
    const ct_analysis_struct *A = &P->A;
    fprintf(f, "instances %ld\n", (long)A->ninst);
    for (slong t = 0; t < A->ninst; t++) {
        if (A->nundecided == 0)
            fprintf(f, "i %ld %ld ", (long)A->inst_nscored[t], (long)A->inst_cost0[t]);
        else
            fputs("i - - ", f);
        fprintf(f, "%ld %ld %ld ", (long)A->inst_nodes[t], (long)A->inst_classes[t],
                (long)ct_profile_set_index(P, t));
        ct_text_write_escaped(f, P->names[t]);
        fputc('\n', f);
    }
}

static void profile_write_breakpoints(FILE *f, const ct_analysis_t A)
{
    fprintf(f, "breakpoints %ld\n", (long)A->nbp);
    for (slong b = 0; b < A->nbp; b++) {
        fprintf(f, "b %ld %d %s %s %s ", (long)A->changes[b], A->jump[b], A->approx[b],
                A->lo_str[b], A->hi_str[b]);
        ct_bpoint_write(f, A->bp + b);
        fputc('\n', f);
    }
    slong nev = A->nundecided == 0 ? A->place_start[A->nplaces] : 0;
    fprintf(f, "events %ld\n", (long)nev);
    for (slong p = 0; nev > 0 && p < A->nplaces; p++)
        for (slong e = A->place_start[p]; e < A->place_start[p + 1]; e++)
            fprintf(f, "e %ld %ld %ld\n", (long)p, (long)A->ev_inst[e],
                    (long)A->ev_delta[e]);
}

/* The places with tied nodes or a possibly hidden touching tie. */
static void profile_write_tied(FILE *f, const ct_analysis_t A)
{
    slong n = 0;
    for (slong p = 0; A->nundecided == 0 && p < A->nplaces; p++)
        n += A->place_tied[p] != 0 || A->place_hidden[p] != 0;
    fprintf(f, "tied %ld\n", (long)n);
    for (slong p = 0; n > 0 && p < A->nplaces; p++)
        if (A->place_tied[p] != 0 || A->place_hidden[p] != 0)
            fprintf(f, "t %ld %ld %ld\n", (long)p, (long)A->place_tied[p],
                    (long)A->place_hidden[p]);
}

static void profile_write_body(FILE *f, const ct_profile_t P)
{
    const ct_analysis_struct *A = &P->A;
    profile_write_head(f, P);
    fprintf(f, "undecided %ld\n", (long)A->nundecided);
    for (slong k = 0; k < A->nundecided; k++) {
        fputs("u ", f);
        ct_text_write_escaped(f, A->und_lo[k]);
        fputc(' ', f);
        ct_text_write_escaped(f, A->und_hi[k]);
        fputc(' ', f);
        ct_text_write_escaped(f, A->und_what[k]);
        fputc('\n', f);
    }
    profile_write_instances(f, P);
    profile_write_breakpoints(f, A);
    profile_write_tied(f, A);
}

typedef struct {
    FILE *out;
    ct_digest_t D;
} profile_tee;

static ssize_t profile_tee_write(void *cookie, const char *buf, size_t size)
{
    profile_tee *T = cookie;
    ct_digest_update(T->D, buf, size);
    return fwrite(buf, 1, size, T->out) == size ? (ssize_t)size : -1;
}

int ct_profile_write(FILE *f, const ct_profile_t P)
{
    profile_tee T;
    T.out = f;
    ct_digest_init(T.D);
    cookie_io_functions_t io = {NULL, profile_tee_write, NULL, NULL};
    FILE *g = fopencookie(&T, "w", io);
    if (g == NULL)
        return -1;
    profile_write_body(g, P);
    int bad = ferror(g);
    bad |= fclose(g) != 0; /* flushes the rest through the hash */
    unsigned char d[CT_DIGEST_SIZE];
    char hex[CT_DIGEST_HEX + 1];
    ct_digest_final(d, T.D);
    ct_digest_hex(hex, d);
    fprintf(f, "end %s\n", hex);
    return bad || ferror(f) ? -1 : 0;
}

int ct_profile_save(const char *path, const ct_profile_t P, char *err, size_t errlen)
{
    ct_opt_atomic_struct W;
    FILE *f = ct_opt_atomic_open(&W, path);
    int ok = f != NULL && ct_profile_write(f, P) == 0;
    char why[CERTUNE_ERRLEN];
    if (ct_opt_atomic_close(&W, ok, why, sizeof(why)) == 0)
        return 0;
    snprintf(err, errlen, "%s: cannot write the profile: %s", path,
             why + strlen(path) + 2);
    return -1;
}

void ct_profile_set_digest(unsigned char out[CT_DIGEST_SIZE], const unsigned char *each,
                           slong n)
{
    ct_digest_t D;
    ct_digest_init(D);
    ct_digest_update(D, each, (size_t)n * CT_DIGEST_SIZE);
    ct_digest_final(out, D);
}

void ct_profile_clear(ct_profile_t P)
{
    for (slong t = 0; P->names != NULL && t < P->A.ninst; t++)
        free(P->names[t]);
    flint_free(P->names);
    flint_free(P->shards);
    flint_free(P->set_index);
    ct_analysis_clear(&P->A);
}
