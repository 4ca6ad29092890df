/* instance: reading, validating and writing .gssl files (docs/formats.md). */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <flint/flint.h>
#include <flint/fmpz.h>
#include <flint/fmpq.h>
#include "certune/base.h"
#include "certune/digest.h"
#include "certune/instance.h"
#include "certune/qparse.h"
#include "certune/text.h"
#include "instance_internal.h"

/* Open-addressing set of node pairs, each with the line it came from, so a
   repeated pair is caught at once and the message can point at the first. */
typedef struct {
    uint64_t *key; /* (u << 32 | v) + 1 with u < v; 0 marks an empty slot */
    slong *line;
    size_t cap, count;
} pairset_struct;

typedef struct {
    ct_instance_struct *inst;
    const char *name;
    char *err;
    size_t errlen;
    slong line;        /* current line, 1-based */
    slong header_line; /* 0 until the header is read */
    char *buf;         /* copy of the current line, split into tokens */
    size_t bufcap;
    char **tok;
    size_t ntok, tokcap;
    size_t ecap; /* room in inst->eu, ev, ew */
    pairset_struct pairs;
    unsigned char *fseen; /* per node: has an `f` record */
    double *fval;         /* feature rows in file order */
    size_t fvalcap;
    slong *fnode; /* node of each row */
    size_t nf, fnodecap;
    slong fline; /* line of the first `f` record */
    fmpq_t w;
} parse_struct;

static void instance_zero(ct_instance_t inst)
{
    inst->path = NULL;
    inst->n = inst->c = inst->nedges = inst->dfeat = 0;
    inst->eu = inst->ev = inst->label = inst->held = NULL;
    inst->ew = NULL;
    inst->feat = NULL;
}

void ct_instance_clear(ct_instance_t inst)
{
    slong i;

    for (i = 0; i < inst->nedges; i++)
        fmpq_clear(inst->ew + i);
    flint_free(inst->ew);
    flint_free(inst->eu);
    flint_free(inst->ev);
    flint_free(inst->label);
    flint_free(inst->held);
    flint_free(inst->feat);
    flint_free(inst->path);
    /* A second clear, or a clear after a failed load, is then harmless. */
    instance_zero(inst);
}

static void *instance_grow(void *p, size_t *cap, size_t need, size_t size)
{
    size_t c = *cap ? *cap : 16;

    if (need <= *cap)
        return p;
    while (c < need)
        c *= 2;
    *cap = c;
    return flint_realloc(p, c * size);
}

/* Writes "name:line: message" (or "name: message" when line is 0). */
static void instance_error(parse_struct *P, slong line, const char *fmt, ...)
{
    char msg[CERTUNE_ERRLEN];
    va_list ap;

    if (P->err == NULL || P->errlen == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (line > 0)
        snprintf(P->err, P->errlen, "%s:%ld: %s", P->name, (long)line, msg);
    else
        snprintf(P->err, P->errlen, "%s: %s", P->name, msg);
}

static size_t pairset_slot(const pairset_struct *S, uint64_t key)
{
    size_t i = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 20) & (S->cap - 1);

    while (S->key[i] != 0 && S->key[i] != key)
        i = (i + 1) & (S->cap - 1);
    return i;
}

static void pairset_rehash(pairset_struct *S, size_t cap)
{
    pairset_struct T;
    size_t i, j;

    T.cap = cap;
    T.count = S->count;
    T.key = flint_calloc(cap, sizeof(uint64_t));
    T.line = flint_malloc(cap * sizeof(slong));
    for (i = 0; i < S->cap; i++) {
        if (S->key[i] == 0)
            continue;
        j = pairset_slot(&T, S->key[i]);
        T.key[j] = S->key[i];
        T.line[j] = S->line[i];
    }
    flint_free(S->key);
    flint_free(S->line);
    *S = T;
}

/* Adds the pair {u, v} seen on line; returns 0, or the line that had it. */
static slong pairset_insert(pairset_struct *S, slong u, slong v, slong line)
{
    uint64_t key;
    size_t i;

    if (u > v) {
        slong t = u;
        u = v;
        v = t;
    }
    key = (((uint64_t)u << 32) | (uint64_t)v) + 1;
    if (2 * (S->count + 1) > S->cap)
        pairset_rehash(S, S->cap ? 2 * S->cap : 64);
    i = pairset_slot(S, key);
    if (S->key[i] != 0)
        return S->line[i];
    S->key[i] = key;
    S->line[i] = line;
    S->count++;
    return 0;
}

/* Digits of a/b as written, sign and slash aside (an upper bound by one or
   two, which is all the bounds need). */
