/* narrator_send_event and narrator_play: a type or sound name and the caller's JSON object of fields,
 * checked here (valid UTF-8, one JSON object) so that nothing the game passes can break the line. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static narrator_error queue_fields(narrator *handle, request_kind kind, const char *first_member, const char *name,
                                   const char *fields, unsigned flags, narrator_id *id) {
    if (id) *id = 0;
    if (handle == NULL || name == NULL) return NARRATOR_E_INVALID_ARGUMENT;
    if (flags & ~NARRATOR_INTERRUPT) return NARRATOR_E_INVALID_ARGUMENT;
    size_t name_length = strlen(name);
    if (name_length == 0) return NARRATOR_E_INVALID_ARGUMENT;
    if (name_length > NARRATOR_MAX_LINE) return NARRATOR_E_TOO_LONG;
    if (!utf8_valid(name, name_length)) return NARRATOR_E_INVALID_UTF8;
    size_t fields_length = fields ? strlen(fields) : 0;
    if (fields_length > NARRATOR_MAX_LINE) return NARRATOR_E_TOO_LONG;
    if (fields && !utf8_valid(fields, fields_length)) return NARRATOR_E_INVALID_UTF8;
    if (fields && !json_is_object(fields, fields_length)) return NARRATOR_E_INVALID_ARGUMENT;

    line_buffer line = {0};
    line_append_text(&line, first_member);
    line_append_string(&line, name);
    if (fields) line_append_fields(&line, fields, fields_length);
    line_append_text(&line, "}");
    if (line.failed) { free(line.data); return NARRATOR_E_NO_MEMORY; }
    if (line.length > NARRATOR_MAX_LINE) { free(line.data); return NARRATOR_E_TOO_LONG; }
    request *item = request_new(kind, &line);
    free(line.data);
    if (item == NULL) return NARRATOR_E_NO_MEMORY;
    narrator_id own = __atomic_add_fetch(&handle->next_id, 1, __ATOMIC_RELAXED);
    item->id = own;

    return submit(handle, item, (flags & NARRATOR_INTERRUPT) != 0, kind, id);
}

narrator_error narrator_send_event(narrator *handle, const char *type, const char *fields_json, unsigned flags,
                              narrator_id *id) {
    return queue_fields(handle, KIND_EVENT, "{\"type\":", type, fields_json, flags, id);
}

narrator_error narrator_play(narrator *handle, const char *sound, const char *arguments_json, narrator_id *id) {
    return queue_fields(handle, KIND_PLAY, "{\"type\":\"play\",\"sound\":", sound, arguments_json, 0, id);
}
