/* profile_load: ct_profile_read, section by section (docs/scale.md): the head,
   the undecided intervals, the instances, the breakpoints with their
   certificates, the per-instance cost events; then the losses and the summary
   are recomputed, so that a file cannot state a loss its costs do not give. */
#define _GNU_SOURCE /* getline */
#include <stdlib.h>
#include <string.h>
#include "certune/family.h"
#include "certune/mem.h"
#include "certune/profile.h"
#include "certune/qparse.h"
#include "profile_internal.h"

/* The family names a profile may hold (at most this many rows are read). */
#define CT_PROFILE_MAX_FAMILIES 64

static const char *const score_words[] = {"unlabeled", "all"};
static const char *const ties_words[] = {"smallest", "expected"};
static const char *const domain_words[] = {"open", "closed"};

static int load_head(ct_profile_reader *R, ct_profile_t P)
{
    ct_analysis_struct *A = &P->A;
    slong version;
    int fam, ties, closed;
    const char *family_words[CT_PROFILE_MAX_FAMILIES];
    int nfam = (int)FLINT_MIN(ct_family_count(), CT_PROFILE_MAX_FAMILIES);
    for (int f = 0; f < nfam; f++)
        family_words[f] = ct_family_name(f);
    if (_ct_profile_rd_count(R, "certune-profile", &version, CT_PROFILE_MAX_COUNT))
        return -1;
    if (version != CT_PROFILE_VERSION)
        return _ct_profile_rd_fail(
            R, "unsupported profile version (this is %s; re-save it)", "3");
    if (_ct_profile_rd_word(R, "family", family_words, nfam, &fam) ||
        _ct_profile_rd_line(R, "c"))
        return -1;
    A->family = (ct_family_t)fam;
    ct_family_set_domain(A, A->family);
    const ct_family_struct *row = ct_family_row(A->family);
    if (ct_qparse_tok_fmpq(A->c, &R->s) || _ct_profile_rd_done(R) ||
        (row->has_c ? fmpq_sgn(A->c) <= 0 || fmpq_cmp_ui(A->c, 1) >= 0
                    : !fmpq_is_zero(A->c)))
        return _ct_profile_rd_fail(R, "bad constant c for family %s", family_words[fam]);
    if (_ct_profile_rd_word(R, "score", score_words, 2, &P->score_all) ||
        _ct_profile_rd_word(R, "ties", ties_words, 2, &ties) ||
        _ct_profile_rd_word(R, "domain", domain_words, 2, &closed))
        return -1;
    A->ties = ties == 1 ? CT_SIGNFN_TIES_EXPECTED : CT_SIGNFN_TIES_SMALLEST;
    A->closed = closed;
    if (closed != row->analysis.closed)
        return _ct_profile_rd_fail(R, "wrong domain for family %s", family_words[fam]);
    if (_ct_profile_rd_count(R, "tie-unit", &A->tie_unit, CT_PROFILE_MAX_COUNT * 10000) ||
        _ct_profile_rd_count(R, "scored", &A->nscored, CT_PROFILE_MAX_COUNT))
        return -1;
    if (A->tie_unit < 1 || (ties == 0 && A->tie_unit != 1))
        return _ct_profile_rd_fail(R, "bad tie unit for ties %s", ties_words[ties]);
    return 0;
}

/* "fallbacks C R" (optional: components that left the ball path and their
   scored rows, 0 0 when absent), then "shards K N COUNT I1 ... ICOUNT":
   shards I of K of a set of N, increasing. */