size_t ct_instance_fmpq_digits(const fmpq_t x)
{
    return fmpz_sizeinbase(fmpq_numref(x), 10) + fmpz_sizeinbase(fmpq_denref(x), 10);
}

/* Splits the line (len bytes, no newline) into P->tok; spaces and tabs
   separate tokens. */
static void instance_tokenize(parse_struct *P, const char *line, size_t len)
{
    char *s;

    P->buf = instance_grow(P->buf, &P->bufcap, len + 1, 1);
    s = P->buf;
    memcpy(s, line, len);
    s[len] = '\0';
    P->ntok = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == '\0')
            break;
        P->tok = instance_grow(P->tok, &P->tokcap, P->ntok + 1, sizeof(char *));
        P->tok[P->ntok++] = s;
        while (*s != '\0' && *s != ' ' && *s != '\t')
            s++;
        if (*s != '\0')
            *s++ = '\0';
    }
}

/* Reads t as an unsigned decimal integer in lo..hi: returns 0, -1 if it is not
   all digits, -2 if it is out of range. */
static int instance_get_int(slong *x, const char *t, slong lo, slong hi)
{
    slong v = 0;
    int big = 0;

    if (*t == '\0')
        return -1;
    for (; *t != '\0'; t++) {
        if (*t < '0' || *t > '9')
            return -1;
        /* Keep scanning after an overflow: junk later on is still "malformed". */
        if (!big)
            v = 10 * v + (*t - '0');
        if (v > hi)
            big = 1;
    }
    if (big || v < lo)
        return -2;
    *x = v;
    return 0;
}

/* Reads a 1-based node id into v, 0-based. */
static int instance_get_node(parse_struct *P, slong *v, const char *t)
{
    char show[CT_TEXT_SHOW_LEN + 4];
    int r = instance_get_int(v, t, 1, P->inst->n);

    if (r == -1)
        instance_error(P, P->line, "malformed node id '%s'", ct_text_show_token(show, t));
    else if (r == -2)
        instance_error(P, P->line, "node id '%s' out of range 1..%ld",
                       ct_text_show_token(show, t), (long)P->inst->n);
    if (r != 0)
        return -1;
    (*v)--;
    return 0;
}

/* The common checks on field counts: exactly nfields, or at least nfields
   when at_least, where the first field is the record letter. */
static int instance_check_fields(parse_struct *P, size_t nfields, int at_least,
                                 const char *form)
{
    char show[CT_TEXT_SHOW_LEN + 4];

    if (P->ntok < nfields) {
        instance_error(P, P->line, "too few fields for '%s'", form);
        return -1;
    }
    if (!at_least && P->ntok > nfields) {
        instance_error(P, P->line, "trailing token '%s' after '%s'",
                       ct_text_show_token(show, P->tok[nfields]), form);
        return -1;
    }
    return 0;
}

static int instance_read_header(parse_struct *P)
{
    char show[CT_TEXT_SHOW_LEN + 4];
    ct_instance_struct *inst = P->inst;
    slong i;
    int r;

    if (P->header_line != 0) {
        instance_error(P, P->line, "second header (the first is on line %ld)",
                       (long)P->header_line);
        return -1;
    }
    if (instance_check_fields(P, 4, 0, "p gssl n c") != 0)
        return -1;
    if (strcmp(P->tok[1], "gssl") != 0) {
        instance_error(P, P->line, "unknown format '%s' in header (expected 'gssl')",
                       ct_text_show_token(show, P->tok[1]));
        return -1;
    }
    r = instance_get_int(&inst->n, P->tok[2], 1, CT_INSTANCE_MAX_NODES);
    if (r != 0) {
        instance_error(P, P->line, "%s node count '%s' (expected 1..%d)",
                       r == -1 ? "malformed" : "out-of-range",
                       ct_text_show_token(show, P->tok[2]), CT_INSTANCE_MAX_NODES);
        return -1;
    }
    r = instance_get_int(&inst->c, P->tok[3], 1, CT_INSTANCE_MAX_CLASSES);
    if (r != 0) {
        instance_error(P, P->line, "%s class count '%s' (expected 1..%d)",
                       r == -1 ? "malformed" : "out-of-range",
                       ct_text_show_token(show, P->tok[3]), CT_INSTANCE_MAX_CLASSES);
        return -1;
    }
    P->header_line = P->line;
    inst->label = flint_malloc(inst->n * sizeof(slong));
    inst->held = flint_malloc(inst->n * sizeof(slong));
    P->fseen = flint_calloc(inst->n, 1);
    for (i = 0; i < inst->n; i++)
        inst->label[i] = inst->held[i] = -1;
    return 0;
}

