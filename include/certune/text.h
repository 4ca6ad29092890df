/* text: small helpers for messages about untrusted input text. */
#ifndef CERTUNE_TEXT_H
#define CERTUNE_TEXT_H

/* Tokens quoted in error messages are cut to this many bytes. */
#define CT_TEXT_SHOW_LEN 40

/* Writes into out (at least CT_TEXT_SHOW_LEN + 4 bytes) the token t as it may be
   quoted in a message: the input can be any bytes, so it is cut short (with
   "...") and anything unprintable becomes '?'. Returns out. */
const char *ct_text_show_token(char *out, const char *t);

/* A copy of s in memory from flint_malloc (the one strdup of the tree; free it
   with flint_free). */
char *ct_text_strdup(const char *s);

#endif
