/* UTF-8 as the daemon takes it: no overlong forms, no surrogates, nothing past U+10FFFF, no NUL. */
#include "internal.h"

bool utf8_valid(const char *text, size_t length) {
    const unsigned char *p = (const unsigned char *)text;
    const unsigned char *end = p + length;
    while (p < end) {
        unsigned char c = *p;
        if (c == 0) return false;
        if (c < 0x80) { p++; continue; }
        size_t need;
        uint32_t value;
        if (c >= 0xC2 && c <= 0xDF) { need = 1; value = c & 0x1F; }
        else if (c >= 0xE0 && c <= 0xEF) { need = 2; value = c & 0x0F; }
        else if (c >= 0xF0 && c <= 0xF4) { need = 3; value = c & 0x07; }
        else return false;
        if ((size_t)(end - p) <= need) return false;
        for (size_t i = 1; i <= need; i++) {
            if ((p[i] & 0xC0) != 0x80) return false;
            value = (value << 6) | (p[i] & 0x3F);
        }
        if ((need == 2 && value < 0x800) || (need == 3 && value < 0x10000) || value > 0x10FFFF
            || (value >= 0xD800 && value <= 0xDFFF))
            return false;
        p += need + 1;
    }
    return true;
}

/* The longest prefix of text no longer than limit that does not end inside a character. */
size_t utf8_cut(const char *text, size_t length, size_t limit) {
    if (length <= limit) return length;
    size_t cut = limit;
    while (cut > 0 && ((unsigned char)text[cut] & 0xC0) == 0x80) cut--;
    return cut;
}
