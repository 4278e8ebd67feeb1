/* JSON for the bridge: the game's UTF-16 text out, the daemon's fields in (rules N13, N14).
 *
 * Out: Windows strings are UTF-16 and may hold lone surrogates (a string cut in the middle
 * of a pair); the daemon refuses invalid UTF-8, so each lone surrogate becomes U+FFFD and
 * the rest of the line is still heard. Quotes, backslashes and control characters are
 * escaped; everything else goes as raw UTF-8, as the daemon writes it too.
 * In: the daemon's lines are objects with a fixed key order; the bridge needs a few
 * top-level fields (ok, event, id, mark, error, pid), so this walks one object's top level
 * and skips every value it does not need, nested ones included, without building a tree. */
#include "bridge.h"
#include <string.h>

static size_t put(char *out, size_t n, const char *s, size_t len)
{
    if (out)
        memcpy(out + n, s, len);
    return n + len;
}

size_t nw_json_escape(char *out, const wchar_t *s, size_t *utf8)
{
    static const char hex[] = "0123456789abcdef";
    size_t n = 0, raw = 0;
    for (; *s; s++) {
        unsigned long c = (unsigned short)*s;
        char b[6];
        size_t k = 0;
        if (c >= 0xD800 && c <= 0xDBFF && s[1] >= 0xDC00 && s[1] <= 0xDFFF) {
            c = 0x10000 + ((c - 0xD800) << 10) + ((unsigned short)s[1] - 0xDC00);
            s++;
        } else if (c >= 0xD800 && c <= 0xDFFF) {
            c = 0xFFFD; /* a lone half of a pair */
        }
        if (c == '"' || c == '\\') {
            b[0] = '\\', b[1] = (char)c, k = 2;
            raw += 1;
        } else if (c < 0x20) {
            b[0] = '\\', b[1] = 'u', b[2] = '0', b[3] = '0', b[4] = hex[c >> 4], b[5] = hex[c & 15];
            k = 6;
            if (c == '\n')
                b[1] = 'n', k = 2;
            else if (c == '\t')
                b[1] = 't', k = 2;
            else if (c == '\r')
                b[1] = 'r', k = 2;
            raw += 1;
        } else if (c < 0x80) {
            b[0] = (char)c, k = 1;
        } else if (c < 0x800) {
            b[0] = (char)(0xC0 | (c >> 6)), b[1] = (char)(0x80 | (c & 63)), k = 2;
        } else if (c < 0x10000) {
            b[0] = (char)(0xE0 | (c >> 12)), b[1] = (char)(0x80 | ((c >> 6) & 63));
            b[2] = (char)(0x80 | (c & 63)), k = 3;
        } else {
            b[0] = (char)(0xF0 | (c >> 18)), b[1] = (char)(0x80 | ((c >> 12) & 63));
            b[2] = (char)(0x80 | ((c >> 6) & 63)), b[3] = (char)(0x80 | (c & 63)), k = 4;
        }
        if (c >= 0x80 || (c >= 0x20 && c != '"' && c != '\\'))
            raw += k;
        n = put(out, n, b, k);
    }
    if (utf8)
        *utf8 = raw;
    return n;
}

static const char *skip_ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        p++;
    return p;
}

/* Past one string starting at its opening quote; NULL if unterminated. */
static const char *skip_string(const char *p, const char *end)
{
    for (p++; p < end; p++) {
        if (*p == '\\')
            p++;
        else if (*p == '"')
            return p + 1;
    }
    return NULL;
}

/* Past one value of any kind; NULL if the line ends first. */
static const char *skip_value(const char *p, const char *end)
{
    int depth = 0;
    p = skip_ws(p, end);
    do {
        if (p >= end)
            return NULL;
        if (*p == '"') {
            if (!(p = skip_string(p, end)))
                return NULL;
            continue;
        }
        if (*p == '{' || *p == '[')
            depth++;
        else if (*p == '}' || *p == ']')
            depth--;
        else if (depth == 0) { /* a number or literal: up to the next delimiter */
            while (p < end && *p != ',' && *p != '}' && *p != ']' && *p != ' ')
                p++;
            return p;
        }
        p++;
    } while (depth > 0);
    return p;
}

BOOL nw_json_field(const char *line, size_t len, const char *key, const char **val, size_t *vlen)
{
    const char *p = line, *end = line + len;
    size_t klen = strlen(key);
    p = skip_ws(p, end);
    if (p >= end || *p != '{')
        return FALSE;
    p++;
    for (;;) {
        const char *k, *kend, *v;
        p = skip_ws(p, end);
        if (p >= end || *p != '"')
            return FALSE;
        k = p + 1;
        if (!(kend = skip_string(p, end)))
            return FALSE;
        p = skip_ws(kend, end);
        if (p >= end || *p != ':')
            return FALSE;
        v = skip_ws(p + 1, end);
        if (!(p = skip_value(v, end)))
            return FALSE;
        if ((size_t)(kend - 1 - k) == klen && memcmp(k, key, klen) == 0) {
            *val = v;
            *vlen = (size_t)(p - v);
            return TRUE;
        }
        p = skip_ws(p, end);
        if (p >= end || *p != ',')
            return FALSE;
        p++;
    }
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static BOOL read_u16(const char *p, const char *end, unsigned long *u)
{
    int i;
    *u = 0;
    if (end - p < 4)
        return FALSE;
    for (i = 0; i < 4; i++) {
        int h = hexval(p[i]);
        if (h < 0)
            return FALSE;
        *u = (*u << 4) | (unsigned long)h;
    }
    return TRUE;
}

BOOL nw_json_string(const char *val, size_t vlen, char *out, size_t cap)
{
    const char *p = val, *end = val + vlen;
    size_t n = 0;
    if (vlen < 2 || *p != '"' || end[-1] != '"')
        return FALSE;
    for (p++, end--; p < end; p++) {
        unsigned long c = (unsigned char)*p;
        if (c == '\\' && ++p < end) {
            switch (*p) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'u':
                if (!read_u16(p + 1, end, &c))
                    return FALSE;
                p += 4;
                if (c >= 0xD800 && c <= 0xDBFF && end - p > 6 && p[1] == '\\' && p[2] == 'u') {
                    unsigned long lo;
                    if (read_u16(p + 3, end, &lo) && lo >= 0xDC00 && lo <= 0xDFFF) {
                        c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
                        p += 6;
                    }
                }
                if (c >= 0xD800 && c <= 0xDFFF)
                    c = 0xFFFD;
                break;
            default: c = (unsigned char)*p; break; /* \" \\ \/ */
            }
            if (n + 4 >= cap)
                return FALSE;
            if (c < 0x80) {
                out[n++] = (char)c;
            } else if (c < 0x800) {
                out[n++] = (char)(0xC0 | (c >> 6));
                out[n++] = (char)(0x80 | (c & 63));
            } else if (c < 0x10000) {
                out[n++] = (char)(0xE0 | (c >> 12));
                out[n++] = (char)(0x80 | ((c >> 6) & 63));
                out[n++] = (char)(0x80 | (c & 63));
            } else {
                out[n++] = (char)(0xF0 | (c >> 18));
                out[n++] = (char)(0x80 | ((c >> 12) & 63));
                out[n++] = (char)(0x80 | ((c >> 6) & 63));
                out[n++] = (char)(0x80 | (c & 63));
            }
            continue;
        }
        if (n + 1 >= cap)
            return FALSE;
        out[n++] = (char)c;
    }
    out[n] = 0;
    return TRUE;
}
