/* profile_internal: shared between the profile module's files only. */
#ifndef CERTUNE_PROFILE_INTERNAL_H
#define CERTUNE_PROFILE_INTERNAL_H

#include "certune/profile.h"

/* The token t[0..n) unescaped (ct_text_unescape; malloc'ed), or NULL when a
   %XX is malformed. Names are written with ct_text_write_escaped. */
char *_ct_profile_unescape(const char *t, size_t n);

/* From the per-instance costs (A->inst_*, place_start, ev_*; A->nbp, closed,
   ninst, tie_unit set, the loss arrays allocated): every loss. Returns 0, or
   -1 with the message in err when a cost leaves [0, nscored * tie_unit]. */
int _ct_profile_losses(ct_analysis_t A, char *err, size_t errlen);

/* -1 with err set unless the breakpoints are strictly increasing (decided on
   copies, so the saved intervals stay) and inside the domain. */
int _ct_profile_check_order(ct_analysis_t A, char *err, size_t errlen);

/* err = "path: " err. */
void _ct_profile_prefix(char *err, size_t errlen, const char *path);

#define CT_PROFILE_MAX_COUNT 1000000000L

/* A profile file being read: the current line and what follows its key. */
typedef struct {
    FILE *f;
    const char *path;
    slong line;
    char *buf;
    size_t cap;
    const char *s; /* the rest of the current line */
    char *err;
    size_t errlen;
    ct_digest_t D;      /* every byte read so far */
    ct_digest_t before; /* every byte before the current line */
} ct_profile_reader;

/* Sets err to "path:line: msg" (msg a format with one %s, arg); returns -1. */
int _ct_profile_rd_fail(ct_profile_reader *R, const char *msg, const char *arg);
/* Reads the next line, which must begin with the token key (else -1). */
int _ct_profile_rd_line(ct_profile_reader *R, const char *key);
/* Reads the next line, which must begin with the token opt (*got_opt = 1) or
   key (*got_opt = 0); else -1 with the error of an expected `key` line. */
int _ct_profile_rd_line_or(ct_profile_reader *R, const char *opt, const char *key,
                           int *got_opt);
/* -1 (error set) when the current line has more tokens. */
int _ct_profile_rd_done(ct_profile_reader *R);
/* A line "key N" with 0 <= N <= max. */
int _ct_profile_rd_count(ct_profile_reader *R, const char *key, slong *n, slong max);
/* A line "key WORD", WORD one of words[0..n): *which its index. */
int _ct_profile_rd_word(ct_profile_reader *R, const char *key, const char *const *words,
                        int n, int *which);
/* The next token unescaped (malloc'ed), or NULL with the error set. */
char *_ct_profile_rd_string(ct_profile_reader *R, const char *what);

#endif
