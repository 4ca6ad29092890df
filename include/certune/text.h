/* text: small helpers for messages about untrusted input text. */
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

/* A copy of s in memory from flint_malloc (the one strdup of the tree; free it
   with flint_free). */
char *ct_text_strdup(const char *s);

/* Writes s with the bytes <= 0x20, '%' and 0x7f as %XX (upper-case hex), so
   that any bytes but NUL make one blank-free token on one line: the names of
   profiles, the node ids of graphin. */
void ct_text_write_escaped(FILE *out, const char *s);

/* The n bytes at t unescaped into out (room for n + 1 bytes), terminated:
   returns the length, or -1 when a '%' is not followed by two upper-case hex
   digits or gives a NUL byte (out is then undefined). */
long ct_text_unescape(char *out, const char *t, size_t n);

#endif
