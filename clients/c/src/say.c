/* narrator_say: checks everything the daemon would refuse that can be known here, builds the line,
 * and queues it with its id (narrator_cancel names it by the daemon's id once the reply gives it). */
#include "internal.h"

#include <math.h> /* isfinite: a macro, no libm */
#include <stdlib.h>
#include <string.h>

/* Words of letters, digits, '_' and '-' (and any non-ASCII, which the daemon judges), joined by single dots. */
static bool scope_valid(const char *scope) {
    size_t length = strlen(scope);
    if (length == 0 || length > 1024 || !utf8_valid(scope, length)) return false;
    bool word = false;
    for (const char *p = scope; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '.') {
            if (!word) return false;
            word = false;
        } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'
                   || c >= 0x80) {
            word = true;
        } else {
            return false;
        }
    }
    return word;
}

/* pan with three decimals, without printf (the locale's decimal point). */
static void append_pan(line_buffer *line, float pan) {
    long thousandths = (long)(pan * 1000.0f + (pan < 0 ? -0.5f : 0.5f));
    if (thousandths < 0) { line_append(line, "-", 1); thousandths = -thousandths; }
    line_append_int(line, thousandths / 1000);
    char fraction[5] = {'.', (char)('0' + thousandths % 1000 / 100), (char)('0' + thousandths % 100 / 10),
                        (char)('0' + thousandths % 10), 0};
    line_append_text(line, fraction);
}

static narrator_error check_speech(const narrator_speech *speech) {
    if (speech->priority != NARRATOR_PRIORITY_DEFAULT && speech->priority != NARRATOR_PRIORITY_HIGH
        && speech->priority != NARRATOR_PRIORITY_LOW)
        return NARRATOR_E_INVALID_ARGUMENT;
    if (speech->flags & ~(NARRATOR_INTERRUPT | NARRATOR_RESUME | NARRATOR_SSML)) return NARRATOR_E_INVALID_ARGUMENT;
    if (speech->scope != NULL && !scope_valid(speech->scope)) return NARRATOR_E_INVALID_ARGUMENT;
    if (speech->supersedes != NULL) {
        size_t length = strlen(speech->supersedes);
        if (length == 0 || length > 1024) return NARRATOR_E_INVALID_ARGUMENT;
        if (!utf8_valid(speech->supersedes, length)) return NARRATOR_E_INVALID_UTF8;
    }
    if (speech->expires_ms < -1) return NARRATOR_E_INVALID_ARGUMENT;
    if (!isfinite(speech->pan) || speech->pan < -1.0f || speech->pan > 1.0f) return NARRATOR_E_INVALID_ARGUMENT;
    return NARRATOR_OK;
}

narrator_error narrator_say(narrator *handle, const char *text, const narrator_speech *given, narrator_id *id) {
    if (id) *id = 0;
    if (handle == NULL || text == NULL) return NARRATOR_E_INVALID_ARGUMENT;
    narrator_speech speech;
    narrator_speech_init(&speech);
    if (given != NULL) {
        if (given->size < sizeof(size_t)) return NARRATOR_E_INVALID_ARGUMENT;
        memcpy(&speech, given, given->size < sizeof speech ? given->size : sizeof speech);
    }
    size_t length = strlen(text);
    if (length == 0) return NARRATOR_E_INVALID_ARGUMENT;
    if (length > NARRATOR_MAX_TEXT) return NARRATOR_E_TOO_LONG;
    if (!utf8_valid(text, length)) return NARRATOR_E_INVALID_UTF8;
    narrator_error error = check_speech(&speech);
    if (error != NARRATOR_OK) return error;

    narrator_id own = __atomic_add_fetch(&handle->next_id, 1, __ATOMIC_RELAXED);

    line_buffer line = {0};
    line_append_text(&line, "{\"type\":\"say\",\"text\":");
    line_append_string(&line, text);
    if (speech.priority != NARRATOR_PRIORITY_DEFAULT)
        line_append_text(&line, speech.priority == NARRATOR_PRIORITY_HIGH ? ",\"priority\":\"high\"" : ",\"priority\":\"low\"");
    if (speech.supersedes) { line_append_text(&line, ",\"supersedes\":"); line_append_string(&line, speech.supersedes); }
    if (speech.expires_ms >= 0) { line_append_text(&line, ",\"expires_ms\":"); line_append_int(&line, speech.expires_ms); }
    if (speech.flags & NARRATOR_RESUME) line_append_text(&line, ",\"resume\":true");
    if (speech.scope) { line_append_text(&line, ",\"scope\":"); line_append_string(&line, speech.scope); }
    if (speech.flags & NARRATOR_SSML) line_append_text(&line, ",\"ssml\":true");
    if (speech.pan != 0.0f) { line_append_text(&line, ",\"pan\":"); append_pan(&line, speech.pan); }
    line_append_text(&line, "}");
    if (line.failed) { free(line.data); return NARRATOR_E_NO_MEMORY; }
    if (line.length > NARRATOR_MAX_LINE) { free(line.data); return NARRATOR_E_TOO_LONG; }

    request *item = request_new(KIND_SAY, &line);
    free(line.data);
    if (item == NULL) return NARRATOR_E_NO_MEMORY;
    item->id = own;

    return submit(handle, item, (speech.flags & NARRATOR_INTERRUPT) != 0, KIND_SAY, id);
}
