/* Tests of bounds: sign-change counts of hand-made polynomials, the gadget's
   rows (derived by hand), and detection of a count above a bound. */
#include <string.h>
#include "check.h"
#include "certune/bounds.h"
#include "certune/family.h"
#include "certune/gen.h"

/* p = prod (x - r)^e over the given integer roots and exponents. */
static void poly_from_roots(fmpz_poly_t p, const slong *r, const slong *e, slong n)
{
    fmpz_poly_t f;
    fmpz_poly_init(f);
    fmpz_poly_one(p);
    for (slong i = 0; i < n; i++) {
        fmpz_poly_zero(f);
        fmpz_poly_set_coeff_si(f, 0, -r[i]);
        fmpz_poly_set_coeff_si(f, 1, 1);
        for (slong k = 0; k < e[i]; k++)
            fmpz_poly_mul(p, p, f);
    }
    fmpz_poly_clear(f);
}

static void check_counts(void)
{
    fmpz_poly_t p;
    slong roots;
    fmpz_poly_init(p);
    slong r1[] = {1, 2, -3}, e1[] = {1, 2, 1};
    poly_from_roots(p, r1, e1, 3); /* (x-1)(x-2)^2(x+3): one change, two roots */
    CHECK(ct_bounds_sign_changes(&roots, p) == 1 && roots == 2);
    slong r2[] = {0, 5, 7, 9}, e2[] = {3, 3, 1, 4};
    poly_from_roots(p, r2, e2, 4); /* x^3 is at 0, outside the domain */
    CHECK(ct_bounds_sign_changes(&roots, p) == 2 && roots == 3);
    fmpz_poly_neg(p, p);
    CHECK(ct_bounds_sign_changes(&roots, p) == 2 && roots == 3);
    fmpz_poly_zero(p);
    CHECK(ct_bounds_sign_changes(&roots, p) == 0 && roots == 0);
    fmpz_poly_set_si(p, -4);
    CHECK(ct_bounds_sign_changes(&roots, p) == 0 && roots == 0);
    fmpz_poly_clear(p);
}

/* The x = 4 gadget: K = diag(1,1,4) - v v^T / 6 with v = (1,1,4) has the
   eigenvalues 0, 1, 2 (trace 3, constant vector in the kernel, (1,-1,0) for 1),
   so the Kron bound is 2; node 3 changes once (at lambda = 2). */
static void check_gadget_rows(void)
{
    ct_instance_t inst;
    ct_gen_instance_init(inst, "gadget", 4, 2, 3);
    slong eu[3] = {0, 1, 2}, ev[3] = {2, 2, 3};
    for (slong e = 0; e < 3; e++) {
        inst->eu[e] = eu[e], inst->ev[e] = ev[e];
        fmpq_set_si(inst->ew + e, e == 2 ? 4 : 1, 1);
    }
    inst->label[0] = inst->label[1] = 0, inst->label[3] = 1, inst->held[2] = 1;
    ct_bounds_row *rows = NULL;
    slong nrows = 0, seen = 0;
    char msg[256];
    CHECK(ct_bounds_rows(&rows, &nrows, CT_FAMILY_LAMBDA, inst, 0, NULL, msg,
                         sizeof(msg)) == 0);
    CHECK(nrows == 4); /* every node, one class pair */
    for (slong i = 0; i < nrows; i++) {
        CHECK(rows[i].n_comp == 4 && rows[i].labeled == 3 && rows[i].sharp == 3);
        CHECK(ct_bounds_row_check(rows + i, msg, sizeof(msg)) == 0);
        if (rows[i].node == 2) {
            CHECK(rows[i].changes == 1 && rows[i].roots == 1);
            seen++;
        }
        if (rows[i].node == 3) /* node 4 changes at 2/3 (docs/lambda.md) */
            CHECK(rows[i].changes == 1);
        if (rows[i].node <= 1) /* nodes 1, 2 never change */
            CHECK(rows[i].changes == 0);
    }
    CHECK(seen == 1);
    flint_free(rows);
    ct_instance_clear(inst);
}

/* A fake count above each bound is reported, naming the bound. */
static void check_violations(void)
{
    char msg[256];
    ct_bounds_row r = {CT_FAMILY_LAMBDA, 0, 0, 5, 0, 1, 2, 2, 10, 4, 3};
    CHECK(ct_bounds_row_check(&r, msg, sizeof(msg)) == 0);
    r.roots = r.changes = 3; /* above eigen - 1 = 2 */
    CHECK(ct_bounds_row_check(&r, msg, sizeof(msg)) == 1 && strstr(msg, "eigenvalues"));
    CHECK(strstr(msg, "node 6") != NULL);
    r.roots = r.changes = 4; /* above labeled - 1 = 3 */
    CHECK(ct_bounds_row_check(&r, msg, sizeof(msg)) == 1 && strstr(msg, "labeled - 1"));
    r.roots = r.changes = 10; /* above n_comp - 1 = 9 */
    CHECK(ct_bounds_row_check(&r, msg, sizeof(msg)) == 1 && strstr(msg, "paper"));
    r.roots = 1, r.changes = 2; /* more changes than roots */
    CHECK(ct_bounds_row_check(&r, msg, sizeof(msg)) == 1);
    /* delta: the bound is distinct labeled degrees - 1, not eigen - 1 */
    ct_bounds_row d = {CT_FAMILY_DELTA, 0, 0, 5, 0, 1, 2, 2, 10, 4, 3};
    CHECK(ct_bounds_row_check(&d, msg, sizeof(msg)) == 0);
    d.roots = d.changes = 3; /* above degrees - 1 = 2 */
    CHECK(ct_bounds_row_check(&d, msg, sizeof(msg)) == 1 && strstr(msg, "degrees - 1"));
}

/* delta on the x = 7 gadget (c = 99/100): node 4 changes once (docs/delta.md),
   its pair has 2 distinct labeled degrees (9 and 1). */
static void check_delta_rows(void)
{
    ct_instance_t inst;
    char err[256];
    CHECK(ct_instance_load(inst, "instances/delta-gadget-x7-c99_100.gssl", err,
                           sizeof(err)) == 0);
    ct_bounds_row *rows = NULL;
    slong nrows = 0;
    fmpq_t c;
    fmpq_init(c);
    fmpq_set_si(c, 99, 100);
    CHECK(ct_bounds_rows(&rows, &nrows, CT_FAMILY_DELTA, inst, 0, c, err, sizeof(err)) ==
          0);
    CHECK(nrows == 4);
    for (slong i = 0; i < nrows; i++) {
        CHECK(rows[i].family == CT_FAMILY_DELTA && rows[i].sharp == 2);
        CHECK(ct_bounds_row_check(rows + i, err, sizeof(err)) == 0);
    }
    CHECK(nrows == 4 && rows[3].node == 3 && rows[3].changes == 1 && rows[3].roots == 1);
    fmpq_clear(c);
    flint_free(rows);
    ct_instance_clear(inst);
}

int main(void)
{
    check_counts();
    check_gadget_rows();
    check_violations();
    check_delta_rows();
    flint_cleanup();
    return check_finish("t-bounds");
}
