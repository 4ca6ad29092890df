/* Tests of ct_component_assign on graphs with known components. */
#include <string.h>
#include "certune/base.h"
#include "certune/component.h"
#include "certune/instance.h"
#include "check.h"

/* Parses text and checks the components against want (n entries). */
static void check_components(const char *text, const slong *want, slong count)
{
    ct_instance_t inst;
    char err[CERTUNE_ERRLEN];
    slong *comp, i;

    if (ct_instance_parse(inst, text, strlen(text), "comp.gssl", err, sizeof err) != 0) {
        CHECK_MSG(0, "%s", err);
        return;
    }
    comp = flint_malloc(inst->n * sizeof(slong));
    CHECK_MSG(ct_component_assign(comp, inst) == count, "count for: %s", text);
    for (i = 0; i < inst->n; i++)
        CHECK_MSG(comp[i] == want[i], "node %ld: got %ld, want %ld in: %s", (long)i + 1,
                  (long)comp[i], (long)want[i], text);
    flint_free(comp);
    ct_instance_clear(inst);
}

static void test_small(void)
{
    static const slong one[1] = {0};
    static const slong isolated[4] = {0, 1, 2, 3};
    static const slong path[4] = {0, 0, 0, 0};
    /* 1-4, 2-5 and 3 alone: numbered by smallest node, not by edge order. */
    static const slong mixed[5] = {0, 1, 2, 0, 1};
    /* Zero weights are no edges. */
    static const slong zero[3] = {0, 1, 1};
    /* Edges given last-to-first still give the smallest node number 0. */
    static const slong reversed[6] = {0, 1, 0, 1, 0, 2};

    check_components("p gssl 1 1\n", one, 1);
    check_components("p gssl 4 2\n", isolated, 4);
    check_components("p gssl 4 2\ne 4 3 1\ne 1 2 1\ne 3 2 1/2\n", path, 1);
    check_components("p gssl 5 2\ne 5 2 1\ne 4 1 2\n", mixed, 3);
    check_components("p gssl 3 2\ne 1 2 0\ne 2 3 1\ne 1 3 0.0\n", zero, 2);
    check_components("p gssl 6 2\ne 5 3 1\ne 4 2 1\ne 3 1 1\n", reversed, 3);
}

/* Two interleaved stars and a cycle, large enough to exercise path halving. */
static void test_large(void)
{
    enum { N = 3000 };
    static char text[N * 24];
    static slong want[N];
    char *p = text;
    slong i;

    p += sprintf(p, "p gssl %d 2\n", N);
    /* Odd nodes 1..999 (1-based) form a chain downward, even ones a star. */
    for (i = 999; i >= 3; i -= 2)
        p += sprintf(p, "e %ld %ld 1\n", (long)i, (long)i - 2);
    for (i = 4; i <= 1000; i += 2)
        p += sprintf(p, "e 2 %ld 1\n", (long)i);
    /* 2001..3000 is a cycle; 1001..2000 are isolated. */
    for (i = 2001; i < 3000; i++)
        p += sprintf(p, "e %ld %ld 1\n", (long)i + 1, (long)i);
    p += sprintf(p, "e 2001 3000 1\n");
    for (i = 0; i < 1000; i++)
        want[i] = i % 2;
    for (i = 1000; i < 2000; i++)
        want[i] = 2 + (i - 1000);
    for (i = 2000; i < N; i++)
        want[i] = 1002;
    check_components(text, want, 1003);
}

int main(void)
{
    test_small();
    test_large();
    flint_cleanup();
    return check_finish("t-component");
}
