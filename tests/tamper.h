/* tamper: a certificate's text with its last word, the sign at lo, flipped
   (tests that a reader rejects a tampered certificate: t-delta-ball,
   t-lsdelta). */
#ifndef CERTUNE_TESTS_TAMPER_H
#define CERTUNE_TESTS_TAMPER_H

#include <string.h>
#include <flint/flint.h>

/* A new flint_malloc'ed copy of buf with its last word replaced by "1" if
   it starts with '-', else by "-1"; NULL when buf has no space. */
static inline char *t_flip_last_word(const char *buf)
{
    const char *last = strrchr(buf, ' ');
    if (last == NULL)
        return NULL;
    char *bad = flint_malloc(strlen(buf) + 4);
    memcpy(bad, buf, (size_t)(last - buf) + 1);
    strcpy(bad + (last - buf) + 1, last[1] == '-' ? "1" : "-1");
    return bad;
}

#endif
