/* profile_read: the line reader of profile files: every line begins with a
   key, errors name the file and the line. */
#define _GNU_SOURCE /* getline */
#include <stdlib.h>
#include <string.h>
#include "certune/profile.h"
#include "certune/qparse.h"
#include "profile_internal.h"

int _ct_profile_rd_fail(ct_profile_reader *R, const char *msg, const char *arg)
{
    char m[256];
    snprintf(m, sizeof(m), msg, arg);
    snprintf(R->err, R->errlen, "%s:%ld: %s", R->path, (long)R->line, m);
    return -1;
}

/* Reads the next line: 1 at the end of the file, else 0 with its first token
   in *t, *len (NULL when blank) and R->s past it. */
static int rd_next(ct_profile_reader *R, const char **t, size_t *len)
{
    R->line++;
    ssize_t n = getline(&R->buf, &R->cap, R->f);
    if (n < 0)
        return 1;
    R->before[0] = R->D[0];
    ct_digest_update(R->D, R->buf, (size_t)n);
    if (n > 0 && R->buf[n - 1] == '\n')
        R->buf[n - 1] = '\0';
    R->s = R->buf;
    *t = ct_qparse_tok(&R->s, len);
    return 0;
}

static int rd_is(const char *t, size_t len, const char *key)
{
    return t != NULL && len == strlen(key) && strncmp(t, key, len) == 0;
}

int _ct_profile_rd_line(ct_profile_reader *R, const char *key)
{
    const char *t;
    size_t len;
    if (rd_next(R, &t, &len))
        return _ct_profile_rd_fail(R, "unexpected end of file (expected `%s`)", key);
    if (!rd_is(t, len, key))
        return _ct_profile_rd_fail(R, "expected a `%s` line", key);
    return 0;
}

int _ct_profile_rd_line_or(ct_profile_reader *R, const char *opt, const char *key,
                           int *got_opt)
{
    const char *t;
    size_t len;
    if (rd_next(R, &t, &len))
        return _ct_profile_rd_fail(R, "unexpected end of file (expected `%s`)", key);
    *got_opt = rd_is(t, len, opt);
    if (!*got_opt && !rd_is(t, len, key))
        return _ct_profile_rd_fail(R, "expected a `%s` line", key);
    return 0;
}

int _ct_profile_rd_done(ct_profile_reader *R)
{
    size_t n;
    return ct_qparse_tok(&R->s, &n) == NULL
               ? 0
               : _ct_profile_rd_fail(R, "%s", "unexpected text");
}

/* "key N" with 0 <= N <= max. */
int _ct_profile_rd_count(ct_profile_reader *R, const char *key, slong *n, slong max)
{
    if (_ct_profile_rd_line(R, key))
        return -1;
    if (ct_qparse_tok_slong(n, &R->s) || *n < 0 || *n > max)
        return _ct_profile_rd_fail(R, "bad count for `%s`", key);
    return _ct_profile_rd_done(R);
}

/* "key WORD" with WORD one of the n words; *which its index. */
int _ct_profile_rd_word(ct_profile_reader *R, const char *key, const char *const *words,
                        int n, int *which)
{
    size_t len;
    if (_ct_profile_rd_line(R, key))
        return -1;
    const char *t = ct_qparse_tok(&R->s, &len);
    for (int k = 0; t != NULL && k < n; k++)
        if (len == strlen(words[k]) && strncmp(t, words[k], len) == 0) {
            *which = k;
            return _ct_profile_rd_done(R);
        }
    return _ct_profile_rd_fail(R, "unknown value for `%s`", key);
}

/* A token unescaped (malloc'ed) or NULL with the error set. */
char *_ct_profile_rd_string(ct_profile_reader *R, const char *what)
{
    size_t n;
    const char *t = ct_qparse_tok(&R->s, &n);
    char *v = t == NULL ? NULL : _ct_profile_unescape(t, n);
    if (v == NULL)
        _ct_profile_rd_fail(R, "missing or malformed %s", what);
    return v;
}
