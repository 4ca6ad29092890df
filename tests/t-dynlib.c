/* t-dynlib: ct_dynlib_open on the C math library (always installed): a symbol
   resolved and called, the environment override, and the messages for a
   missing library and a missing symbol. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "certune/dynlib.h"

typedef double unary_fn(double);

int main(void)
{
    ct_dynlib_struct L = {"CERTUNE_TEST_LIBM", "libm.so.6", "libm", "this test needs",
                          "libc6"};
    const char *const good[] = {"sqrt", "floor"}, *const bad[] = {"sqrt", "no_such_fn"};
    void *f[2];
    char err[256] = "";
    unsetenv("CERTUNE_TEST_LIBM");
    CHECK_MSG(ct_dynlib_open(f, good, 2, &L, err, sizeof(err)) == 0, "%s", err);
    unary_fn *sq, *fl;
    *(void **)&sq = f[0], *(void **)&fl = f[1];
    CHECK(sq(6.25) == 2.5 && fl(-0.5) == -1.0);

    CHECK(ct_dynlib_open(f, bad, 2, &L, err, sizeof(err)) == -1);
    CHECK_MSG(strcmp(err, "libm.so.6 has no symbol no_such_fn") == 0, "%s", err);

    setenv("CERTUNE_TEST_LIBM", "libcertune-no-such-library.so", 1);
    CHECK(ct_dynlib_open(f, good, 2, &L, err, sizeof(err)) == -1);
    const char *head =
        "cannot load libm (libcertune-no-such-library.so), which this test needs: ";
    CHECK_MSG(strncmp(err, head, strlen(head)) == 0 &&
                  strstr(err, "(Debian: apt-get install libc6)") != NULL,
              "%s", err);

    setenv("CERTUNE_TEST_LIBM", "", 1); /* empty: the default file */
    CHECK_MSG(ct_dynlib_open(f, good, 2, &L, err, sizeof(err)) == 0, "%s", err);
    return check_finish("t-dynlib");
}
