/* Tests of the .gssl reader and writer: the documented example, one bad input
   per rule (inline and as files in tests/bad/), tolerated layouts, round trips. */
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <flint/fmpq.h>
#include "certune/base.h"
#include "certune/instance.h"
#include "check.h"

/* The example of docs/formats.md, verbatim. */
static const char example_doc[] =
    "% Comment lines start with '%' or '#'; blank lines are ignored.\n"
    "% The first record is the header: n nodes, c classes.\n"
    "p gssl 6 2\n"
    "% Undirected edge between 1-based node ids u != v, with an exact weight > 0.\n"
    "e 1 2 1\n"
    "e 2 3 3/4\n"
    "e 3 4 0.125\n"
    "e 4 5 2.5e-1\n"
    "% A labeled node: its class (0-based, < c) is given to the algorithm.\n"
    "l 1 0\n"
    "l 5 1\n"
    "% A held-out label of an unlabeled node: used only to score the prediction.\n"
    "t 3 0\n"
    "t 4 1\n"
    "% Optional feature vector of a node (all nodes or none, same length d).\n"
    "f 1 0.5 0 1\n";

/* The other five feature records the example needs to be complete. */
static const char example_feat[] = "f 2 1 2 3\n"
                                   "f 6 -1.5e-3 +2 .5\n"
                                   "f 3 0 0 0\n"
                                   "f 5 5. 1e2 -0\n"
                                   "f 4 0.25 0.125 7\n";

static int instance_same(const ct_instance_t a, const ct_instance_t b)
{
    slong i;

    if (a->n != b->n || a->c != b->c || a->nedges != b->nedges || a->dfeat != b->dfeat)
        return 0;
    for (i = 0; i < a->nedges; i++)
        if (a->eu[i] != b->eu[i] || a->ev[i] != b->ev[i] ||
            !fmpq_equal(a->ew + i, b->ew + i))
            return 0;
    for (i = 0; i < a->n; i++)
        if (a->label[i] != b->label[i] || a->held[i] != b->held[i])
            return 0;
    for (i = 0; i < a->n * a->dfeat; i++)
        if (a->feat[i] != b->feat[i])
            return 0;
    return 1;
}

static int instance_is_cleared(const ct_instance_t inst)
{
    return inst->path == NULL && inst->n == 0 && inst->nedges == 0 && inst->eu == NULL &&
           inst->ev == NULL && inst->ew == NULL && inst->label == NULL &&
           inst->held == NULL && inst->feat == NULL && inst->dfeat == 0;
}

static int weight_is(const fmpq_t w, slong p, ulong q)
{
    fmpq_t x;
    int r;

    fmpq_init(x);
    fmpq_set_si(x, p, q);
    r = fmpq_equal(x, w);
    fmpq_clear(x);
    return r;
}

/* text (len bytes) must fail, naming line (0: the name alone) and containing
   what; inst must come back cleared. */
static void check_bad_len(const char *text, size_t len, slong line, const char *what)
{
    ct_instance_t inst;
    char err[CERTUNE_ERRLEN], prefix[64];
    int r;

    if (line > 0)
        snprintf(prefix, sizeof prefix, "bad.gssl:%ld: ", (long)line);
    else
        snprintf(prefix, sizeof prefix, "bad.gssl: ");
    r = ct_instance_parse(inst, text, len, "bad.gssl", err, sizeof err);
    CHECK_MSG(r == -1, "accepted: %s", text);
    if (r != 0) {
        CHECK_MSG(strncmp(err, prefix, strlen(prefix)) == 0, "want prefix '%s', got '%s'",
                  prefix, err);
        CHECK_MSG(strstr(err, what) != NULL, "want '%s' in '%s'", what, err);
        CHECK(instance_is_cleared(inst));
    } else {
        ct_instance_clear(inst);
    }
}

static void check_bad(const char *text, slong line, const char *what)
{
    check_bad_len(text, strlen(text), line, what);
}

static int parse_text(ct_instance_t inst, const char *text)
{
    char err[CERTUNE_ERRLEN];
    int r = ct_instance_parse(inst, text, strlen(text), "good.gssl", err, sizeof err);

    CHECK_MSG(r == 0, "rejected: %s", err);
    return r;
}

