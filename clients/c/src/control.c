/* cancel, pause, resume, set: requests without an announcement. Pause and the settings are also kept,
 * to be sent again on a new connection (the daemon forgets a client's settings when it goes). */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Queues one line of kind KIND_CONTROL. */
static narrator_error queue_control_locked(narrator *handle, const line_buffer *line) {
    if (line->failed) return NARRATOR_E_NO_MEMORY;
    if (line->length > NARRATOR_MAX_LINE) return NARRATOR_E_TOO_LONG;
    narrator_error error = queue_check_locked(handle, 1, line->length + 1);
    if (error != NARRATOR_OK) return error;
    request *item = request_new(KIND_CONTROL, line);
    if (item == NULL) return NARRATOR_E_NO_MEMORY;
    return enqueue_locked(handle, item);
}

static narrator_error send_control(narrator *handle, const char *json) {
    if (handle == NULL) return NARRATOR_E_INVALID_ARGUMENT;
    line_buffer line = {0};
    line_append_text(&line, json);
    pthread_mutex_lock(&handle->lock);
    narrator_error error = queue_control_locked(handle, &line);
    pthread_mutex_unlock(&handle->lock);
    free(line.data);
    if (error == NARRATOR_OK) wake(handle);
    return error;
}

/* By the daemon's id once its reply has given it; before that, the cancel waits on the record: the
 * library's thread drops the request if it has not left the outbox (CANCELLED at once, nothing sent),
 * or sends the cancel when the reply comes (replies.c). */
narrator_error narrator_cancel(narrator *handle, narrator_id id) {
    if (handle == NULL || id == 0) return NARRATOR_E_INVALID_ARGUMENT;
    pthread_mutex_lock(&handle->lock);
    narrator_error error = NARRATOR_OK;
    record *found = record_find(handle, id);
    if (found == NULL) {
        error = NARRATOR_E_UNKNOWN_ID;
    } else if (found->kind == KIND_PLAY) {
        error = NARRATOR_E_UNSUPPORTED; /* a sound is not an announcement: it plays out */
    } else if (found->cancel_asked) {
        /* Asked already: one cancel is enough. */
    } else if (found->daemon_id == 0) {
        found->cancel_asked = true;
        handle->cancel_waiting = true;
    } else {
        request *item = cancel_request(id, found->daemon_id);
        error = item == NULL ? NARRATOR_E_NO_MEMORY : queue_check_locked(handle, 1, item->length);
        if (error == NARRATOR_OK) {
            enqueue_locked(handle, item);
            found->cancel_asked = true;
        } else {
            free(item);
        }
    }
    pthread_mutex_unlock(&handle->lock);
    if (error == NARRATOR_OK) wake(handle);
    return error;
}

narrator_error narrator_cancel_all(narrator *handle) { return send_control(handle, "{\"type\":\"cancel\"}"); }

narrator_error narrator_cancel_scope(narrator *handle, const char *scope) {
    if (handle == NULL || scope == NULL || scope[0] == '\0') return NARRATOR_E_INVALID_ARGUMENT;
    size_t length = strlen(scope);
    if (length > 1024) return NARRATOR_E_TOO_LONG;
    if (!utf8_valid(scope, length)) return NARRATOR_E_INVALID_UTF8;
    line_buffer line = {0};
    line_append_text(&line, "{\"type\":\"cancel\",\"scope\":");
    line_append_string(&line, scope);
    line_append_text(&line, "}");
    pthread_mutex_lock(&handle->lock);
    narrator_error error = queue_control_locked(handle, &line);
    pthread_mutex_unlock(&handle->lock);
    free(line.data);
    if (error == NARRATOR_OK) wake(handle);
    return error;
}

static narrator_error set_paused(narrator *handle, bool paused) {
    if (handle == NULL) return NARRATOR_E_INVALID_ARGUMENT;
    line_buffer line = {0};
    line_append_text(&line, paused ? "{\"type\":\"pause\"}" : "{\"type\":\"resume\"}");
    pthread_mutex_lock(&handle->lock);
    narrator_error error = queue_control_locked(handle, &line);
    if (error == NARRATOR_OK) handle->settings.paused = paused;
    pthread_mutex_unlock(&handle->lock);
    free(line.data);
    if (error == NARRATOR_OK) wake(handle);
    return error;
}

narrator_error narrator_pause(narrator *handle) { return set_paused(handle, true); }
narrator_error narrator_resume(narrator *handle) { return set_paused(handle, false); }

static const char *const setting_names[] = {"rate", "pitch", "volume", "effects_volume"};
static const int setting_low[] = {80, 0, 0, 0};
static const int setting_high[] = {450, 100, 200, 200};

narrator_error narrator_set(narrator *handle, narrator_setting setting, int value) {
    if (handle == NULL || (unsigned)setting > NARRATOR_SETTING_EFFECTS_VOLUME) return NARRATOR_E_INVALID_ARGUMENT;
    if (value != NARRATOR_SETTING_DEFAULT && (value < setting_low[setting] || value > setting_high[setting]))
        return NARRATOR_E_INVALID_ARGUMENT;
    line_buffer line = {0};
    line_append_text(&line, "{\"type\":\"set\",\"");
    line_append_text(&line, setting_names[setting]);
    line_append_text(&line, "\":");
    if (value == NARRATOR_SETTING_DEFAULT) line_append_text(&line, "null");
    else line_append_int(&line, value);
    line_append_text(&line, "}");
    pthread_mutex_lock(&handle->lock);
    narrator_error error = queue_control_locked(handle, &line);
    if (error == NARRATOR_OK) handle->settings.values[setting] = value;
    pthread_mutex_unlock(&handle->lock);
    free(line.data);
    if (error == NARRATOR_OK) wake(handle);
    return error;
}

narrator_error narrator_set_locale(narrator *handle, const char *locale) {
    if (handle == NULL || (locale != NULL && locale[0] == '\0')) return NARRATOR_E_INVALID_ARGUMENT;
    size_t length = locale ? strlen(locale) : 0;
    if (length > 256) return NARRATOR_E_TOO_LONG;
    if (locale && !utf8_valid(locale, length)) return NARRATOR_E_INVALID_UTF8;
    char *copy = locale ? strdup(locale) : NULL;
    if (locale && copy == NULL) return NARRATOR_E_NO_MEMORY;
    line_buffer line = {0};
    line_append_text(&line, "{\"type\":\"set\",\"locale\":");
    if (locale) line_append_string(&line, locale);
    else line_append_text(&line, "null");
    line_append_text(&line, "}");
    pthread_mutex_lock(&handle->lock);
    narrator_error error = queue_control_locked(handle, &line);
    if (error == NARRATOR_OK) {
        free(handle->settings.locale);
        handle->settings.locale = copy;
        handle->settings.locale_set = true;
        copy = NULL;
    }
    pthread_mutex_unlock(&handle->lock);
    free(copy);
    free(line.data);
    if (error == NARRATOR_OK) wake(handle);
    return error;
}