static int load_shards(ct_profile_reader *R, ct_profile_t P)
{
    ct_analysis_struct *A = &P->A;
    int opt;
    if (_ct_profile_rd_line_or(R, "fallbacks", "shards", &opt))
        return -1;
    if (opt) {
        if (ct_qparse_tok_slong(&A->ball_fallbacks, &R->s) ||
            ct_qparse_tok_slong(&A->ball_fallback_rows, &R->s) || A->ball_fallbacks < 1 ||
            A->ball_fallback_rows < A->ball_fallbacks ||
            A->ball_fallback_rows > A->nscored)
            return _ct_profile_rd_fail(R, "%s", "bad fallback counts");
        if (_ct_profile_rd_done(R) || _ct_profile_rd_line(R, "shards"))
            return -1;
    }
    if (ct_qparse_tok_slong(&P->shard_k, &R->s) ||
        ct_qparse_tok_slong(&P->set_size, &R->s) ||
        ct_qparse_tok_slong(&P->nshards, &R->s) || P->shard_k < 1 ||
        P->shard_k > CT_PROFILE_MAX_COUNT || P->set_size < 1 || P->nshards < 1 ||
        P->nshards > P->shard_k)
        return _ct_profile_rd_fail(R, "%s", "bad shard counts");
    P->shards = flint_malloc(sizeof(slong));
    for (slong k = 0, cap = 1; k < P->nshards; k++) {
        if (k == cap) /* grown as the line is read: a count alone allocates nothing */
            P->shards = flint_realloc(P->shards, (cap *= 2) * sizeof(slong));
        if (ct_qparse_tok_slong(P->shards + k, &R->s) || P->shards[k] < 0 ||
            P->shards[k] >= P->shard_k || (k > 0 && P->shards[k] <= P->shards[k - 1]))
            return _ct_profile_rd_fail(R, "%s", "bad shard list");
    }
    if (_ct_profile_rd_done(R) || _ct_profile_rd_line(R, "set"))
        return -1;
    size_t n;
    const char *hex = ct_qparse_tok(&R->s, &n);
    if (hex == NULL || ct_digest_parse(P->set_digest, hex, n))
        return _ct_profile_rd_fail(R, "%s", "bad set digest (64 hex digits)");
    return _ct_profile_rd_done(R);
}

static int load_undecided(ct_profile_reader *R, ct_analysis_t A)
{
    slong n;
    if (_ct_profile_rd_count(R, "undecided", &n, CT_PROFILE_MAX_COUNT))
        return -1;
    for (slong k = 0; k < n; k++) {
        char *lo = NULL, *hi = NULL, *what = NULL;
        int rc = _ct_profile_rd_line(R, "u") ||
                 (lo = _ct_profile_rd_string(R, "interval end")) == NULL ||
                 (hi = _ct_profile_rd_string(R, "interval end")) == NULL ||
                 (what = _ct_profile_rd_string(R, "message")) == NULL ||
                 _ct_profile_rd_done(R);
        if (!rc)
            ct_analysis_add_undecided(A, lo, hi, what);
        free(lo), free(hi), free(what);
        if (rc)
            return -1;
    }
    return 0;
}

/* "i NSCORED COST0 NAME" ("i - - NAME" in an undecided profile). */
static int load_instance(ct_profile_reader *R, ct_profile_t P, slong t, slong *sum)
{
    ct_analysis_struct *A = &P->A;
    size_t n;
    if (_ct_profile_rd_line(R, "i"))
        return -1;
    if (A->nundecided > 0) {
        for (int k = 0; k < 2; k++) {
            const char *d = ct_qparse_tok(&R->s, &n);
            if (d == NULL || n != 1 || *d != '-')
                return _ct_profile_rd_fail(R, "%s", "expected `-` (undecided profile)");
        }
    } else {
        slong ns, c0, full;
        if (ct_qparse_tok_slong(&ns, &R->s) || ct_qparse_tok_slong(&c0, &R->s) ||
            ns < 1 || __builtin_mul_overflow(ns, A->tie_unit, &full) || c0 < 0 ||
            c0 > full)
            return _ct_profile_rd_fail(R, "%s", "bad scored count or cost");
        A->inst_nscored[t] = ns;
        A->inst_cost0[t] = c0;
        *sum += ns;
    }
    if (ct_qparse_tok_slong(A->inst_nodes + t, &R->s) ||
        ct_qparse_tok_slong(A->inst_classes + t, &R->s) ||
        ct_qparse_tok_slong(P->set_index + t, &R->s) || A->inst_nodes[t] < 1 ||
        A->inst_classes[t] < 1 || P->set_index[t] < 0 || P->set_index[t] >= P->set_size)
        return _ct_profile_rd_fail(R, "%s", "bad node count, class count or set index");
    if ((P->names[t] = _ct_profile_rd_string(R, "instance name")) == NULL)
        return -1;
    return _ct_profile_rd_done(R);
}

