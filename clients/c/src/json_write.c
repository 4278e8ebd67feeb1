/* Request lines are written by hand, never with printf: a game's LC_NUMERIC must not turn 0.5 into
 * "0,5", and text is escaped so that no line break can end a line early. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

void line_append(line_buffer *buffer, const char *bytes, size_t length) {
    if (buffer->failed) return;
    if (buffer->length + length + 1 > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 256;
        while (capacity < buffer->length + length + 1) capacity *= 2;
        char *data = realloc(buffer->data, capacity);
        if (data == NULL) { buffer->failed = true; return; }
        buffer->data = data;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, bytes, length);
    buffer->length += length;
    buffer->data[buffer->length] = '\0';
}

void line_append_text(line_buffer *buffer, const char *text) { line_append(buffer, text, strlen(text)); }

void line_append_string(line_buffer *buffer, const char *text) {
    static const char hex[] = "0123456789abcdef";
    line_append(buffer, "\"", 1);
    const char *run = text;
    for (const char *p = text; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        line_append(buffer, run, (size_t)(p - run));
        char escape[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 0xF]};
        if (c == '"' || c == '\\') { escape[1] = (char)c; line_append(buffer, escape, 2); }
        else if (c == '\n') line_append(buffer, "\\n", 2);
        else if (c == '\t') line_append(buffer, "\\t", 2);
        else if (c == '\r') line_append(buffer, "\\r", 2);
        else line_append(buffer, escape, 6);
        run = p + 1;
    }
    line_append(buffer, run, strlen(run));
    line_append(buffer, "\"", 1);
}

void line_append_int(line_buffer *buffer, long long value) {
    char digits[24];
    size_t at = sizeof digits;
    unsigned long long magnitude = value < 0 ? 0ull - (unsigned long long)value : (unsigned long long)value;
    do { digits[--at] = (char)('0' + magnitude % 10); magnitude /= 10; } while (magnitude);
    if (value < 0) digits[--at] = '-';
    line_append(buffer, digits + at, sizeof digits - at);
}

/* The members of a JSON object already checked by json_is_object, after a comma; a line break
 * between its tokens (the only place a valid object can hold one) becomes a space. */
void line_append_fields(line_buffer *buffer, const char *object, size_t length) {
    const char *end = object + length;
    const char *open = json_skip_space(object, end);
    const char *close = end;
    while (close > open && *(close - 1) != '}') close--;
    const char *inner = json_skip_space(open + 1, close - 1);
    if (inner >= close - 1) return;
    line_append(buffer, ",", 1);
    for (const char *p = inner; p < close - 1; p++) {
        char c = (*p == '\n' || *p == '\r') ? ' ' : *p;
        line_append(buffer, &c, 1);
    }
}