/* One case per rule; the files in tests/bad/ hold the same texts. */
static const struct {
    const char *text;
    slong line;
    const char *what;
} bad_cases[] = {
    {"", 0, "no header"},
    {"% nothing here\n\n", 0, "no header"},
    {"e 1 2 1\np gssl 3 2\n", 1, "before the header"},
    {"p gssl 3 2\ne 1 2 1\np gssl 3 2\n", 3, "second header (the first is on line 1)"},
    {"p gssl 3\n", 1, "too few fields"},
    {"p gssl 3 2 1\n", 1, "trailing token '1'"},
    {"p edge 3 2\n", 1, "unknown format 'edge'"},
    {"p gssl 0 2\n", 1, "node count '0'"},
    {"p gssl -3 2\n", 1, "malformed node count '-3'"},
    {"p gssl 3x 2\n", 1, "malformed node count '3x'"},
    {"p gssl 1000001 2\n", 1, "out-of-range node count"},
    {"p gssl 99999999999999999999999 2\n", 1, "out-of-range node count"},
    {"p gssl 3 0\n", 1, "class count '0'"},
    {"p gssl 3 2.0\n", 1, "malformed class count '2.0'"},
    {"p gssl 3 2\nx 1 2\n", 2, "unknown record type 'x'"},
    {"p gssl 3 2\nee 1 2 1\n", 2, "unknown record type 'ee'"},
    {"p gssl 3 2\nE 1 2 1\n", 2, "unknown record type 'E'"},
    {"p gssl 3 2\ne 1 2 1 % no\n", 2, "trailing token '%'"},
    {"p gssl 3 2\ne 1 2\n", 2, "too few fields"},
    {"p gssl 3 2\ne 1 2 1 1\n", 2, "trailing token"},
    {"p gssl 3 2\ne 0 1 1\n", 2, "node id '0' out of range"},
    {"p gssl 3 2\ne 1 4 1\n", 2, "node id '4' out of range"},
    {"p gssl 3 2\ne 1 99999999999999999999999 1\n", 2, "out of range"},
    {"p gssl 3 2\ne 1 2x 1\n", 2, "malformed node id '2x'"},
    {"p gssl 3 2\ne +1 2 1\n", 2, "malformed node id '+1'"},
    {"p gssl 3 2\ne 1.0 2 1\n", 2, "malformed node id '1.0'"},
    {"p gssl 3 2\ne 1 2 1\ne 2 2 1\n", 3, "self-loop on node 2"},
    {"p gssl 3 2\ne 3 3 0\n", 2, "self-loop"},
    {"p gssl 3 2\ne 1 2 1\ne 2 3 1\ne 1 2 1\n", 4, "repeated edge 1-2 (first on line 2)"},
    {"p gssl 3 2\ne 1 2 1\ne 2 1 1/2\n", 3, "repeated edge"},
    {"p gssl 3 2\ne 2 3 0\ne 3 2 1\n", 3, "first on line 2"},
    {"p gssl 3 2\ne 2 3 1\ne 3 2 0\n", 3, "repeated edge"},
    {"p gssl 3 2\ne 1 2 -1\n", 2, "negative weight '-1'"},
    {"p gssl 3 2\ne 1 2 -1/2\n", 2, "negative weight"},
    {"p gssl 3 2\ne 1 2 abc\n", 2, "malformed weight 'abc'"},
    {"p gssl 3 2\ne 1 2 1/0\n", 2, "malformed weight '1/0'"},
    {"p gssl 3 2\ne 1 2 1/-2\n", 2, "malformed weight '1/-2'"},
    {"p gssl 3 2\ne 1 2 1e\n", 2, "malformed weight '1e'"},
    {"p gssl 3 2\ne 1 2 1e100001\n", 2,
     "weight '1e100001' has an exponent beyond +-100000"},
    {"p gssl 3 2\ne 1 2 nan\n", 2, "malformed weight 'nan'"},
    {"p gssl 3 2\ne 1 2 0x10\n", 2, "malformed weight '0x10'"},
    {"p gssl 3 2\ne 1 2 1,5\n", 2, "malformed weight '1,5'"},
    {"p gssl 3 2\ne 1 2 --1\n", 2, "malformed weight '--1'"},
    {"p gssl 3 2\ne 1 2 1.2.3\n", 2, "malformed weight '1.2.3'"},
    {"p gssl 3 2\nl 1\n", 2, "too few fields"},
    {"p gssl 3 2\nl 1 0 0\n", 2, "trailing token"},
    {"p gssl 3 2\nl 1 2\n", 2, "out-of-range class '2' (expected 0..1)"},
    {"p gssl 3 2\nl 1 -1\n", 2, "malformed class '-1'"},
    {"p gssl 3 2\nl 1 a\n", 2, "malformed class 'a'"},
    {"p gssl 3 2\nl 4 0\n", 2, "node id '4' out of range"},
    {"p gssl 3 2\nl 1 0\nl 2 1\nl 1 0\n", 4, "node 1 already has an 'l' record"},
    {"p gssl 3 2\nt 1\n", 2, "too few fields"},
    {"p gssl 3 2\nt 3 5\n", 2, "out-of-range class '5'"},
    {"p gssl 3 2\nt 3 0\nt 3 1\n", 3, "node 3 already has a 't' record"},
    {"p gssl 3 2\nl 2 0\nt 2 0\n", 3, "both labeled"},
    {"p gssl 3 2\nt 2 1\nl 2 1\n", 3, "both labeled"},
    {"p gssl 3 2\nf 1\n", 2, "too few fields"},
    {"p gssl 3 2\nf 9 1\n", 2, "node id '9' out of range"},
    {"p gssl 3 2\nf 1 1 2\nf 2 1 2\nf 1 1 2\n", 4, "node 1 already has an 'f' record"},
    {"p gssl 3 2\nf 1 1 2\nf 2 1 2\nf 3 1\n", 4, "first one (line 2) has length 2"},
    {"p gssl 3 2\nf 1 1 x\n", 2, "malformed feature value 'x'"},
    {"p gssl 3 2\nf 1 nan\n", 2, "malformed feature value 'nan'"},
    {"p gssl 3 2\nf 1 inf\n", 2, "malformed feature value 'inf'"},
    {"p gssl 3 2\nf 1 1e999\n", 2, "malformed feature value '1e999'"},
    {"p gssl 3 2\nf 1 0x1p3\n", 2, "malformed feature value '0x1p3'"},
    {"p gssl 3 2\nf 1 1.5e\n", 2, "malformed feature value '1.5e'"},
    {"p gssl 3 2\ne 1 2 1\nf 2 0.5\nf 1 0.5\nl 1 0\n", 3, "'f' records for 2 of 3 nodes"},
    {"p gssl 3 2\ne 1 2 1\r5\n", 2, "malformed weight '1?5'"},
    /* The first error in the file is the one reported. */
    {"p gssl 3 2\ne 1 2 1\ne 2 1 1\ne 1 1 1\n", 3, "repeated edge"},
};