/* Room for instance t in every per-instance array, grown as the lines are
   read (ct_mem_grow_flint: doubling), so that a hostile `instances N` count
   allocates nothing; inst_classes is a separate array until
   load_instances_pack. */
static void load_instances_grow(ct_profile_t P, slong t)
{
    ct_analysis_struct *A = &P->A;
    if (t > 0 && (t & (t - 1)) != 0)
        return; /* (capacity: the next power of two) */
    P->names = ct_mem_grow_flint(P->names, t, sizeof(char *));
    P->names[t] = NULL;
    if (t > 0) /* (ct_profile_clear frees the names up to A->ninst) */
        memset(P->names + t, 0, (size_t)t * sizeof(char *));
    A->inst_nodes = ct_mem_grow_flint(A->inst_nodes, t, sizeof(slong));
    A->inst_classes = ct_mem_grow_flint(A->inst_classes, t, sizeof(slong));
    P->set_index = ct_mem_grow_flint(P->set_index, t, sizeof(slong));
    if (A->nundecided == 0) {
        A->inst_nscored = ct_mem_grow_flint(A->inst_nscored, t, sizeof(slong));
        A->inst_cost0 = ct_mem_grow_flint(A->inst_cost0, t, sizeof(slong));
    }
}

/* inst_nodes and inst_classes of the m instances read as one block, as the
   analysis keeps them (inst_classes = inst_nodes + max(m, 1)); the arrays of
   a profile without instances allocated. */
static void load_instances_pack(ct_profile_t P, slong m)
{
    ct_analysis_struct *A = &P->A;
    slong m1 = FLINT_MAX(m, 1);
    slong *block = flint_malloc(2 * m1 * sizeof(slong));
    if (m > 0) {
        memcpy(block, A->inst_nodes, (size_t)m * sizeof(slong));
        memcpy(block + m1, A->inst_classes, (size_t)m * sizeof(slong));
    }
    flint_free(A->inst_nodes);
    flint_free(A->inst_classes);
    A->inst_nodes = block;
    A->inst_classes = block + m1;
    if (m == 0) {
        P->names = flint_calloc(1, sizeof(char *));
        P->set_index = flint_malloc(sizeof(slong));
        if (A->nundecided == 0) {
            A->inst_nscored = flint_malloc(sizeof(slong));
            A->inst_cost0 = flint_malloc(sizeof(slong));
        }
    }
}

static int load_instances(ct_profile_reader *R, ct_profile_t P)
{
    ct_analysis_struct *A = &P->A;
    slong m, t, sum = 0;
    int bad = 0;
    if (_ct_profile_rd_count(R, "instances", &m, CT_PROFILE_MAX_COUNT))
        return -1;
    for (t = 0; t < m && !bad; t++) { /* A->ninst counts the lines read (names to free) */
        load_instances_grow(P, t);
        A->ninst = t + 1;
        bad = load_instance(R, P, t, &sum);
    }
    A->ninst = m; /* 0: an empty shard (more shards than instances) */
    if (bad) {
        A->ninst = t; /* (the names read so far) */
        load_instances_pack(P, t);
        return -1;
    }
    load_instances_pack(P, m);
    if (A->nundecided == 0 && sum != A->nscored)
        return _ct_profile_rd_fail(R, "%s",
                                   "the scored counts do not add up to `scored`");
    return 0;
}

