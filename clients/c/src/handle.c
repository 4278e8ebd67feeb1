/* Opening and closing a handle. Opening never touches the socket: the thread connects, so a game
 * starts at once whether or not a narrator runs. */
#include "internal.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

/* sun_path holds 108 bytes; the daemon (through SwiftNIO) takes 103, and so do all its clients. */
#define MAX_SOCKET_PATH 103

static bool copy_text(const char *text, size_t limit, char **out, narrator_error *error) {
    *out = NULL;
    if (text == NULL) return true;
    size_t length = strlen(text);
    if (length == 0) { *error = NARRATOR_E_INVALID_ARGUMENT; return false; }
    if (length > limit) { *error = NARRATOR_E_TOO_LONG; return false; }
    if (!utf8_valid(text, length)) { *error = NARRATOR_E_INVALID_UTF8; return false; }
    if ((*out = strdup(text)) == NULL) { *error = NARRATOR_E_NO_MEMORY; return false; }
    return true;
}

static void release(narrator *handle) {
    if (handle->wake_fd >= 0) close(handle->wake_fd);
    if (handle->ready_fd >= 0) close(handle->ready_fd);
    list_free(&handle->queue);
    free(handle->records);
    free(handle->ring);
    free(handle->settings.locale);
    free(handle->socket_path);
    free(handle->client);
    free(handle->locale);
    free(handle->profile);
    pthread_mutex_destroy(&handle->lock);
    free(handle);
}

narrator_error narrator_open(const narrator_options *given, narrator **out) {
    if (out == NULL) return NARRATOR_E_INVALID_ARGUMENT;
    *out = NULL;
    narrator_options options;
    narrator_options_init(&options);
    if (given != NULL) {
        if (given->size < sizeof(size_t)) return NARRATOR_E_INVALID_ARGUMENT;
        memcpy(&options, given, given->size < sizeof options ? given->size : sizeof options);
    }
    if (options.queue_capacity == 0 || options.queue_bytes < NARRATOR_MAX_LINE + 1
        || (options.event_capacity == 0 && options.callback == NULL) || options.reconnect_min_ms == 0
        || options.reconnect_max_ms < options.reconnect_min_ms)
        return NARRATOR_E_INVALID_ARGUMENT;

    narrator *handle = calloc(1, sizeof *handle);
    if (handle == NULL) return NARRATOR_E_NO_MEMORY;
    pthread_mutex_init(&handle->lock, NULL);
    handle->wake_fd = handle->ready_fd = -1;
    narrator_error error = NARRATOR_OK;
    if (!copy_text(options.socket_path, MAX_SOCKET_PATH, &handle->socket_path, &error)
        || !copy_text(options.client, 1024, &handle->client, &error)
        || !copy_text(options.locale, 256, &handle->locale, &error)
        || !copy_text(options.profile, 256, &handle->profile, &error)) {
        release(handle);
        return error;
    }
    if (handle->socket_path == NULL) {
        handle->socket_path = default_socket_path();
        if (handle->socket_path == NULL) { release(handle); return NARRATOR_E_NO_MEMORY; }
        if (strlen(handle->socket_path) > MAX_SOCKET_PATH) { release(handle); return NARRATOR_E_TOO_LONG; }
    }
    handle->queue_capacity = options.queue_capacity;
    handle->queue_bytes_limit = options.queue_bytes;
    handle->event_capacity = options.event_capacity ? options.event_capacity : 1;
    handle->hold_ms = options.hold_ms;
    handle->reconnect_min_ms = options.reconnect_min_ms;
    handle->reconnect_max_ms = options.reconnect_max_ms;
    handle->callback = options.callback;
    handle->callback_data = options.callback_data;
    handle->state = NARRATOR_STATE_CONNECTING;
    for (int i = 0; i < 4; i++) handle->settings.values[i] = INT32_MIN;
    handle->ring = calloc(handle->event_capacity, sizeof *handle->ring);
    handle->wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    handle->ready_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (handle->ring == NULL) { release(handle); return NARRATOR_E_NO_MEMORY; }
    if (handle->wake_fd < 0 || handle->ready_fd < 0) { release(handle); return NARRATOR_E_SYSTEM; }

    /* The thread takes no signal: a game's handlers run on the game's threads, as it expects. */
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    int started = pthread_create(&handle->thread, NULL, io_thread, handle);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (started != 0) { release(handle); return NARRATOR_E_SYSTEM; }
    *out = handle;
    return NARRATOR_OK;
}

void narrator_close(narrator *handle) {
    if (handle == NULL) return;
    pthread_mutex_lock(&handle->lock);
    handle->closing = true;
    pthread_mutex_unlock(&handle->lock);
    wake(handle);
    pthread_join(handle->thread, NULL);
    release(handle);
}

narrator_state narrator_get_state(narrator *handle) {
    if (handle == NULL) return NARRATOR_STATE_DISCONNECTED;
    pthread_mutex_lock(&handle->lock);
    narrator_state state = handle->state;
    pthread_mutex_unlock(&handle->lock);
    return state;
}