static void test_bad_inline(void)
{
    size_t i;

    for (i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++)
        check_bad(bad_cases[i].text, bad_cases[i].line, bad_cases[i].what);
}

/* The documented example is itself incomplete: one `f` record for six nodes. */
static void test_example_verbatim(void)
{
    check_bad(example_doc, 16, "'f' records for 1 of 6 nodes");
}

static void test_example(void)
{
    static const double feat[6][3] = {{0.5, 0, 1},      {1, 2, 3},   {0, 0, 0},
                                      {0.25, 0.125, 7}, {5, 100, 0}, {-1.5e-3, 2, .5}};
    static const slong label[6] = {0, -1, -1, -1, 1, -1},
                       held[6] = {-1, -1, 0, 1, -1, -1};
    char text[sizeof example_doc + sizeof example_feat];
    ct_instance_t inst;
    slong i, j;

    strcpy(text, example_doc);
    strcat(text, example_feat);
    if (parse_text(inst, text) != 0)
        return;
    CHECK(strcmp(inst->path, "good.gssl") == 0);
    CHECK(inst->n == 6 && inst->c == 2 && inst->nedges == 4 && inst->dfeat == 3);
    for (i = 0; i < 4; i++)
        CHECK(inst->eu[i] == i && inst->ev[i] == i + 1);
    CHECK(weight_is(inst->ew + 0, 1, 1));
    CHECK(weight_is(inst->ew + 1, 3, 4));
    CHECK(weight_is(inst->ew + 2, 1, 8));
    CHECK(weight_is(inst->ew + 3, 1, 4));
    for (i = 0; i < 6; i++) {
        CHECK(inst->label[i] == label[i]);
        CHECK(inst->held[i] == held[i]);
        for (j = 0; j < 3; j++)
            CHECK_MSG(inst->feat[3 * i + j] == feat[i][j], "feat[%ld][%ld]", (long)i,
                      (long)j);
    }
    ct_instance_clear(inst);
    CHECK(instance_is_cleared(inst));
    ct_instance_clear(inst); /* a second clear is harmless */
}