static char *load_decimal(ct_profile_reader *R)
{
    size_t n;
    const char *t = ct_qparse_tok(&R->s, &n);
    char *v = t == NULL ? NULL : strndup(t, n);
    fmpq_t q;
    fmpq_init(q);
    if (v != NULL && ct_qparse_fmpq(q, v) != 0)
        free(v), v = NULL;
    fmpq_clear(q);
    if (v == NULL)
        _ct_profile_rd_fail(R, "%s", "missing or malformed decimal");
    return v;
}

/* "b CHANGES JUMP APPROX LO HI CERTIFICATE" */
static int load_breakpoint(ct_profile_reader *R, ct_analysis_t A, slong b)
{
    slong ch, jump;
    if (_ct_profile_rd_line(R, "b"))
        return -1;
    if (ct_qparse_tok_slong(&ch, &R->s) || ct_qparse_tok_slong(&jump, &R->s) || ch < 1 ||
        jump < 0 || jump > 1)
        return _ct_profile_rd_fail(R, "%s", "bad changes or jump");
    A->changes[b] = ch;
    A->jump[b] = (int)jump;
    if ((A->approx[b] = load_decimal(R)) == NULL ||
        (A->lo_str[b] = load_decimal(R)) == NULL ||
        (A->hi_str[b] = load_decimal(R)) == NULL)
        return -1;
    if (ct_bpoint_read(A->bp + b, &R->s))
        return _ct_profile_rd_fail(R, "%s", "bad certificate");
    A->exact[b] = ct_analysis_exact_str(A->bp + b);
    return _ct_profile_rd_done(R);
}

static int load_breakpoints(ct_profile_reader *R, ct_analysis_t A)
{
    slong n;
    if (_ct_profile_rd_count(R, "breakpoints", &n, CT_PROFILE_MAX_COUNT))
        return -1;
    if (A->nundecided > 0) /* as the analyzer leaves it: nothing allocated */
        return n == 0
                   ? 0
                   : _ct_profile_rd_fail(R, "%s", "breakpoints in an undecided profile");
    ct_analysis_alloc_breakpoints(A, n);
    for (slong b = 0; b < n; b++)
        ct_bpoint_init(A->bp + b);
    int bad = 0;
    for (slong b = 0; b < n && !bad; b++)
        bad = load_breakpoint(R, A, b);
    ct_bpoint_read_release(); /* the certificates' reader caches */
    if (bad)
        return -1;
    return 0;
}

/* "e PLACE INST DELTA", places nondecreasing. */
static int load_events(ct_profile_reader *R, ct_analysis_t A)
{
    slong n, place, inst, delta, prev = 0;
    if (_ct_profile_rd_count(R, "events", &n, CT_PROFILE_MAX_COUNT))
        return -1;
    if (A->nundecided > 0)
        return n == 0 ? 0
                      : _ct_profile_rd_fail(R, "%s", "events in an undecided profile");
    A->nplaces = 2 * A->nbp + 1 + (A->closed ? 2 : 0);
    A->place_start = flint_calloc(A->nplaces + 1, sizeof(slong));
    A->ev_inst = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    A->ev_delta = flint_malloc(FLINT_MAX(n, 1) * sizeof(slong));
    for (slong e = 0; e < n; e++) {
        if (_ct_profile_rd_line(R, "e"))
            return -1;
        if (ct_qparse_tok_slong(&place, &R->s) || ct_qparse_tok_slong(&inst, &R->s) ||
            ct_qparse_tok_slong(&delta, &R->s) || place < prev || place >= A->nplaces ||
            inst < 0 || inst >= A->ninst || delta == 0)
            return _ct_profile_rd_fail(R, "%s", "bad event (place, instance or change)");
        A->place_start[place + 1]++;
        A->ev_inst[e] = inst;
        A->ev_delta[e] = delta;
        prev = place;
        if (_ct_profile_rd_done(R))
            return -1;
    }
    for (slong p = 0; p < A->nplaces; p++)
        A->place_start[p + 1] += A->place_start[p];
    return 0;
}

