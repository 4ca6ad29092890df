/* digest: SHA-256 through nettle (one well-kept implementation instead of our
   own); the hex form and a file's hash. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "certune/digest.h"

void ct_digest_init(ct_digest_t D)
{
    sha256_init(&D->ctx);
}

void ct_digest_update(ct_digest_t D, const void *p, size_t len)
{
    if (len > 0)
        sha256_update(&D->ctx, len, p);
}

void ct_digest_final(unsigned char out[CT_DIGEST_SIZE], ct_digest_t D)
{
    sha256_digest(&D->ctx, CT_DIGEST_SIZE, out);
}

void ct_digest_hex(char *hex, const unsigned char d[CT_DIGEST_SIZE])
{
    static const char digits[] = "0123456789abcdef";
    for (int k = 0; k < CT_DIGEST_SIZE; k++) {
        hex[2 * k] = digits[d[k] >> 4];
        hex[2 * k + 1] = digits[d[k] & 15];
    }
    hex[CT_DIGEST_HEX] = '\0';
}

static int digest_nibble(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int ct_digest_parse(unsigned char d[CT_DIGEST_SIZE], const char *hex, size_t len)
{
    if (len != CT_DIGEST_HEX)
        return -1;
    for (int k = 0; k < CT_DIGEST_SIZE; k++) {
        int a = digest_nibble(hex[2 * k]), b = digest_nibble(hex[2 * k + 1]);
        if (a < 0 || b < 0)
            return -1;
        d[k] = (unsigned char)(16 * a + b);
    }
    return 0;
}

int ct_digest_file(unsigned char out[CT_DIGEST_SIZE], const char *path, char *err,
                   size_t errlen)
{
    int std = strcmp(path, "-") == 0;
    FILE *f = std ? stdin : fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    ct_digest_t D;
    ct_digest_init(D);
    unsigned char buf[1 << 16];
    size_t n;
    while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
        ct_digest_update(D, buf, n);
    int bad = ferror(f);
    if (bad)
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
    if (!std)
        fclose(f);
    ct_digest_final(out, D);
    return bad ? -1 : 0;
}
