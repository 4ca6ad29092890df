/* Tests of graphin: the id escape both ways for every byte, the reader of
   `% id K NAME` lines (malformed lines are comments), and a graph with ids of
   every printable and blank byte read, written, loaded back as a .gssl and
   its ids read back unchanged. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "certune/graphin.h"
#include "certune/text.h"
#include "check.h"

/* Every byte 1..255 survives the escape, which has no blank or '%' left but
   its own. */
static void test_escape(void)
{
    char s[256], *buf = NULL;
    size_t len = 0;
    for (int b = 1; b < 256; b++)
        s[b - 1] = (char)b;
    s[255] = '\0';
    FILE *f = open_memstream(&buf, &len);
    ct_text_write_escaped(f, s);
    fclose(f);
    CHECK(strchr(buf, ' ') == NULL && strchr(buf, '\n') == NULL);
    char back[256], out[8];
    CHECK(ct_text_unescape(back, buf, len) == 255 && strcmp(back, s) == 0);
    free(buf);
    CHECK(ct_text_unescape(out, "a%2", 3) < 0);   /* cut short */
    CHECK(ct_text_unescape(out, "a%2g", 4) < 0);  /* not hex */
    CHECK(ct_text_unescape(out, "a%00b", 5) < 0); /* a NUL */
    CHECK(ct_text_unescape(out, "%2a", 3) < 0);   /* lower-case hex */
}

static void test_ids_parse(void)
{
    const char *text = "% id 2 b%20c\r\n"
                       "% id 1 a\n"
                       "% id 1 again\n" /* node 1 has one: a comment */
                       "% id 3 x y\n"   /* two tokens: a comment */
                       "% id 4 z\n"     /* past n: a comment */
                       "%  id 3 w\n"    /* not exactly the form */
                       "% id 03 q%ZZ\n" /* a bad escape */
                       "p gssl 3 1\n% id 3 last";
    char **ids = ct_graphin_ids_parse(text, strlen(text), 3);
    CHECK(ids != NULL);
    if (ids != NULL) {
        CHECK(strcmp(ids[0], "a") == 0);
        CHECK(strcmp(ids[1], "b c") == 0);
        CHECK(ids[2] != NULL && strcmp(ids[2], "last") == 0);
    }
    ct_graphin_ids_free(ids, 3);
    CHECK(ct_graphin_ids_parse("p gssl 2 1\n% id\n", 16, 2) == NULL);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
}

/* Ids with blanks inside, '%', tabs and bytes above 0x7f, from a
   comma-separated file; the written .gssl loads and gives them back. */
static void test_round_trip(void)
{
    char dir[] = "/tmp/t-graphin-XXXXXX", e[64], l[64], g[64], err[512];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(e, sizeof(e), "%s/e.csv", dir);
    snprintf(l, sizeof(l), "%s/l.csv", dir);
    snprintf(g, sizeof(g), "%s/g.gssl", dir);
    write_file(e, "100%,a b\tc,3/4\n\xc3\xa9t\xc3\xa9,100%,0.5\n");
    write_file(l, "100%,x\n\xc3\xa9t\xc3\xa9,y\n");
    ct_graphin_spec_struct S = {e, l, NULL, NULL, 0, 0};
    ct_graphin_t G;
    CHECK_MSG(ct_graphin_read(G, &S, g, err, sizeof(err)) == 0, "%s", err);
    CHECK(G->inst->n == 3 && G->inst->nedges == 2 && G->inst->c == 2);
    FILE *f = fopen(g, "w");
    CHECK(ct_graphin_write(f, G, &S) == 0);
    fclose(f);
    ct_instance_t I;
    CHECK_MSG(ct_instance_load(I, g, err, sizeof(err)) == 0, "%s", err);
    char **ids = ct_graphin_ids_load(g, I->n);
    CHECK(ids != NULL);
    for (slong i = 0; ids != NULL && i < I->n; i++)
        CHECK(ids[i] != NULL && strcmp(ids[i], G->id[i]) == 0);
    CHECK(ids != NULL && strcmp(ids[1], "a b\tc") == 0);
    ct_graphin_ids_free(ids, I->n);
    ct_instance_clear(I);
    ct_graphin_clear(G);
    unlink(e), unlink(l), unlink(g), rmdir(dir);
}

int main(void)
{
    test_escape();
    test_ids_parse();
    test_round_trip();
    flint_cleanup();
    return check_finish("t-graphin");
}