/* CRLF, tabs, indented comments, '#', blank lines, no final newline, zero
   weights, edges given as (larger, smaller), unreduced weights, c = 1. */
static void test_layout(void)
{
    ct_instance_t inst;

    if (parse_text(inst, "\r\n  # comment\r\n\t%comment\r\n \t \r\np\tgssl  4 1 \r\n"
                         "e 3 1 6/4\r\n\te\t2\t3\t0\r\ne 2 4 0.50\r\ne 4 3 -0\r\n"
                         "l 4 0\r\n\r\nt 2 0") != 0)
        return;
    CHECK(inst->n == 4 && inst->c == 1 && inst->nedges == 2 && inst->dfeat == 0);
    CHECK(inst->feat == NULL);
    CHECK(inst->eu[0] == 0 && inst->ev[0] == 2 && weight_is(inst->ew + 0, 3, 2));
    CHECK(inst->eu[1] == 1 && inst->ev[1] == 3 && weight_is(inst->ew + 1, 1, 2));
    CHECK(inst->label[3] == 0 && inst->held[1] == 0);
    CHECK(inst->label[0] == -1 && inst->held[0] == -1);
    ct_instance_clear(inst);

    /* The smallest instance: one node, one class, nothing else. */
    if (parse_text(inst, "p gssl 1 1") == 0) {
        CHECK(inst->n == 1 && inst->nedges == 0 && inst->label[0] == -1);
        ct_instance_clear(inst);
    }
    /* The largest node count allowed. */
    if (parse_text(inst, "p gssl 1000000 1000000\ne 1 1000000 1\nl 1000000 999999\n") ==
        0) {
        CHECK(inst->ev[0] == 999999 && inst->label[999999] == 999999);
        ct_instance_clear(inst);
    }
}

/* Things that cannot be small text files. */
static void test_bad_special(void)
{
    static const char nul[] = "p gssl 2 1\ne 1 2\0 1\n";
    size_t big = (size_t)2 << 20;
    char *s = malloc(big + 32);
    ct_instance_t inst;
    char err[CERTUNE_ERRLEN];

    check_bad_len(nul, sizeof nul - 1, 2, "NUL byte");
    check_bad_len("\0", 1, 1, "NUL byte");
    strcpy(s, "p gssl 1 1\n% ");
    memset(s + strlen(s), 'x', big);
    strcpy(s + big, "\n");
    check_bad(s, 2, "line longer than");
    free(s);

    /* A short error buffer is cut, not overrun; a missing one is allowed. */
    CHECK(ct_instance_parse(inst, "x", 1, "bad.gssl", err, 8) == -1);
    CHECK(strcmp(err, "bad.gss") == 0);
    CHECK(ct_instance_parse(inst, "x", 1, "bad.gssl", NULL, 0) == -1);
    CHECK(ct_instance_load(inst, "tests/no-such-file.gssl", NULL, 0) == -1);
    CHECK(instance_is_cleared(inst));
}

/* A long feature line is fine: the line limit is far above it. */
static void test_long_line(void)
{
    slong d = 50000, i;
    char *s = malloc(32 + 2 * d);
    char *p = s;
    ct_instance_t inst;

    p += sprintf(p, "p gssl 1 1\nf 1");
    for (i = 0; i < d; i++)
        p += sprintf(p, " %d", (int)(i % 10));
    if (parse_text(inst, s) == 0) {
        CHECK(inst->dfeat == d && inst->feat[d - 1] == 9 && inst->feat[10] == 0);
        ct_instance_clear(inst);
    }
    free(s);
}

static void test_load_errors(void)
{
    ct_instance_t inst;
    char err[CERTUNE_ERRLEN];

    CHECK(ct_instance_load(inst, "tests/no-such-file.gssl", err, sizeof err) == -1);
    CHECK_MSG(strcmp(err, "tests/no-such-file.gssl: cannot open: No such file or "
                          "directory") == 0,
              "%s", err);
    CHECK(instance_is_cleared(inst));
    CHECK(ct_instance_load(inst, "tests/bad", err, sizeof err) == -1);
    CHECK_MSG(strncmp(err, "tests/bad: cannot read: ", 24) == 0, "%s", err);
}

