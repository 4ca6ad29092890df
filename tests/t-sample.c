/* Tests of sample: sizes, connectivity, labels and induced edges, on a small
   synthetic graph and on the 300-node fixture tests/fixtures/tinyweb (classes
   i mod 3, a ring plus chords: scripts/make-fixtures.py). Cora: t-dataset-real. */
#include <string.h>
#include "check.h"
#include "certune/component.h"
#include "certune/sample.h"

/* A path 0 - 1 - ... - 9 with class i mod 3, and node 10 isolated, unlabeled. */
static void path_data(ct_dataset_t D)
{
    memset(D, 0, sizeof(ct_dataset_struct));
    D->n = 11, D->nclass = 3, D->nedges = 9;
    D->label = flint_malloc(11 * sizeof(slong));
    D->eu = flint_malloc(9 * sizeof(slong)), D->ev = flint_malloc(9 * sizeof(slong));
    for (slong i = 0; i < 10; i++)
        D->label[i] = i % 3;
    D->label[10] = -1;
    for (slong e = 0; e < 9; e++)
        D->eu[e] = e, D->ev[e] = e + 1;
}

static void check_instance(const ct_instance_t inst, slong nodes, slong nlab, slong c)
{
    slong comp[4096], labeled = 0;
    CHECK(inst->n == nodes && inst->c == c);
    CHECK(ct_component_assign(comp, inst) == 1);
    for (slong i = 0; i < inst->n; i++) {
        labeled += inst->label[i] >= 0;
        CHECK((inst->label[i] >= 0) != (inst->held[i] >= 0));
        CHECK(inst->label[i] < c && inst->held[i] < c);
    }
    CHECK(labeled == nlab);
    for (slong e = 0; e < inst->nedges; e++)
        CHECK(fmpq_is_one(inst->ew + e) && inst->eu[e] < inst->ev[e]);
}

static void check_path(flint_rand_t state)
{
    ct_dataset_t D;
    ct_instance_t inst;
    path_data(D);
    for (slong nodes = 1; nodes <= 10; nodes++) {
        CHECK(ct_sample_instance(inst, D, nodes, 0.3, state, "path") == 0);
        check_instance(inst, nodes, FLINT_MAX(1, (slong)(0.3 * nodes + 0.5)), 3);
        CHECK(inst->nedges == nodes - 1); /* a connected piece of a path */
        if (nodes == 10) {                /* all of it: classes 0,1,2,0,... */
            slong count[3] = {0, 0, 0};
            for (slong i = 0; i < 10; i++)
                count[inst->label[i] >= 0 ? inst->label[i] : inst->held[i]]++;
            CHECK(count[0] == 4 && count[1] == 3 && count[2] == 3);
        }
        ct_instance_clear(inst);
    }
    CHECK(ct_sample_instance(inst, D, 11, 0.3, state, "path") ==
          -1); /* node 10 unlabeled */
    ct_dataset_clear(D);
}

static void check_fixture(flint_rand_t state)
{
    ct_dataset_t D;
    char err[256];
    int res = ct_dataset_load(D, "tests/fixtures/tinyweb", err, sizeof(err));
    CHECK_MSG(res == 0, "%s", err);
    if (res != 0)
        return;
    for (slong k = 0; k < 20; k++) {
        ct_instance_t inst;
        CHECK(ct_sample_instance(inst, D, 30, 0.2, state, "tinyweb") == 0);
        check_instance(inst, 30, 6, 3);
        CHECK(inst->nedges >= 29);
        ct_instance_clear(inst);
    }
    ct_dataset_clear(D);
}

int main(void)
{
    flint_rand_t state;
    flint_randinit(state);
    check_path(state);
    check_fixture(state);
    flint_randclear(state);
    flint_cleanup();
    return check_finish("t-sample");
}
