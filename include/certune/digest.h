/* digest: SHA-256 (Debian's nettle) of the bytes that identify what an
   analysis was made from and of the profile files that carry it, so that a
   changed byte or a different instance set is refused instead of trusted.
   A ct_digest_struct is a running hash owned by its caller (no heap memory:
   nothing to clear); a digest is CT_DIGEST_SIZE bytes in the caller's array,
   its text form CT_DIGEST_HEX lowercase hex digits. Only the parser and the
   file's hash fail (-1). */
#ifndef CERTUNE_DIGEST_H
#define CERTUNE_DIGEST_H

#include <stddef.h>
#include <nettle/sha2.h>

#define CT_DIGEST_SIZE 32
#define CT_DIGEST_HEX 64

typedef struct {
    struct sha256_ctx ctx;
} ct_digest_struct;
typedef ct_digest_struct ct_digest_t[1];

/* Starts a hash of no bytes. */
void ct_digest_init(ct_digest_t D);

/* Appends the len bytes at p (p may be NULL when len is 0). */
void ct_digest_update(ct_digest_t D, const void *p, size_t len);

/* out = the hash of every byte appended; D starts again from no bytes. */
void ct_digest_final(unsigned char out[CT_DIGEST_SIZE], ct_digest_t D);

/* hex = the 64 lowercase hex digits of d and a NUL (65 bytes). */
void ct_digest_hex(char *hex, const unsigned char d[CT_DIGEST_SIZE]);

/* Parses exactly 64 lowercase hex digits at hex[0..len) into d: 0, or -1 (d
   then unspecified). */
int ct_digest_parse(unsigned char d[CT_DIGEST_SIZE], const char *hex, size_t len);

/* out = the hash of the file at path ("-" reads stdin), read once to its end.
   Returns 0, or -1 with "path: cannot open: reason" or "path: cannot read:
   reason" in err. */
int ct_digest_file(unsigned char out[CT_DIGEST_SIZE], const char *path, char *err,
                   size_t errlen);

#endif
