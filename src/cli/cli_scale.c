/* cli_scale: the options of scale-out runs (docs/scale.md): --threads N and
   --shard i/k. */
#include <stdlib.h>
#include <string.h>
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

int ct_cli_shard_init(ct_cli_shard_struct *S, const char *const *args, slong nargs,
                      slong i, slong k)
{
    memset(S, 0, sizeof(*S));
    int rc = ct_cli_expand_paths(&S->all, &S->n, args, nargs);
    if (rc)
        return rc;
    S->shard_i = i;
    S->shard_k = k;
    S->paths = ct_mem_malloc(sizeof(char *) * (size_t)FLINT_MAX(S->n, 1));
    for (slong t = i; t < S->n; t += k) /* every k-th, in order */
        S->paths[S->m++] = S->all[t];
    return 0;
}

void ct_cli_shard_clear(ct_cli_shard_struct *S)
{
    ct_cli_free_paths(S->all, S->n);
    free(S->paths);
    memset(S, 0, sizeof(*S));
}

int ct_cli_shard_set_digest(unsigned char *out, const ct_cli_shard_struct *S,
                            const unsigned char *own)
{
    unsigned char *each = ct_mem_malloc((size_t)FLINT_MAX(S->n, 1) * CT_DIGEST_SIZE);
    char err[CERTUNE_ERRLEN];
    int rc = 0;
    for (slong t = 0, j = 0; rc == 0 && t < S->n; t++) {
        unsigned char *d = each + (size_t)t * CT_DIGEST_SIZE;
        if (t >= S->shard_i && (t - S->shard_i) % S->shard_k == 0)
            memcpy(d, own + (size_t)j++ * CT_DIGEST_SIZE, CT_DIGEST_SIZE);
        else if (ct_digest_file(d, S->all[t], err, sizeof(err))) {
            fprintf(stderr, "certune: %s (the set's digest reads every file)\n", err);
            rc = CERTUNE_EXIT_INPUT;
        }
    }
    if (rc == 0)
        ct_profile_set_digest(out, each, S->n);
    free(each);
    return rc;
}

int ct_cli_save_profile(const char *path, const ct_profile_struct *P)
{
    char err[CERTUNE_ERRLEN];
    if (ct_profile_save(path, P, err, sizeof(err)) == 0)
        return 0;
    fprintf(stderr, "certune: %s\n", err);
    return CERTUNE_EXIT_INPUT;
}
