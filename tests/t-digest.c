/* Tests of digest: SHA-256 against the FIPS 180-2 test vectors (independent
   of nettle), hashing in pieces, the hex form and its parser, a file's digest
   and the instance loader's digest of the bytes it read. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "certune/digest.h"
#include "certune/instance.h"

static int hex_of(const char *text, size_t len, size_t piece, const char *want)
{
    ct_digest_t D;
    unsigned char d[CT_DIGEST_SIZE];
    char hex[CT_DIGEST_HEX + 1];
    ct_digest_init(D);
    for (size_t k = 0; k < len; k += piece)
        ct_digest_update(D, text + k, len - k < piece ? len - k : piece);
    ct_digest_final(d, D);
    ct_digest_hex(hex, d);
    int ok = strcmp(hex, want) == 0;
    if (!ok)
        fprintf(stderr, "got %s, want %s\n", hex, want);
    return ok;
}

int main(void)
{
    static const char empty[] =
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    static const char abc[] =
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    static const char two[] =
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1";
    static const char msg2[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    CHECK(hex_of("", 0, 1, empty));
    CHECK(hex_of("abc", 3, 3, abc));
    CHECK(hex_of("abc", 3, 1, abc));
    CHECK(hex_of(msg2, strlen(msg2), 56, two));
    CHECK(hex_of(msg2, strlen(msg2), 7, two));

    unsigned char d[CT_DIGEST_SIZE], e[CT_DIGEST_SIZE];
    CHECK(ct_digest_parse(d, abc, CT_DIGEST_HEX) == 0);
    char hex[CT_DIGEST_HEX + 1];
    ct_digest_hex(hex, d);
    CHECK(strcmp(hex, abc) == 0);
    CHECK(ct_digest_parse(d, abc, CT_DIGEST_HEX - 1) != 0);
    char upper[CT_DIGEST_HEX + 1];
    memcpy(upper, abc, sizeof(upper));
    upper[0] = 'B'; /* canonical: lowercase only */
    CHECK(ct_digest_parse(d, upper, CT_DIGEST_HEX) != 0);

    /* A file's digest, and the loader's digest of the same bytes (no final
       newline on purpose: the bytes, not the lines, are hashed). */
    char path[] = "/tmp/t-digest-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("% a comment\np gssl 3 2\ne 1 2 1/2\nl 1 0\nt 2 1", f);
    fclose(f);
    char err[256];
    CHECK(ct_digest_file(d, path, err, sizeof(err)) == 0);
    ct_instance_t inst;
    CHECK(ct_instance_load_digest(inst, e, path, err, sizeof(err)) == 0);
    CHECK(memcmp(d, e, CT_DIGEST_SIZE) == 0);
    static const char want[] = "% a comment\np gssl 3 2\ne 1 2 1/2\nl 1 0\nt 2 1";
    ct_digest_t D;
    ct_digest_init(D);
    ct_digest_update(D, want, strlen(want));
    ct_digest_final(e, D);
    CHECK(memcmp(d, e, CT_DIGEST_SIZE) == 0);
    ct_instance_clear(inst);
    remove(path);
    CHECK(ct_digest_file(d, path, err, sizeof(err)) == -1 && strstr(err, path) != NULL);
    return check_finish("t-digest");
}
