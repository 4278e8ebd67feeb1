/* json_test: src/json.c alone, on the edge cases the daemon and games can produce (N15).
 * Prints `check NAME ok|FAIL` per case; exit status 1 if any failed. Runs under Wine. */
#include "../src/bridge.h"
#include <stdio.h>
#include <string.h>

static int failed;
static void check(const char *name, int ok)
{
    printf("check %s %s\n", name, ok ? "ok" : "FAIL");
    failed |= !ok;
}

static int escapes_to(const wchar_t *in, const char *want, size_t want_utf8)
{
    char out[256];
    size_t utf8, n = nw_json_escape(NULL, in, &utf8);
    if (n >= sizeof out || nw_json_escape(out, in, NULL) != n)
        return 0;
    out[n] = 0;
    return strcmp(out, want) == 0 && utf8 == want_utf8;
}

static int field_is(const char *line, const char *key, const char *want)
{
    const char *v;
    size_t vl;
    return nw_json_field(line, strlen(line), key, &v, &vl) && vl == strlen(want) && !memcmp(v, want, vl);
}

static int string_is(const char *val, const char *want)
{
    char out[64];
    return nw_json_string(val, strlen(val), out, sizeof out) && strcmp(out, want) == 0;
}

int main(void)
{
    char small[4];
    check("ascii", escapes_to(L"Hello", "Hello", 5));
    check("quote_backslash", escapes_to(L"a\"b\\c", "a\\\"b\\\\c", 5));
    check("controls", escapes_to(L"\n\t\r\x01\x1f", "\\n\\t\\r\\u0001\\u001f", 5));
    check("two_and_three_bytes", escapes_to(L"\x00e9\x20ac", "\xc3\xa9\xe2\x82\xac", 5));
    check("pair_is_four_bytes", escapes_to(L"\xD83D\xDE00", "\xf0\x9f\x98\x80", 4));
    check("lone_high", escapes_to(L"a\xD800z", "a\xef\xbf\xbdz", 5));
    check("lone_low", escapes_to(L"a\xDC00z", "a\xef\xbf\xbdz", 5));
    check("high_at_end", escapes_to(L"a\xD800", "a\xef\xbf\xbd", 4));
    check("two_highs", escapes_to(L"\xD800\xD800\xDC00", "\xef\xbf\xbd\xf0\x90\x80\x80", 7));
    check("field_first", field_is("{\"ok\":true,\"id\":\"7\"}", "ok", "true"));
    check("field_after_nested", field_is("{\"a\":{\"id\":\"x\",\"b\":[1,{\"c\":\"}\"}]},\"id\":\"9\"}", "id", "\"9\""));
    check("field_not_nested", !field_is("{\"a\":{\"id\":\"x\"}}", "id", "\"x\""));
    check("field_escaped_quote", field_is("{\"text\":\"say \\\"id\\\":\\\"1\\\"\",\"id\":\"2\"}", "id", "\"2\""));
    check("field_number", field_is("{\"pid\":4242,\"x\":1}", "pid", "4242"));
    check("field_spaces", field_is("{ \"ok\" : false , \"error\" : {\"code\":\"limit\"} }", "ok", "false"));
    check("field_truncated", !field_is("{\"text\":\"never closed", "text", ""));
    check("field_not_object", !field_is("[\"ok\",true]", "ok", "true"));
    check("string_plain", string_is("\"m1\"", "m1"));
    check("string_escapes", string_is("\"a\\\"b\\\\c\\/d\\n\"", "a\"b\\c/d\n"));
    check("string_u_escape", string_is("\"\\u00e9\"", "\xc3\xa9"));
    check("string_u_pair", string_is("\"\\ud83d\\ude00\"", "\xf0\x9f\x98\x80"));
    check("string_u_lone", string_is("\"\\ud800x\"", "\xef\xbf\xbdx"));
    check("string_bad_hex", !string_is("\"\\u00zz\"", ""));
    check("string_too_long", !nw_json_string("\"abcdef\"", 8, small, sizeof small));
    check("string_not_string", !string_is("42", "42"));
    return failed;
}