static int instance_read_edge(parse_struct *P)
{
    char show[CT_TEXT_SHOW_LEN + 4];
    ct_instance_struct *inst = P->inst;
    slong u, v, first;

    if (instance_check_fields(P, 4, 0, "e u v w") != 0)
        return -1;
    if (instance_get_node(P, &u, P->tok[1]) != 0 ||
        instance_get_node(P, &v, P->tok[2]) != 0)
        return -1;
    if (u == v) {
        instance_error(P, P->line, "self-loop on node %ld", (long)u + 1);
        return -1;
    }
    int r = ct_qparse_fmpq(P->w, P->tok[3]);
    if (r == CT_QPARSE_EXPONENT) {
        instance_error(P, P->line, "weight '%s' has an exponent beyond +-%d",
                       ct_text_show_token(show, P->tok[3]), CT_QPARSE_MAX_EXP);
        return -1;
    }
    if (r != 0) {
        instance_error(P, P->line, "malformed weight '%s'",
                       ct_text_show_token(show, P->tok[3]));
        return -1;
    }
    if (ct_instance_fmpq_digits(P->w) > CT_INSTANCE_MAX_WEIGHT_DIGITS) {
        instance_error(
            P, P->line, "weight '%s' has over %zu digits as a reduced fraction",
            ct_text_show_token(show, P->tok[3]), CT_INSTANCE_MAX_WEIGHT_DIGITS);
        return -1;
    }
    if (fmpq_sgn(P->w) < 0) {
        instance_error(P, P->line, "negative weight '%s'",
                       ct_text_show_token(show, P->tok[3]));
        return -1;
    }
    /* Zero-weight pairs enter the set too: writing a pair twice is a mistake
       whatever the weights. */
    first = pairset_insert(&P->pairs, u, v, P->line);
    if (first != 0) {
        instance_error(P, P->line, "repeated edge %ld-%ld (first on line %ld)",
                       (long)u + 1, (long)v + 1, (long)first);
        return -1;
    }
    if (fmpq_is_zero(P->w))
        return 0;
    if ((size_t)inst->nedges == P->ecap) {
        P->ecap = P->ecap ? 2 * P->ecap : 16;
        inst->eu = flint_realloc(inst->eu, P->ecap * sizeof(slong));
        inst->ev = flint_realloc(inst->ev, P->ecap * sizeof(slong));
        inst->ew = flint_realloc(inst->ew, P->ecap * sizeof(fmpq));
    }
    inst->eu[inst->nedges] = FLINT_MIN(u, v);
    inst->ev[inst->nedges] = FLINT_MAX(u, v);
    fmpq_init(inst->ew + inst->nedges);
    fmpq_swap(inst->ew + inst->nedges, P->w);
    inst->nedges++;
    return 0;
}

/* An `l` (given label) or `t` (held-out label) record. */
static int instance_read_class(parse_struct *P, char kind)
{
    char show[CT_TEXT_SHOW_LEN + 4];
    ct_instance_struct *inst = P->inst;
    slong v, k, *mine, *other;
    int r;

    if (instance_check_fields(P, 3, 0, kind == 'l' ? "l v k" : "t v k") != 0)
        return -1;
    if (instance_get_node(P, &v, P->tok[1]) != 0)
        return -1;
    r = instance_get_int(&k, P->tok[2], 0, inst->c - 1);
    if (r != 0) {
        instance_error(P, P->line, "%s class '%s' (expected 0..%ld)",
                       r == -1 ? "malformed" : "out-of-range",
                       ct_text_show_token(show, P->tok[2]), (long)inst->c - 1);
        return -1;
    }
    mine = kind == 'l' ? inst->label : inst->held;
    other = kind == 'l' ? inst->held : inst->label;
    if (mine[v] >= 0) {
        instance_error(P, P->line, "node %ld already has %s record", (long)v + 1,
                       kind == 'l' ? "an 'l'" : "a 't'");
        return -1;
    }
    if (other[v] >= 0) {
        instance_error(P, P->line, "node %ld is both labeled ('l') and held out ('t')",
                       (long)v + 1);
        return -1;
    }
    mine[v] = k;
    return 0;
}

/* Accepts only decimal spellings: strtod alone would also take "nan", "inf"
   and hex floats, which are no part of the format. */
static int instance_get_double(double *x, const char *t)
{
    char *end;

    if (t[strspn(t, "0123456789+-.eE")] != '\0')
        return -1;
    errno = 0;
    *x = strtod(t, &end);
    if (end == t || *end != '\0' || !isfinite(*x))
        return -1;
    return 0;
}