/* Writes inst to a temporary file and returns its name (caller unlinks). */
static int write_temp(char *name, const ct_instance_t inst)
{
    int fd, r;
    FILE *f;

    strcpy(name, "/tmp/t-instance-XXXXXX");
    fd = mkstemp(name);
    if (fd < 0)
        return -1;
    f = fdopen(fd, "w");
    if (f == NULL) {
        close(fd);
        return -1;
    }
    r = ct_instance_write(inst, f);
    return (fclose(f) == 0 && r == 0) ? 0 : -1;
}

static char *read_all(const char *name)
{
    FILE *f = fopen(name, "rb");
    char *s = NULL;
    long len;

    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 &&
        fseek(f, 0, SEEK_SET) == 0) {
        s = calloc(len + 1, 1);
        if (s != NULL && fread(s, 1, len, f) != (size_t)len) {
            free(s);
            s = NULL;
        }
    }
    fclose(f);
    return s;
}

static void check_round_trip(const char *text)
{
    ct_instance_t a, b, c;
    char na[32], nb[32], err[CERTUNE_ERRLEN];
    char *sa, *sb;

    if (parse_text(a, text) != 0)
        return;
    CHECK(write_temp(na, a) == 0);
    CHECK_MSG(ct_instance_load(b, na, err, sizeof err) == 0, "%s", err);
    CHECK(strcmp(b->path, na) == 0);
    CHECK(instance_same(a, b));
    /* Writing is a fixed point from then on. */
    CHECK(write_temp(nb, b) == 0);
    sa = read_all(na);
    sb = read_all(nb);
    CHECK(sa != NULL && sb != NULL && strcmp(sa, sb) == 0);
    CHECK(ct_instance_parse(c, sa, strlen(sa), "again", err, sizeof err) == 0);
    CHECK(instance_same(a, c));
    free(sa);
    free(sb);
    unlink(na);
    unlink(nb);
    ct_instance_clear(a);
    ct_instance_clear(b);
    ct_instance_clear(c);
}

/* Features are written in their shortest round-trip spelling. */
static void test_write_spelling(void)
{
    static const char text[] = "p gssl 2 2\ne 1 2 0.50\nl 1 1\nt 2 0\n"
                               "f 1 0.1 1e-4 100000 -0 4.9406564584124654e-324\n"
                               "f 2 0.30000000000000004 1e+300 -2.5 12345678 1E-5\n";
    static const char want[] = "p gssl 2 2\ne 1 2 1/2\nl 1 1\nt 2 0\n"
                               "f 1 0.1 1e-4 1e5 -0 5e-324\n"
                               "f 2 0.30000000000000004 1e300 -2.5 12345678 1e-5\n";
    ct_instance_t inst;
    char *out = NULL;
    size_t len = 0;
    FILE *f;

    if (parse_text(inst, text) != 0)
        return;
    f = open_memstream(&out, &len);
    CHECK(f != NULL);
    if (f != NULL) {
        CHECK(ct_instance_write(inst, f) == 0);
        fclose(f);
        CHECK_MSG(strcmp(out, want) == 0, "wrote:\n%s", out);
        free(out);
    }
    ct_instance_clear(inst);
}

/* ct_instance_write refuses lines the reader would refuse, rather than write a
   file that does not load. */
static void test_write_refuses(void)
{
    slong d = 100000, j;
    char *s = malloc(32 + 2 * d);
    char *p = s, *out = NULL;
    size_t len = 0;
    ct_instance_t inst;
    FILE *f;

    p += sprintf(p, "p gssl 1 1\nf 1");
    for (j = 0; j < d; j++)
        p += sprintf(p, " 0");
    if (parse_text(inst, s) == 0) {
        /* 1/3 needs 17 digits: 100000 of them make a line over 1 MiB. */
        for (j = 0; j < d; j++)
            inst->feat[j] = 1.0 / 3;
        f = open_memstream(&out, &len);
        CHECK(ct_instance_write(inst, f) == -1);
        fclose(f);
        free(out);
        inst->feat[0] = NAN;
        for (j = 1; j < d; j++)
            inst->feat[j] = 0;
        f = open_memstream(&out, &len);
        CHECK(ct_instance_write(inst, f) == -1);
        fclose(f);
        free(out);
        ct_instance_clear(inst);
    }
    free(s);
}

