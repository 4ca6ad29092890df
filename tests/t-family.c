/* Tests of family: the table is consistent (ids are row indices, names
   unique, ranks a permutation, each descriptor's domain agrees with the
   strings the reports print), names and lists come from it, and the C API's
   family constants are its ids. */
#include <string.h>
#include "check.h"
#include "certune/capi.h"
#include "certune/family.h"

static void check_rows(void)
{
    slong n = ct_family_count();
    CHECK(n >= 3);
    for (slong f = 0; f < n; f++) {
        const ct_family_struct *row = ct_family_row(f);
        ct_family_t g;
        CHECK(row->name != NULL && row->symbol != NULL && row->symbol_svg != NULL);
        CHECK(row->analysis.id == f && row->analysis.build != NULL);
        CHECK(ct_family_get(f) == &row->analysis);
        CHECK(ct_family_from_name(&g, row->name) == 0 && g == f);
        CHECK(ct_family_listed(row->rank) == f);
        CHECK(row->grid_point != NULL && row->bounds.sign_functions != NULL);
        CHECK(row->bounds.sharp != NULL && row->shatter.instance != NULL);
        CHECK(row->shatter.parameter != NULL);
        CHECK(!row->has_c || (row->c_num > 0 && row->c_den > row->c_num));
        /* the printed domain agrees with the descriptor's */
        const char *hi = row->analysis.hi_inf ? "+inf" : "1";
        char dom[32];
        snprintf(dom, sizeof(dom), "%c0, %s%c", row->analysis.closed ? '[' : '(', hi,
                 row->analysis.closed ? ']' : ')');
        CHECK_MSG(strcmp(dom, row->domain_text) == 0, "%s: %s", row->name, dom);
        CHECK(strcmp(row->hi_text, hi) == 0);
        CHECK(strcmp(row->hi_plain, row->analysis.hi_inf ? "inf" : "1") == 0);
        for (slong h = 0; h < f; h++)
            CHECK(strcmp(ct_family_row(h)->name, row->name) != 0);
    }
    ct_family_t g;
    CHECK(ct_family_from_name(&g, "beta") == -1);
}

/* The three families as they were before the table: names, ids, listing. */
static void check_three(void)
{
    CHECK(strcmp(ct_family_name(CT_FAMILY_LAMBDA), "lambda") == 0);
    CHECK(strcmp(ct_family_name(CT_FAMILY_DELTA), "delta") == 0);
    CHECK(strcmp(ct_family_name(CT_FAMILY_ALPHA), "alpha") == 0);
    CHECK(CT_CAPI_LAMBDA == CT_FAMILY_LAMBDA && CT_CAPI_DELTA == CT_FAMILY_DELTA &&
          CT_CAPI_ALPHA == CT_FAMILY_ALPHA);
    CHECK(ct_capi_family_id("delta") == CT_FAMILY_DELTA);
    CHECK(ct_capi_family_count() == ct_family_count());
    CHECK(strcmp(ct_capi_family_domain(CT_FAMILY_DELTA), "[0, 1]") == 0);
    CHECK(ct_capi_family_name(-1) == NULL && ct_capi_family_listed(99) == -1);
    char list[256];
    ct_family_list(list, sizeof(list), NULL);
    CHECK(strcmp(list, "lambda, alpha or delta") == 0);
    fmpq_t c, x;
    fmpq_init(c), fmpq_init(x);
    ct_family_default_c(c);
    fmpq_set_si(x, 99, 100);
    CHECK(fmpq_equal(c, x));
    fmpq_one(x);
    CHECK(ct_family_in_domain(CT_FAMILY_DELTA, x) &&
          !ct_family_in_domain(CT_FAMILY_ALPHA, x));
    CHECK(ct_family_in_domain(CT_FAMILY_LAMBDA, x));
    fmpq_zero(x);
    CHECK(ct_family_in_domain(CT_FAMILY_DELTA, x) &&
          !ct_family_in_domain(CT_FAMILY_LAMBDA, x));
    fmpq_clear(c), fmpq_clear(x);
}

int main(void)
{
    check_rows();
    check_three();
    return check_finish("t-family");
}