static int instance_read_feature(parse_struct *P)
{
    char show[CT_TEXT_SHOW_LEN + 4];
    ct_instance_struct *inst = P->inst;
    slong v, d, j;
    double *row;

    if (instance_check_fields(P, 3, 1, "f v x1 ... xd") != 0)
        return -1;
    if (instance_get_node(P, &v, P->tok[1]) != 0)
        return -1;
    if (P->fseen[v]) {
        instance_error(P, P->line, "node %ld already has an 'f' record", (long)v + 1);
        return -1;
    }
    d = (slong)P->ntok - 2;
    if (P->nf == 0) {
        inst->dfeat = d;
        P->fline = P->line;
    } else if (d != inst->dfeat) {
        instance_error(P, P->line,
                       "feature vector of length %ld, but the first one (line %ld) "
                       "has length %ld",
                       (long)d, (long)P->fline, (long)inst->dfeat);
        return -1;
    }
    P->fval = instance_grow(P->fval, &P->fvalcap, (P->nf + 1) * d, sizeof(double));
    row = P->fval + P->nf * d;
    for (j = 0; j < d; j++) {
        if (instance_get_double(row + j, P->tok[2 + j]) != 0) {
            instance_error(P, P->line, "malformed feature value '%s'",
                           ct_text_show_token(show, P->tok[2 + j]));
            return -1;
        }
    }
    P->fnode = instance_grow(P->fnode, &P->fnodecap, P->nf + 1, sizeof(slong));
    P->fnode[P->nf++] = v;
    P->fseen[v] = 1;
    return 0;
}

static int instance_read_record(parse_struct *P)
{
    char show[CT_TEXT_SHOW_LEN + 4];
    const char *t = P->tok[0];

    if (t[0] == '%' || t[0] == '#')
        return 0;
    if (t[1] != '\0' || strchr("peltf", t[0]) == NULL) {
        instance_error(P, P->line, "unknown record type '%s'",
                       ct_text_show_token(show, t));
        return -1;
    }
    if (t[0] == 'p')
        return instance_read_header(P);
    if (P->header_line == 0) {
        instance_error(P, P->line, "'%c' record before the header 'p gssl n c'", t[0]);
        return -1;
    }
    if (t[0] == 'e')
        return instance_read_edge(P);
    if (t[0] == 'f')
        return instance_read_feature(P);
    return instance_read_class(P, t[0]);
}

/* The checks that need the whole file, then features into node order. */
static int instance_finish(parse_struct *P)
{
    ct_instance_struct *inst = P->inst;
    size_t i, d = (size_t)inst->dfeat;

    if (P->header_line == 0) {
        instance_error(P, 0, "no header 'p gssl n c' (empty file?)");
        return -1;
    }
    if (P->nf == 0)
        return 0;
    if (P->nf < (size_t)inst->n) {
        instance_error(P, P->fline,
                       "'f' records for %ld of %ld nodes (features need all nodes "
                       "or none)",
                       (long)P->nf, (long)inst->n);
        return -1;
    }
    inst->feat = flint_malloc(P->nf * d * sizeof(double));
    for (i = 0; i < P->nf; i++)
        memcpy(inst->feat + P->fnode[i] * d, P->fval + i * d, d * sizeof(double));
    return 0;
}

static void parse_init(parse_struct *P, ct_instance_t inst, const char *name, char *err,
                       size_t errlen)
{
    memset(P, 0, sizeof *P);
    P->inst = inst;
    P->name = name;
    P->err = err;
    P->errlen = errlen;
    fmpq_init(P->w);
}

static void parse_clear(parse_struct *P)
{
    flint_free(P->buf);
    flint_free(P->tok);
    flint_free(P->pairs.key);
    flint_free(P->pairs.line);
    flint_free(P->fseen);
    flint_free(P->fval);
    flint_free(P->fnode);
    fmpq_clear(P->w);
}

/* One line (len bytes, no newline, a CR before it dropped by the caller). */
static int instance_line(parse_struct *P, const char *line, size_t ll)
{
    P->line++;
    if (ll > 0 && line[ll - 1] == '\r')
        ll--;
    if (ll > CT_INSTANCE_MAX_LINE) {
        instance_error(P, P->line, "line longer than %zu bytes", CT_INSTANCE_MAX_LINE);
        return -1;
    }
    /* A NUL would silently end the tokens early. */
    if (memchr(line, '\0', ll) != NULL) {
        instance_error(P, P->line, "NUL byte in line");
        return -1;
    }
    instance_tokenize(P, line, ll);
    if (P->ntok > 0 && instance_read_record(P) != 0)
        return -1;
    return 0;
}

