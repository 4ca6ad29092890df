/* text: small helpers for untrusted input text in messages, JSON and tokens.
   Strings are NUL-terminated bytes, borrowed for the call; the writers fill a
   buffer of the caller's (its size stated per function) or a FILE, and only
   ct_text_strdup allocates (flint_malloc: free with flint_free). No function
   fails but the two that say so (-1). */
#ifndef CERTUNE_TEXT_H
#define CERTUNE_TEXT_H

#include <stddef.h>
#include <stdio.h>

/* Tokens quoted in error messages are cut to this many bytes. */
#define CT_TEXT_SHOW_LEN 40

/* Writes into out (at least CT_TEXT_SHOW_LEN + 4 bytes) the token t as it may be
   quoted in a message: the input can be any bytes, so it is cut short (with
   "...") and anything unprintable becomes '?'. Returns out. */
const char *ct_text_show_token(char *out, const char *t);

/* Writes s to out as a JSON string literal, quotes included: the one
   escaping of every string that reaches JSON (file and dataset names,
   messages, exact forms). '"' and '\\' are escaped, control bytes become \n,
   \t, \r, \b, \f or \u00XX, valid UTF-8 passes through, and a byte that
   is no part of valid UTF-8 becomes \ufffd (JSON is Unicode text; a file name
   can be any bytes). Returns 0, or -1 when writing fails. */
int ct_text_json_string(FILE *out, const char *s);

/* A copy of s (flint_malloc: the strdup of FLINT-style containers; mem.h's
   ct_mem_strdup is the one freed with free). */
char *ct_text_strdup(const char *s);

/* Writes s with the bytes <= 0x20, '%' and 0x7f as %XX (upper-case hex), so
   that any bytes but NUL make one blank-free token on one line: the names of
   profiles, the node ids of graphin. */
void ct_text_write_escaped(FILE *out, const char *s);

/* The n bytes at t unescaped into out (room for n + 1 bytes), terminated:
   returns the length, or -1 when a '%' is not followed by two upper-case hex
   digits or gives a NUL byte (out is then undefined). out may be t (in place). */
long ct_text_unescape(char *out, const char *t, size_t n);

/* "" when n is 1, else "s": the plural ending of a count's noun. */
const char *ct_text_plural(long n);

#endif
