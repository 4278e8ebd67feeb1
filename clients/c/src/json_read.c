/* Just enough JSON to check a game's fields and to read the daemon's replies and notifications:
 * values are skipped over, members found by name, strings decoded. No allocation. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

const char *json_skip_space(const char *p, const char *end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++;
    return p;
}

static const char *skip_string(const char *p, const char *end) {
    p++;
    while (p < end) {
        unsigned char c = (unsigned char)*p;
        if (c == '"') return p + 1;
        if (c < 0x20) return NULL;
        if (c == '\\') {
            if (++p >= end) return NULL;
            if (*p == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (p + i >= end || !strchr("0123456789abcdefABCDEF", p[i]) || p[i] == 0) return NULL;
                p += 4;
            } else if (!strchr("\"\\/bfnrt", *p) || *p == 0) {
                return NULL;
            }
        }
        p++;
    }
    return NULL;
}

static const char *skip_number(const char *p, const char *end) {
    const char *start = p;
    if (p < end && *p == '-') p++;
    if (p >= end || *p < '0' || *p > '9') return NULL;
    if (*p == '0') p++;
    else while (p < end && *p >= '0' && *p <= '9') p++;
    if (p < end && *p == '.') {
        p++;
        if (p >= end || *p < '0' || *p > '9') return NULL;
        while (p < end && *p >= '0' && *p <= '9') p++;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < end && (*p == '+' || *p == '-')) p++;
        if (p >= end || *p < '0' || *p > '9') return NULL;
        while (p < end && *p >= '0' && *p <= '9') p++;
    }
    return p > start ? p : NULL;
}

static const char *skip_word(const char *p, const char *end, const char *word) {
    size_t length = strlen(word);
    return (size_t)(end - p) >= length && memcmp(p, word, length) == 0 ? p + length : NULL;
}

/* The end of the value at p (after leading space), or NULL if it is not one. */
const char *json_skip_value(const char *p, const char *end, int depth) {
    p = json_skip_space(p, end);
    if (p >= end || depth > 64) return NULL;
    switch (*p) {
    case '"': return skip_string(p, end);
    case 't': return skip_word(p, end, "true");
    case 'f': return skip_word(p, end, "false");
    case 'n': return skip_word(p, end, "null");
    case '{':
    case '[': {
        char close = *p == '{' ? '}' : ']';
        bool object = *p == '{';
        p = json_skip_space(p + 1, end);
        if (p < end && *p == close) return p + 1;
        for (;;) {
            if (object) {
                p = json_skip_space(p, end);
                if (p >= end || *p != '"' || (p = skip_string(p, end)) == NULL) return NULL;
                p = json_skip_space(p, end);
                if (p >= end || *p++ != ':') return NULL;
            }
            if ((p = json_skip_value(p, end, depth + 1)) == NULL) return NULL;
            p = json_skip_space(p, end);
            if (p >= end) return NULL;
            if (*p == close) return p + 1;
            if (*p++ != ',') return NULL;
        }
    }
    default: return skip_number(p, end);
    }
}

bool json_is_object(const char *text, size_t length) {
    const char *end = text + length;
    const char *start = json_skip_space(text, end);
    if (start >= end || *start != '{') return false;
    const char *after = json_skip_value(start, end, 0);
    return after != NULL && json_skip_space(after, end) == end;
}

/* Finds the member `key` (spelled without escapes) of the object at `object`. */
bool json_member(const char *object, const char *end, const char *key, const char **value, const char **value_end) {
    size_t key_length = strlen(key);
    const char *p = json_skip_space(object, end);
    if (p >= end || *p != '{') return false;
    p++;
    for (;;) {
        p = json_skip_space(p, end);
        if (p >= end || *p != '"') return false;
        const char *name = p + 1;
        const char *after = skip_string(p, end);
        if (after == NULL) return false;
        bool match = (size_t)(after - 1 - name) == key_length && memcmp(name, key, key_length) == 0;
        p = json_skip_space(after, end);
        if (p >= end || *p++ != ':') return false;
        const char *start = json_skip_space(p, end);
        const char *stop = json_skip_value(start, end, 1);
        if (stop == NULL) return false;
        if (match) { *value = start; *value_end = stop; return true; }
        p = json_skip_space(stop, end);
        if (p >= end || *p++ != ',') return false;
    }
}

static size_t put_utf8(char *out, uint32_t c) {
    if (c < 0x80) { out[0] = (char)c; return 1; }
    if (c < 0x800) { out[0] = (char)(0xC0 | (c >> 6)); out[1] = (char)(0x80 | (c & 0x3F)); return 2; }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | (c >> 12)); out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F)); return 3;
    }
    out[0] = (char)(0xF0 | (c >> 18)); out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3F)); out[3] = (char)(0x80 | (c & 0x3F)); return 4;
}

static uint32_t hex4(const char *p) {
    char digits[5] = {p[0], p[1], p[2], p[3], 0};
    return (uint32_t)strtoul(digits, NULL, 16);
}

/* Decodes the string value into out (NUL-ended, cut at a character); returns its length. A value
 * that is not a string gives "". */
size_t json_string(const char *value, const char *value_end, char *out, size_t capacity) {
    size_t length = 0;
    if (capacity == 0) return 0;
    out[0] = '\0';
    if (value >= value_end || *value != '"') return 0;
    for (const char *p = value + 1; p < value_end - 1; p++) {
        char piece[4];
        size_t size = 1;
        piece[0] = *p;
        if (*p == '\\') {
            p++;
            switch (*p) {
            case 'n': piece[0] = '\n'; break;
            case 't': piece[0] = '\t'; break;
            case 'r': piece[0] = '\r'; break;
            case 'b': piece[0] = '\b'; break;
            case 'f': piece[0] = '\f'; break;
            case 'u': {
                uint32_t c = hex4(p + 1);
                p += 4;
                if (c >= 0xD800 && c <= 0xDBFF && p + 6 < value_end && p[1] == '\\' && p[2] == 'u') {
                    uint32_t low = hex4(p + 3);
                    if (low >= 0xDC00 && low <= 0xDFFF) { c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00); p += 6; }
                }
                if (c == 0 || (c >= 0xD800 && c <= 0xDFFF)) c = 0xFFFD;
                size = put_utf8(piece, c);
                break;
            }
            default: piece[0] = *p; break;
            }
        }
        if (length + size >= capacity) break;
        memcpy(out + length, piece, size);
        length += size;
    }
    length = utf8_cut(out, length, length);
    out[length] = '\0';
    return length;
}

/* The daemon's ids are strings of digits; 0 when absent or not one. */
uint64_t json_id(const char *value, const char *value_end) {
    uint64_t id = 0;
    const char *p = value < value_end && *value == '"' ? value + 1 : value;
    for (; p < value_end && *p >= '0' && *p <= '9'; p++) id = id * 10 + (uint64_t)(*p - '0');
    return id;
}

/* A number the daemon wrote (t_ms, position), read without the locale: digits, '.', digits. */
double json_number(const char *value, const char *value_end) {
    double whole = 0, scale = 1;
    bool negative = value < value_end && *value == '-', fraction = false;
    for (const char *p = value + negative; p < value_end; p++) {
        if (*p == '.' && !fraction) { fraction = true; continue; }
        if (*p < '0' || *p > '9') break;
        whole = whole * 10 + (*p - '0');
        if (fraction) scale *= 10;
    }
    return (negative ? -whole : whole) / scale;
}

bool json_true(const char *value, const char *value_end) {
    return value_end - value == 4 && memcmp(value, "true", 4) == 0;
}
