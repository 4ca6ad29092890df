/* Tests of text: the one JSON string escaping (ct_text_json_string) on
   control bytes, quotes, backslashes, valid UTF-8 of every length, and bytes
   that are no part of valid UTF-8 (overlong forms, surrogates, truncated and
   stray continuation bytes); the message quoting of tokens. */
#define _GNU_SOURCE /* open_memstream */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "certune/text.h"

/* 1 when s escapes to want. */
static int json_is(const char *s, const char *want)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    int rc = ct_text_json_string(f, s);
    fclose(f);
    int ok = rc == 0 && strcmp(buf, want) == 0;
    if (!ok)
        fprintf(stderr, "escaped to %s, want %s\n", buf, want);
    free(buf);
    return ok;
}

int main(void)
{
    char show[CT_TEXT_SHOW_LEN + 4];

    CHECK(json_is("", "\"\""));
    CHECK(json_is("plain.gssl", "\"plain.gssl\""));
    CHECK(json_is("a\nb\tc\rd\be\ff", "\"a\\nb\\tc\\rd\\be\\ff\""));
    CHECK(json_is("\x01\x1f\x7f", "\"\\u0001\\u001f\x7f\""));
    CHECK(json_is("say \"hi\" \\o/", "\"say \\\"hi\\\" \\\\o/\""));
    CHECK(json_is("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
                  "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\""));
    CHECK(json_is("e\xff"
                  "f",
                  "\"e\\ufffdf\""));                             /* never UTF-8 */
    CHECK(json_is("\xc0\xaf", "\"\\ufffd\\ufffd\""));            /* overlong '/' */
    CHECK(json_is("\xe0\x80\xaf", "\"\\ufffd\\ufffd\\ufffd\"")); /* overlong */
    CHECK(json_is("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"")); /* a surrogate */
    CHECK(
        json_is("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"")); /* > U+10FFFF */
    CHECK(json_is("\xe2\x82", "\"\\ufffd\\ufffd\""));   /* cut short at the end */
    CHECK(json_is("\xe2\x82x", "\"\\ufffd\\ufffdx\"")); /* cut short */
    CHECK(json_is("\x80x", "\"\\ufffdx\""));            /* a stray continuation */
    CHECK(strcmp(ct_text_show_token(show, "a\nb"), "a?b") == 0);
    return check_finish("t-text");
}
