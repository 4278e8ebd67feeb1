/* What the daemon writes, read on the library's thread: a reply (it has "ok") answers the oldest
 * request written and not yet answered; a notification (it has "event") tells an outcome, mapped
 * from the daemon's id to the library's. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    narrator_event_type type;
} outcomes[] = {
    {"queued", NARRATOR_EVENT_QUEUED},       {"started", NARRATOR_EVENT_STARTED},
    {"suspended", NARRATOR_EVENT_SUSPENDED}, {"resumed", NARRATOR_EVENT_RESUMED},
    {"finished", NARRATOR_EVENT_FINISHED},   {"interrupted", NARRATOR_EVENT_INTERRUPTED},
    {"superseded", NARRATOR_EVENT_SUPERSEDED}, {"expired", NARRATOR_EVENT_EXPIRED},
    {"dropped", NARRATOR_EVENT_DROPPED},     {"cancelled", NARRATOR_EVENT_CANCELLED},
    {"failed", NARRATOR_EVENT_FAILED},       {"mark", NARRATOR_EVENT_MARK},
};

static void copy_member(const char *line, const char *end, const char *key, char *out, size_t capacity) {
    const char *value, *value_end;
    if (json_member(line, end, key, &value, &value_end)) json_string(value, value_end, out, capacity);
    else out[0] = '\0';
}

static void notification(narrator *handle, const char *line, const char *end) {
    char name[32];
    copy_member(line, end, "event", name, sizeof name);
    narrator_event event;
    if (strcmp(name, "output") == 0) {
        event_init(&event, NARRATOR_EVENT_OUTPUT, 0);
        copy_member(line, end, "state", event.code, sizeof event.code);
        copy_member(line, end, "reason", event.text, sizeof event.text);
        emit(handle, &event);
        return;
    }
    narrator_event_type type = NARRATOR_EVENT_NONE;
    for (size_t i = 0; i < sizeof outcomes / sizeof outcomes[0]; i++)
        if (strcmp(name, outcomes[i].name) == 0) type = outcomes[i].type;
    if (type == NARRATOR_EVENT_NONE) return; /* a newer daemon's: not ours to guess */
    event_init(&event, type, 0);
    const char *value, *value_end;
    if (json_member(line, end, "id", &value, &value_end)) event.daemon_id = json_id(value, value_end);
    if (json_member(line, end, "by", &value, &value_end)) event.by_daemon_id = json_id(value, value_end);
    if (json_member(line, end, "t_ms", &value, &value_end)) event.t_ms = json_number(value, value_end);
    if (json_member(line, end, "position", &value, &value_end))
        event.position = (int32_t)json_number(value, value_end);
    copy_member(line, end, type == NARRATOR_EVENT_MARK ? "mark" : "reason", event.text, sizeof event.text);

    pthread_mutex_lock(&handle->lock);
    record *by = record_find_daemon(handle, event.by_daemon_id);
    if (by) event.by = by->id;
    record *found = record_find_daemon(handle, event.daemon_id);
    if (found) {
        event.id = found->id;
        if (narrator_event_ends(type)) record_remove(handle, found->id);
    }
    pthread_mutex_unlock(&handle->lock);
    emit(handle, &event);
}

static void reply(narrator *handle, request *answered, const char *line, const char *end) {
    const char *value, *value_end;
    bool ok = json_member(line, end, "ok", &value, &value_end) && json_true(value, value_end);
    narrator_event event;
    event_init(&event, NARRATOR_EVENT_REFUSED, 0);
    if (!ok) {
        event.error = NARRATOR_E_REFUSED;
        if (json_member(line, end, "error", &value, &value_end)) {
            copy_member(value, value_end, "code", event.code, sizeof event.code);
            copy_member(value, value_end, "message", event.text, sizeof event.text);
        }
    }
    switch (answered->kind) {
    case KIND_HELLO: {
        if (!ok) emit(handle, &event);
        narrator_event connected;
        event_init(&connected, NARRATOR_EVENT_CONNECTED, 0);
        if (ok) copy_member(line, end, "profile", connected.text, sizeof connected.text);
        pthread_mutex_lock(&handle->lock);
        handle->state = NARRATOR_STATE_CONNECTED;
        pthread_mutex_unlock(&handle->lock);
        emit(handle, &connected);
        return;
    }
    case KIND_QUIET:
    case KIND_CONTROL:
        if (!ok) emit(handle, &event);
        return;
    case KIND_CANCEL:
        /* The announcement ended before the daemon read the cancel: its end has been told already. */
        if (!ok && strcmp(event.code, "unknown_announcement") != 0) emit(handle, &event);
        return;
    case KIND_SAY:
    case KIND_EVENT:
    case KIND_PLAY: {
        uint64_t daemon_id = 0;
        if (ok && answered->kind != KIND_PLAY && json_member(line, end, "id", &value, &value_end))
            daemon_id = json_id(value, value_end);
        pthread_mutex_lock(&handle->lock);
        record *found = record_find(handle, answered->id);
        if (found && daemon_id) {
            found->daemon_id = daemon_id;
            /* A cancel asked before this reply goes now, by the id it gives; it was counted when asked,
             * so it is taken past the queue's bound. */
            request *cancel = found->cancel_asked ? cancel_request(found->id, daemon_id) : NULL;
            if (cancel) {
                list_push(&handle->queue, cancel);
                handle->queued_count++;
                handle->queued_bytes += cancel->length;
            }
        } else {
            record_remove(handle, answered->id);
        }
        pthread_mutex_unlock(&handle->lock);
        event.id = answered->id;
        if (!ok) emit(handle, &event);
        else if (answered->kind == KIND_EVENT && daemon_id == 0) {
            event.type = NARRATOR_EVENT_SILENT;
            emit(handle, &event);
        }
        return;
    }
    }
}

void handle_line(narrator *handle, request_list *in_flight, const char *line, size_t length) {
    const char *end = line + length;
    const char *value, *value_end;
    if (json_member(line, end, "event", &value, &value_end)) {
        notification(handle, line, end);
    } else if (json_member(line, end, "ok", &value, &value_end)) {
        request *answered = list_pop(in_flight);
        if (answered == NULL) return; /* nothing asked: not a reply of ours */
        reply(handle, answered, line, end);
        free(answered);
    }
}
