/* cli_scale: the options of scale-out runs (docs/scale.md): --threads N and
   --shard i/k. */
#include <stdlib.h>
#include <unistd.h>
#include "certune/mem.h"
#include "certune/base.h"
#include "certune/cli.h"
#include "certune/profile.h"

slong ct_cli_default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n >= 1 ? (slong)n : 1;
}

int ct_cli_parse_threads(slong *n, const char *text)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*text < '0' || *text > '9' || *end != '\0' || v < 1 || v > 4096)
        return ct_opt_usage_error("--threads takes an integer in 1..4096, not '%s'",
                                  text);
    *n = v;
    return 0;
}

int ct_cli_parse_shard(slong *i, slong *k, const char *text)
{
    char *end, *end2;
    long a = strtol(text, &end, 10), b = -1;
    if (*text >= '0' && *text <= '9' && *end == '/' && end[1] >= '0' && end[1] <= '9')
        b = strtol(end + 1, &end2, 10);
    if (b < 1 || *end2 != '\0' || a < 0 || a >= b)
        return ct_opt_usage_error("--shard takes i/k with 0 <= i < k, not '%s'", text);
    *i = a;
    *k = b;
    return 0;
}

int ct_cli_shard_paths(char ***paths, slong *m, slong *set_size, const char *const *args,
                       slong nargs, slong i, slong k)
{
    char **all;
    slong n, sel = 0;
    int rc = ct_cli_expand_paths(&all, &n, args, nargs);
    if (rc)
        return rc;
    for (slong t = 0; t < FLINT_MIN(i, n); t++) /* keeps every k-th, in order */
        free(all[t]);
    for (slong t = i; t < n; t++)
        if ((t - i) % k == 0)
            all[sel++] = all[t];
        else
            free(all[t]);
    *set_size = n;
    if (sel == 0) {
        fprintf(stderr, "certune: shard %ld/%ld of %ld instances is empty\n", (long)i,
                (long)k, (long)n);
        ct_cli_free_paths(all, 0);
        return CERTUNE_EXIT_INPUT;
    }
    *paths = all;
    *m = sel;
    return 0;
}

int ct_cli_save_profile(const char *path, const ct_profile_struct *P)
{
    FILE *f = fopen(path, "w");
    int rc = f == NULL ? -1 : ct_profile_write(f, P);
    if (f != NULL && fclose(f) != 0)
        rc = -1;
    if (rc)
        fprintf(stderr, "certune: %s: cannot write the profile\n", path);
    return rc ? CERTUNE_EXIT_INPUT : 0;
}