/* A weight whose reduced fraction would not fit on a written line. */
static void test_weight_too_long(void)
{
    size_t m = 500000;
    char *s = malloc(m + 64);
    char *p = s;

    p += sprintf(p, "p gssl 2 1\ne 1 2 0.");
    memset(p, '1', m);
    strcpy(p + m, "e-100000\n");
    check_bad(s, 2, "digits as a reduced fraction");
    free(s);
}

static void test_round_trip(void)
{
    char text[sizeof example_doc + sizeof example_feat];

    strcpy(text, example_doc);
    strcat(text, example_feat);
    check_round_trip(text);
    check_round_trip("p gssl 1 3\n");
    check_round_trip("p gssl 5 3\ne 5 1 123456789012345678901234567890/7\n"
                     "e 2 3 1e-30\ne 3 4 0\ne 1 2 10/5\nl 3 2\nt 4 1\n"
                     "f 1 0.1\nf 2 1e-300\nf 3 -1e300\nf 4 4.9406564584124654e-324\n"
                     "f 5 0.30000000000000004\n");
}

/* Every tests/bad/NAME.gssl starts with "% expect-line: N" (or "none" for a
   message naming the file alone) and "% expect-text: TEXT". */
static void check_bad_file(const char *dir, const char *file)
{
    char path[512], line1[256], line2[256], want[600], err[CERTUNE_ERRLEN];
    const char *text;
    ct_instance_t inst;
    FILE *f;
    long line = -1;
    int r;

    snprintf(path, sizeof path, "%s/%s", dir, file);
    f = fopen(path, "r");
    CHECK_MSG(f != NULL, "cannot open %s", path);
    if (f == NULL)
        return;
    r = fgets(line1, sizeof line1, f) != NULL && fgets(line2, sizeof line2, f) != NULL;
    fclose(f);
    CHECK_MSG(r, "%s: too short", path);
    if (!r)
        return;
    line1[strcspn(line1, "\r\n")] = '\0';
    line2[strcspn(line2, "\r\n")] = '\0';
    if (strcmp(line1, "% expect-line: none") == 0)
        line = 0;
    else if (sscanf(line1, "%% expect-line: %ld", &line) != 1 || line < 1)
        line = -1;
    CHECK_MSG(line >= 0, "%s: no '%% expect-line: N' first line", path);
    CHECK_MSG(strncmp(line2, "% expect-text: ", 15) == 0, "%s: no expect-text", path);
    if (line < 0 || strncmp(line2, "% expect-text: ", 15) != 0)
        return;
    text = line2 + 15;

    r = ct_instance_load(inst, path, err, sizeof err);
    CHECK_MSG(r == -1, "%s accepted", path);
    if (r == 0) {
        ct_instance_clear(inst);
        return;
    }
    if (line > 0)
        snprintf(want, sizeof want, "%s:%ld: ", path, line);
    else
        snprintf(want, sizeof want, "%s: ", path);
    CHECK_MSG(strncmp(err, want, strlen(want)) == 0, "want prefix '%s', got '%s'", want,
              err);
    CHECK_MSG(strstr(err, text) != NULL, "want '%s' in '%s'", text, err);
    CHECK(instance_is_cleared(inst));
}

static void test_bad_files(void)
{
    const char *dir = "tests/bad";
    DIR *d = opendir(dir);
    struct dirent *e;
    size_t len, count = 0;

    CHECK_MSG(d != NULL, "cannot open %s (run from the repository root)", dir);
    if (d == NULL)
        return;
    while ((e = readdir(d)) != NULL) {
        len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 5, ".gssl") != 0)
            continue;
        check_bad_file(dir, e->d_name);
        count++;
    }
    closedir(d);
    CHECK_MSG(count >= 60, "only %zu files in %s", count, dir);
}

int main(void)
{
    test_example_verbatim();
    test_example();
    test_layout();
    test_bad_inline();
    test_bad_special();
    test_long_line();
    test_load_errors();
    test_round_trip();
    test_write_spelling();
    test_write_refuses();
    test_weight_too_long();
    test_bad_files();
    flint_cleanup();
    return check_finish("t-instance");
}