/* "t PLACE TIED HIDDEN", places increasing, the others 0 0. */
static int load_tied(ct_profile_reader *R, ct_analysis_t A)
{
    slong n, place, tied, hidden, prev = -1;
    if (_ct_profile_rd_count(R, "tied", &n, CT_PROFILE_MAX_COUNT))
        return -1;
    if (A->nundecided > 0)
        return n == 0 ? 0 : _ct_profile_rd_fail(R, "%s", "ties in an undecided profile");
    A->place_tied = flint_calloc(2 * A->nplaces, sizeof(slong));
    A->place_hidden = A->place_tied + A->nplaces;
    for (slong k = 0; k < n; k++) {
        if (_ct_profile_rd_line(R, "t"))
            return -1;
        if (ct_qparse_tok_slong(&place, &R->s) || ct_qparse_tok_slong(&tied, &R->s) ||
            ct_qparse_tok_slong(&hidden, &R->s) || place <= prev || place >= A->nplaces ||
            tied < 0 || tied > A->nscored || hidden < 0 || (tied == 0 && hidden == 0))
            return _ct_profile_rd_fail(R, "%s", "bad tie record (place or counts)");
        A->place_tied[place] = tied;
        A->place_hidden[place] = hidden;
        prev = place;
        if (_ct_profile_rd_done(R))
            return -1;
    }
    return 0;
}

/* "end DIGEST": the SHA-256 of every byte before this line. */
static int load_end(ct_profile_reader *R)
{
    if (_ct_profile_rd_line(R, "end"))
        return -1;
    size_t n;
    const char *hex = ct_qparse_tok(&R->s, &n);
    unsigned char want[CT_DIGEST_SIZE], got[CT_DIGEST_SIZE];
    if (hex == NULL || ct_digest_parse(want, hex, n))
        return _ct_profile_rd_fail(R, "%s", "bad digest (64 hex digits)");
    ct_digest_final(got, R->before);
    if (memcmp(want, got, CT_DIGEST_SIZE) != 0)
        return _ct_profile_rd_fail(R, "%s",
                                   "the digest does not match the lines above it (the "
                                   "file was changed after it was written)");
    if (_ct_profile_rd_done(R))
        return -1;
    R->line++;
    if (getline(&R->buf, &R->cap, R->f) >= 0)
        return _ct_profile_rd_fail(R, "%s", "text after `end`");
    return 0;
}

int ct_profile_read_stream(ct_profile_t P, FILE *f, const char *path, char *err,
                           size_t errlen)
{
    memset(P, 0, sizeof(*P));
    ct_analysis_init_empty(&P->A, 0, 0); /* the family is read from the file */
    ct_profile_reader R;
    memset(&R, 0, sizeof(R));
    R.f = f, R.path = path, R.s = "", R.err = err, R.errlen = errlen;
    ct_digest_init(R.D);
    int rc = load_head(&R, P) || load_shards(&R, P) || load_undecided(&R, &P->A) ||
             load_instances(&R, P) || load_breakpoints(&R, &P->A) ||
             load_events(&R, &P->A) || load_tied(&R, &P->A) || load_end(&R);
    if (rc == 0 && P->A.nundecided == 0 && P->A.ninst > 0) {
        rc = _ct_profile_losses(&P->A, err, errlen) ||
             _ct_profile_check_order(&P->A, err, errlen);
        if (rc) /* name the file: these checks span lines */
            _ct_profile_prefix(err, errlen, path);
        else
            ct_analysis_summarize(&P->A);
    }
    free(R.buf);
    return rc ? -1 : 0;
}

int ct_profile_read(ct_profile_t P, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        memset(P, 0, sizeof(*P));
        ct_analysis_init_empty(&P->A, 0, 0); /* the family is read from the file */
        snprintf(err, errlen, "%s: cannot open the profile", path);
        return -1;
    }
    int rc = ct_profile_read_stream(P, f, path, err, errlen);
    fclose(f);
    return rc;
}
