/* cli: the command-line front shared by every certune subcommand. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "certune/family.h"
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/mem.h"
#include "certune/pool.h"
#include "certune/qparse.h"

int ct_cli_parse_family(ct_family_t *family, const char *name)
{
    if (ct_family_from_name(family, name) == 0)
        return 0;
    char list[256], msg[512];
    ct_family_list(list, sizeof(list), NULL);
    snprintf(msg, sizeof(msg), "(expected %s)", list);
    return ct_cli_usage_error2("unknown family '%s' ", name, msg);
}

static int cli_has_c(const ct_family_struct *row)
{
    return row->has_c;
}

int ct_cli_check_c(ct_family_t family)
{
    if (ct_family_row(family)->has_c)
        return 0;
    char list[256];
    ct_family_list(list, sizeof(list), cli_has_c);
    return ct_cli_usage_error2("%s applies only to --family ", "--c", list);
}

int ct_cli_usage_error2(const char *fmt, const char *arg, const char *tail)
{
    char msg[1024];
    snprintf(msg, sizeof(msg), fmt, arg);
    size_t n = strlen(msg);
    snprintf(msg + n, sizeof(msg) - n, "%s", tail);
    return ct_opt_usage_error("%s", msg);
}

int ct_cli_parse_c(fmpq_t c, const char *text)
{
    fmpq_t one;
    fmpq_init(one);
    fmpq_one(one);
    int bad = ct_qparse_fmpq(c, text) || fmpq_sgn(c) <= 0 || fmpq_cmp(c, one) >= 0;
    fmpq_clear(one);
    if (bad)
        return ct_opt_usage_error("--c takes an exact rational in (0, 1), not '%s'",
                                  text);
    return 0;
}

typedef struct {
    ct_instance_struct *insts;
    const char *const *files;
    char **err; /* err[t]: file t's message, or NULL */
} cli_load_job;

static void cli_load_one(void *arg, slong t)
{
    cli_load_job *J = arg;
    if (J->err[t] != NULL)
        return;
    char err[CERTUNE_ERRLEN];
    const char *data, *name = J->files[t];
    size_t len;
    ct_mem_set_thread_context("reading %s", name);
    int sp = ct_cli_spool(name, &data, &len, err, sizeof(err));
    if (sp == 1 && strcmp(name, "-") == 0)
        name = "(stdin)";
    if (sp < 0 ||
        (sp == 1 && ct_instance_parse(J->insts + t, data, len, name, err, sizeof(err))) ||
        (sp == 0 && ct_instance_load(J->insts + t, name, err, sizeof(err))))
        J->err[t] = ct_mem_strdup(err);
    ct_mem_set_thread_context("%s", "");
}

int ct_cli_load_instances(ct_instance_struct *insts, const char *const *files, slong n,
                          slong nthreads)
{
    cli_load_job J = {insts, files,
                      ct_mem_calloc((size_t)FLINT_MAX(n, 1), sizeof(char *))};
    const char *data;
    size_t len;
    char err[CERTUNE_ERRLEN];
    for (slong t = 0; t < n; t++) /* one thread: inputs read once, spooled first */
        if (ct_cli_spool(files[t], &data, &len, err, sizeof(err)) < 0)
            J.err[t] = ct_mem_strdup(err);
    ct_pool_for(n, n >= 64 ? nthreads : 1, cli_load_one, NULL, &J);
    slong bad = 0;
    while (bad < n && J.err[bad] == NULL)
        bad++;
    if (bad < n) /* the first bad file in the given order, as a serial load */
        fprintf(stderr, "certune: %s\n", J.err[bad]);
    for (slong t = 0; t < n; t++) {
        if (bad < n && J.err[t] == NULL)
            ct_instance_clear(insts + t);
        free(J.err[t]);
    }
    free(J.err);
    if (bad < n)
        return CERTUNE_EXIT_INPUT;
    if (n == 1)
        ct_mem_set_context("analyzing %s", files[0]);
    else if (n > 1)
        ct_mem_set_context("analyzing %s (and %ld more)", files[0], (long)n - 1);
    return 0;
}

/* 1 when dir has an entry other than . and .., 0 when empty, -1 when unreadable. */
static int cli_dir_has_entries(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int found = 0;
    if (d == NULL)
        return -1;
    while (!found && (e = readdir(d)) != NULL)
        found = strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return found;
}

int ct_cli_prepare_out(const char *dir, int force)
{
    if (mkdir(dir, 0777) == 0)
        return 0;
    if (errno != EEXIST) {
        fprintf(stderr, "certune: %s: cannot create: %s\n", dir, strerror(errno));
        return CERTUNE_EXIT_INPUT;
    }
    int has = cli_dir_has_entries(dir);
    if (has < 0) {
        fprintf(stderr, "certune: %s: cannot read: %s\n", dir, strerror(errno));
        return CERTUNE_EXIT_INPUT;
    }
    if (has && !force)
        return ct_opt_usage_error("--out %s is not empty (add --force to write into it)",
                                  dir);
    return 0;
}

int ct_cli_parse_ball(slong *ball, const char *text)
{
    char *end;
    long n = strtol(text, &end, 10);
    if (strcmp(text, "off") == 0)
        *ball = WORD_MAX;
    else if (*text != '\0' && *end == '\0' && n >= 2 && n <= 1000000000L)
        *ball = n;
    else
        return ct_opt_usage_error("--ball takes a node count >= 2 or off, not '%s'",
                                  text);
    return 0;
}

int ct_cli_parse_ties(int *ties, const char *text)
{
    if (strcmp(text, "smallest") == 0 || strcmp(text, "expected") == 0) {
        *ties = strcmp(text, "expected") == 0 ? CT_SIGNFN_TIES_EXPECTED
                                              : CT_SIGNFN_TIES_SMALLEST;
        return 0;
    }
    return ct_opt_usage_error("--ties takes smallest or expected, not '%s'", text);
}
