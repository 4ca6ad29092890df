/* cli_shatter: `certune shatter` and `certune verify-shatter`. */
#include <stdlib.h>
#include <string.h>
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/shatter.h"
#include "certune/family.h"
#include "certune/mem.h"

/* Instance 1 has 4 (2^M - 1) nodes, which must stay within what the loader
   accepts (CT_INSTANCE_MAX_NODES = 10^6), or verify-shatter could not read it
   back: M <= 17 (524284 nodes; M = 18 would need 1048572). */
#define CLI_SHATTER_MAX_M 17
#define CLI_SHATTER_MAX_M_TEXT "17"
#if 4 * ((1L << CLI_SHATTER_MAX_M) - 1) > CT_INSTANCE_MAX_NODES ||                       \
    4 * ((1L << (CLI_SHATTER_MAX_M + 1)) - 1) <= CT_INSTANCE_MAX_NODES
#error "CLI_SHATTER_MAX_M disagrees with CT_INSTANCE_MAX_NODES"
#endif

int ct_cli_shatter_main(int argc, char **argv)
{
    ct_family_t family = 0; /* set by the required --family */
    const char *out = NULL, *v, *ctext = NULL;
    long M = 0;
    int have_family = 0, rc = 0, force = 0;
    fmpq_t c;
    fmpq_init(c);
    ct_family_default_c(c);
    for (int i = 1; i < argc && rc == 0; i++) {
        if (strcmp(argv[i], "--force") == 0)
            force = 1;
        else if (strcmp(argv[i], "--") == 0 && i + 1 == argc)
            continue; /* ends options; shatter takes no operand */
        else if ((v = ct_opt_value(argc, argv, &i, "--family")) != NULL) {
            rc = ct_cli_parse_family(&family, v);
            have_family = 1;
        } else if ((v = ct_opt_value(argc, argv, &i, "--c")) != NULL) {
            rc = ct_cli_parse_c(c, v);
            ctext = v;
        } else if ((v = ct_opt_value(argc, argv, &i, "--m")) != NULL) {
            char *end;
            M = strtol(v, &end, 10);
            if (*end != '\0' || M < 1 || M > CLI_SHATTER_MAX_M)
                rc = ct_opt_usage_error(
                    "--m takes an integer from 1 to " CLI_SHATTER_MAX_M_TEXT
                    " (the loader's node limit), not '%s'",
                    v);
        } else if ((v = ct_opt_value(argc, argv, &i, "--out")) != NULL)
            out = v;
        else
            rc = ct_opt_usage_error("unknown or incomplete argument '%s'", argv[i]);
    }
    if (rc == 0 && (!have_family || M == 0 || out == NULL)) {
        char list[256];
        ct_family_list(list, sizeof(list), NULL);
        rc = ct_opt_usage_error("shatter needs --family (%s), --m and --out", list);
    }
    if (rc == 0 && ctext != NULL)
        rc = ct_cli_check_c(family);
    const ct_family_shatter_struct *sh = &ct_family_row(family)->shatter;
    char err[CERTUNE_ERRLEN];
    if (rc == 0 && ctext != NULL && sh->check_c != NULL &&
        sh->check_c(c, ctext, err, sizeof(err)))
        rc = ct_opt_usage_error("%s", err);
    if (rc == 0)
        rc = ct_cli_prepare_out(out, force);
    if (rc == 0 && ct_shatter_write(out, family, c, M, err, sizeof(err))) {
        fprintf(stderr, "certune: %s\n", err);
        rc = CERTUNE_EXIT_INPUT;
    }
    fmpq_clear(c);
    if (rc)
        return rc;
    printf("wrote %ld instances and witness.txt to %s\n", M, out);
    return CERTUNE_EXIT_OK;
}

/* --family and --c are optional: the witness file records both, and they are
   only checked against it. */
int ct_cli_verify_shatter_main(int argc, char **argv)
{
    ct_family_t family = 0; /* read only when --family set it */
    const char *dir = NULL, *v;
    int have_family = 0, have_c = 0, rc = 0, operands = 0;
    fmpq_t c;
    fmpq_init(c);
    for (int i = 1; i < argc && rc == 0; i++) {
        if (!operands && strcmp(argv[i], "--") == 0)
            operands = 1;
        else if (!operands && (v = ct_opt_value(argc, argv, &i, "--family")) != NULL) {
            rc = ct_cli_parse_family(&family, v);
            have_family = 1;
        } else if (!operands && (v = ct_opt_value(argc, argv, &i, "--c")) != NULL) {
            rc = ct_cli_parse_c(c, v);
            have_c = 1;
        } else if ((!operands && argv[i][0] == '-') || dir != NULL)
            rc = ct_opt_usage_error("unexpected argument '%s'", argv[i]);
        else
            dir = argv[i];
    }
    if (rc == 0 && dir == NULL)
        rc = ct_opt_usage_error("%s", "verify-shatter needs DIR (written by shatter)");
    if (rc == 0 && have_c && have_family)
        rc = ct_cli_check_c(family);
    if (rc) {
        fmpq_clear(c);
        return rc;
    }
    char err[CERTUNE_ERRLEN];
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (mem == NULL)
        ct_mem_fail(0); /* the report is kept in memory until it is complete */
    ct_mem_set_context("verifying %s", dir);
    int res = ct_shatter_verify(mem, dir, have_family ? &family : NULL, have_c ? c : NULL,
                                err, sizeof(err));
    fmpq_clear(c);
    fclose(mem);
    if (res < 0)
        fprintf(stderr, "certune: %s\n", err);
    else
        fwrite(buf, 1, len, stdout);
    free(buf);
    return res == CT_SHATTER_INVALID     ? CERTUNE_EXIT_INPUT
           : res == CT_SHATTER_UNDECIDED ? CERTUNE_EXIT_UNDECIDED
           : res == CT_SHATTER_NO        ? CERTUNE_EXIT_FALSE
                                         : CERTUNE_EXIT_OK;
}