static int instance_read_lines(parse_struct *P, const char *text, size_t len)
{
    size_t pos = 0, ll;
    const char *line, *nl;

    while (pos < len) {
        line = text + pos;
        nl = memchr(line, '\n', len - pos);
        ll = nl ? (size_t)(nl - line) : len - pos;
        pos += ll + (nl != NULL);
        if (instance_line(P, line, ll) != 0)
            return -1;
    }
    return 0;
}

int ct_instance_parse(ct_instance_t inst, const char *text, size_t len, const char *name,
                      char *err, size_t errlen)
{
    parse_struct P;
    int r;

    if (err != NULL && errlen > 0)
        err[0] = '\0';
    instance_zero(inst);
    if (name == NULL)
        name = "(input)";
    parse_init(&P, inst, name, err, errlen);
    r = instance_read_lines(&P, text, len);
    if (r == 0)
        r = instance_finish(&P);
    parse_clear(&P);
    if (r != 0) {
        ct_instance_clear(inst);
        return -1;
    }
    inst->path = ct_text_strdup(name);
    return 0;
}

/* Reads one line of f into *buf (without its newline); returns its length,
   -1 at the end of the file, or -2 for a line over the limit (its rest is left
   unread: an endless stream fails at once); *nl says whether a newline ended
   it. f belongs to the calling thread, so the byte reads skip stdio's lock
   (taken per call once threads exist). */
static long instance_getline(FILE *f, char **buf, size_t *cap, int *nl)
{
    size_t len = 0;
    int ch;

    while ((ch = getc_unlocked(f)) != EOF && ch != '\n') {
        if (len > CT_INSTANCE_MAX_LINE) /* one byte more: the CR a CRLF line may end in */
            return -2;
        *buf = instance_grow(*buf, cap, len + 1, 1);
        (*buf)[len++] = (char)ch;
    }
    *nl = ch == '\n';
    return (ch == EOF && len == 0) ? -1 : (long)len;
}

/* Parses f line by line, so an error is reported as soon as its line is read
   and memory stays linear in what was accepted; D (unless NULL) hashes the
   bytes read, so the file is read once for both. */
static int instance_read_stream(parse_struct *P, FILE *f, ct_digest_struct *D)
{
    char *buf = NULL;
    size_t cap = 0, total = 0;
    long ll;
    int r = 0, nl;

    while (r == 0 && (ll = instance_getline(f, &buf, &cap, &nl)) != -1) {
        total += ll < 0 ? 0 : (size_t)ll + 1;
        if (ll == -2) {
            instance_error(P, P->line + 1, "line longer than %zu bytes",
                           CT_INSTANCE_MAX_LINE);
            r = -1;
        } else if (total > CT_INSTANCE_MAX_FILE + 1) {
            instance_error(P, P->line + 1, "file larger than %zu bytes",
                           CT_INSTANCE_MAX_FILE);
            r = -1;
        } else {
            if (D != NULL) {
                ct_digest_update(D, buf, (size_t)ll);
                ct_digest_update(D, "\n", (size_t)nl);
            }
            r = instance_line(P, buf ? buf : "", (size_t)ll);
        }
    }
    if (r == 0 && ferror(f)) {
        instance_error(P, 0, "cannot read: %s", strerror(errno));
        r = -1;
    }
    flint_free(buf);
    return r;
}

int ct_instance_load(ct_instance_t inst, const char *path, char *err, size_t errlen)
{
    return ct_instance_load_digest(inst, NULL, path, err, errlen);
}

int ct_instance_load_digest(ct_instance_t inst, unsigned char *digest, const char *path,
                            char *err, size_t errlen)
{
    parse_struct P;
    int std = strcmp(path, "-") == 0, r;
    const char *name = std ? "(stdin)" : path;
    FILE *f = std ? stdin : fopen(path, "rb");
    ct_digest_t D;

    instance_zero(inst);
    if (err == NULL)
        errlen = 0;
    else if (errlen > 0)
        err[0] = '\0';
    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    ct_digest_init(D);
    parse_init(&P, inst, name, err, errlen);
    r = instance_read_stream(&P, f, digest != NULL ? D : NULL);
    if (r == 0)
        r = instance_finish(&P);
    parse_clear(&P);
    if (!std)
        fclose(f);
    if (r != 0) {
        ct_instance_clear(inst);
        return -1;
    }
    if (digest != NULL)
        ct_digest_final(digest, D);
    inst->path = ct_text_strdup(name);
    return 0;
}
