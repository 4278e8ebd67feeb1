/* The one thread of a handle that touches the socket: it connects (again after a loss, with a
 * growing wait), says hello, writes what the calls queued, reads and dispatches what comes back,
 * and fails what cannot be delivered. It never holds the lock while it waits or does I/O. */
#include "internal.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define INPUT_LIMIT (1u << 20) /* a longer line from the daemon is skipped */

typedef struct connection {
    narrator *handle;
    int fd;
    request_list outbox;    /* taken from the queue, not yet fully written, in order */
    request_list in_flight; /* written, waiting for their replies, in order */
    char *input;
    size_t input_length;
    bool skipping;
    bool told_down;         /* DISCONNECTED was emitted and nothing changed since */
    narrator_error last_error;
    unsigned backoff_ms;
    uint64_t next_attempt_ns;
} connection;

static bool counted(const request *item) { return item->kind != KIND_HELLO && item->kind != KIND_QUIET; }

/* The queue's count and bytes go down as requests leave it (written, failed, discarded). */
static void uncount(narrator *handle, const request *item) {
    if (!counted(item)) return;
    pthread_mutex_lock(&handle->lock);
    handle->queued_count--;
    handle->queued_bytes -= item->length;
    pthread_mutex_unlock(&handle->lock);
}

static void fail(narrator *handle, const request *item, narrator_error error, const char *reason) {
    /* A cancel by id that is lost goes with its announcement, which is failed and told itself. */
    if (item->kind == KIND_HELLO || item->kind == KIND_QUIET || item->kind == KIND_CANCEL) return;
    narrator_event event;
    event_init(&event, NARRATOR_EVENT_FAILED, item->id);
    event.error = error;
    if (item->kind == KIND_CONTROL) {
        /* No id: say which request it was, by its line. */
        event_set_text(&event, item->line, item->length - 1);
    } else {
        event_set_text(&event, reason, strlen(reason));
        pthread_mutex_lock(&handle->lock);
        record_remove(handle, item->id);
        pthread_mutex_unlock(&handle->lock);
    }
    emit(handle, &event);
}

static void set_state(narrator *handle, narrator_state state) {
    pthread_mutex_lock(&handle->lock);
    handle->state = state;
    pthread_mutex_unlock(&handle->lock);
}

static void push_line(request_list *list, request_kind kind, const line_buffer *line) {
    if (line->failed) return;
    request *item = request_new(kind, line);
    if (item) list_push(list, item);
}

/* hello, subscribe, then the settings and pause this handle had: first on every connection. */
static void greet(connection *c) {
    narrator *handle = c->handle;
    request_list first = {0};
    line_buffer line = {0};
    line_append_text(&line, "{\"type\":\"hello\"");
    if (handle->client) { line_append_text(&line, ",\"client\":"); line_append_string(&line, handle->client); }
    if (handle->locale) { line_append_text(&line, ",\"locale\":"); line_append_string(&line, handle->locale); }
    if (handle->profile) { line_append_text(&line, ",\"profile\":"); line_append_string(&line, handle->profile); }
    line_append_text(&line, ",\"protocol\":1}");
    push_line(&first, KIND_HELLO, &line);
    line.length = 0;
    line_append_text(&line, "{\"type\":\"subscribe\"}");
    push_line(&first, KIND_QUIET, &line);

    static const char *const names[] = {"rate", "pitch", "volume", "effects_volume"};
    line.length = 0;
    line_append_text(&line, "{\"type\":\"set\"");
    size_t bare = line.length;
    pthread_mutex_lock(&handle->lock);
    for (int i = 0; i < 4; i++) {
        int value = handle->settings.values[i];
        if (value == INT32_MIN) continue;
        line_append_text(&line, ",\"");
        line_append_text(&line, names[i]);
        line_append_text(&line, "\":");
        if (value == NARRATOR_SETTING_DEFAULT) line_append_text(&line, "null");
        else line_append_int(&line, value);
    }
    if (handle->settings.locale_set) {
        line_append_text(&line, ",\"locale\":");
        if (handle->settings.locale) line_append_string(&line, handle->settings.locale);
        else line_append_text(&line, "null");
    }
    bool paused = handle->settings.paused;
    pthread_mutex_unlock(&handle->lock);
    line_append_text(&line, "}");
    if (line.length > bare + 1) push_line(&first, KIND_QUIET, &line);
    if (paused) {
        line.length = 0;
        line_append_text(&line, "{\"type\":\"pause\"}");
        push_line(&first, KIND_QUIET, &line);
    }
    free(line.data);
    list_append(&first, &c->outbox);
    c->outbox = first;
}

static void try_connect(connection *c) {
    narrator *handle = c->handle;
    char reason[256];
    narrator_error error;
    int fd = connect_socket(handle->socket_path, &error, reason, sizeof reason);
    if (fd < 0) {
        /* Told once per loss; again only if the reason becomes another user's socket. */
        if (!c->told_down || (error != c->last_error && error == NARRATOR_E_WRONG_USER)) {
            narrator_event event;
            event_init(&event, NARRATOR_EVENT_DISCONNECTED, 0);
            event.error = error;
            event_set_text(&event, reason, strlen(reason));
            set_state(handle, NARRATOR_STATE_DISCONNECTED);
            emit(handle, &event);
            c->told_down = true;
            c->last_error = error;
        }
        c->next_attempt_ns = now_ns() + (uint64_t)c->backoff_ms * 1000000u;
        c->backoff_ms = c->backoff_ms * 2 > handle->reconnect_max_ms ? handle->reconnect_max_ms : c->backoff_ms * 2;
        return;
    }
    c->fd = fd;
    c->backoff_ms = handle->reconnect_min_ms;
    greet(c);
}

/* The connection is gone: what was written and not answered, and what the daemon had not ended,
 * are failed (the daemon that lost the connection is gone or does not know us any more). */
static void lose(connection *c, const char *reason) {
    narrator *handle = c->handle;
    close(c->fd);
    c->fd = -1;
    c->input_length = 0;
    c->skipping = false;
    pthread_mutex_lock(&handle->lock);
    bool was_up = handle->state == NARRATOR_STATE_CONNECTED;
    handle->state = NARRATOR_STATE_DISCONNECTED;
    pthread_mutex_unlock(&handle->lock);
    /* A connection that ends before hello is answered (a daemon dying as it is reached) is one
     * more failed attempt: told only if the game has not been told already, and retried later. */
    narrator_event event;
    if (was_up || !c->told_down) {
        event_init(&event, NARRATOR_EVENT_DISCONNECTED, 0);
        event.error = NARRATOR_E_CONNECTION_LOST;
        event_set_text(&event, reason, strlen(reason));
        emit(handle, &event);
        c->told_down = true;
        c->last_error = NARRATOR_E_CONNECTION_LOST;
    }

    /* A request cut in the middle of its line is lost with the connection; the library's own
     * requests not yet written are made again on the next connection. */
    request_list keep = {0};
    request *item;
    while ((item = list_pop(&c->outbox)) != NULL) {
        if (item->written > 0) { list_push(&c->in_flight, item); if (counted(item)) uncount(handle, item); }
        else if (!counted(item)) free(item);
        else list_push(&keep, item);
    }
    c->outbox = keep;
    while ((item = list_pop(&c->in_flight)) != NULL) {
        fail(handle, item, NARRATOR_E_CONNECTION_LOST, reason);
        free(item);
    }
    for (;;) {
        pthread_mutex_lock(&handle->lock);
        narrator_id lost = 0;
        for (size_t i = 0; i < handle->record_count && lost == 0; i++)
            if (handle->records[i].daemon_id != 0) lost = handle->records[i].id;
        if (lost) record_remove(handle, lost);
        pthread_mutex_unlock(&handle->lock);
        if (lost == 0) break;
        event_init(&event, NARRATOR_EVENT_FAILED, lost);
        event.error = NARRATOR_E_CONNECTION_LOST;
        event_set_text(&event, reason, strlen(reason));
        emit(handle, &event);
    }
    if (was_up) {
        c->backoff_ms = handle->reconnect_min_ms;
        c->next_attempt_ns = now_ns(); /* a restarted daemon may already listen */
    } else {
        c->next_attempt_ns = now_ns() + (uint64_t)c->backoff_ms * 1000000u;
        c->backoff_ms = c->backoff_ms * 2 > handle->reconnect_max_ms ? handle->reconnect_max_ms : c->backoff_ms * 2;
    }
}

/* Whether a cancel by id still has its announcement on this connection: one that has ended, or was
 * failed with a lost connection (a new daemon's ids name other announcements), is not sent. */
static bool cancel_still_aimed(narrator *handle, const request *item) {
    pthread_mutex_lock(&handle->lock);
    record *found = record_find(handle, item->id);
    bool aimed = found != NULL && found->daemon_id != 0;
    pthread_mutex_unlock(&handle->lock);
    return aimed;
}

/* Announcements cancelled before their request left: taken out of the outbox unsent, each told
 * CANCELLED (daemon id 0). A request partly written goes on; its cancel follows its reply. */
static void drop_cancelled(connection *c) {
    narrator *handle = c->handle;
    request_list keep = {0};
    request_list dropped = {0};
    request *item;
    pthread_mutex_lock(&handle->lock);
    while ((item = list_pop(&c->outbox)) != NULL) {
        record *found = item->written == 0 && (item->kind == KIND_SAY || item->kind == KIND_EVENT)
                            ? record_find(handle, item->id) : NULL;
        if (found && found->cancel_asked) {
            record_remove(handle, item->id);
            handle->queued_count--;
            handle->queued_bytes -= item->length;
            list_push(&dropped, item);
        } else {
            list_push(&keep, item);
        }
    }
    pthread_mutex_unlock(&handle->lock);
    c->outbox = keep;
    while ((item = list_pop(&dropped)) != NULL) {
        narrator_event event;
        event_init(&event, NARRATOR_EVENT_CANCELLED, item->id);
        emit(handle, &event);
        free(item);
    }
}

/* Writes what the socket takes now: the library's greeting first, and the game's requests only once
 * hello is answered, so that nothing of the game's goes to a daemon dying as it is reached. False
 * when the connection broke. */
static bool write_out(connection *c) {
    pthread_mutex_lock(&c->handle->lock);
    bool greeted = c->handle->state == NARRATOR_STATE_CONNECTED;
    pthread_mutex_unlock(&c->handle->lock);
    if (greeted) c->told_down = false;
    request *item;
    while ((item = c->outbox.head) != NULL) {
        if (!greeted && counted(item)) break;
        if (item->kind == KIND_CANCEL && item->written == 0 && !cancel_still_aimed(c->handle, item)) {
            list_pop(&c->outbox);
            uncount(c->handle, item);
            free(item);
            continue;
        }
        ssize_t sent = send(c->fd, item->line + item->written, item->length - item->written, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (sent < 0) {
            if (errno == EINTR) continue;
            return errno == EAGAIN || errno == EWOULDBLOCK;
        }
        item->written += (size_t)sent;
        if (item->written < item->length) continue;
        list_pop(&c->outbox);
        list_push(&c->in_flight, item);
        uncount(c->handle, item);
    }
    return true;
}

/* Reads what waits and handles each whole line. False when the connection ended. */
static bool read_in(connection *c, char *reason, size_t reason_size) {
    for (;;) {
        char chunk[65536];
        ssize_t got = recv(c->fd, chunk, sizeof chunk, MSG_DONTWAIT);
        if (got < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) return true;
            snprintf(reason, reason_size, "the connection to the narrator failed: %s", strerror(errno));
            return false;
        }
        if (got == 0) {
            snprintf(reason, reason_size, "the narrator closed the connection");
            return false;
        }
        const char *p = chunk, *end = chunk + got;
        while (p < end) {
            const char *newline = memchr(p, '\n', (size_t)(end - p));
            size_t piece = (size_t)((newline ? newline : end) - p);
            if (!c->skipping) {
                if (c->input_length + piece > INPUT_LIMIT) {
                    c->skipping = true;
                    c->input_length = 0;
                } else {
                    memcpy(c->input + c->input_length, p, piece);
                    c->input_length += piece;
                }
            }
            if (newline == NULL) break;
            if (!c->skipping) handle_line(c->handle, &c->in_flight, c->input, c->input_length);
            c->skipping = false;
            c->input_length = 0;
            p = newline + 1;
        }
    }
}

/* While no daemon is connected, requests past their hold fail. Returns the next deadline (0: none). */
static uint64_t expire(connection *c) {
    uint64_t now = now_ns(), next = 0;
    request_list keep = {0};
    request *item;
    while ((item = list_pop(&c->outbox)) != NULL) {
        if (item->deadline_ns > now) {
            if (next == 0 || item->deadline_ns < next) next = item->deadline_ns;
            list_push(&keep, item);
            continue;
        }
        uncount(c->handle, item);
        fail(c->handle, item, NARRATOR_E_DISCONNECTED, "no narrator was connected within the hold time");
        free(item);
    }
    c->outbox = keep;
    return next;
}

void *io_thread(void *argument) {
    connection c = {.handle = argument, .fd = -1};
    narrator *handle = c.handle;
    c.backoff_ms = handle->reconnect_min_ms;
    c.input = malloc(INPUT_LIMIT);
    for (;;) {
        pthread_mutex_lock(&handle->lock);
        bool closing = handle->closing;
        list_append(&c.outbox, &handle->queue);
        bool cancel_waiting = handle->cancel_waiting;
        handle->cancel_waiting = false;
        pthread_mutex_unlock(&handle->lock);
        /* Before closing too: what was cancelled is not written on the way out. */
        if (cancel_waiting) drop_cancelled(&c);
        if (closing || c.input == NULL) break;

        if (c.fd < 0 && now_ns() >= c.next_attempt_ns) try_connect(&c);
        if (c.fd >= 0 && !write_out(&c)) lose(&c, "the connection to the narrator failed while writing");

        int timeout = -1;
        if (c.fd < 0) {
            uint64_t now = now_ns(), deadline = expire(&c);
            if (deadline == 0 || c.next_attempt_ns < deadline) deadline = c.next_attempt_ns;
            timeout = deadline > now ? (int)((deadline - now) / 1000000u) + 1 : 0;
        }
        struct pollfd waits[2] = {{.fd = handle->wake_fd, .events = POLLIN},
                                  {.fd = c.fd, .events = (short)(POLLIN | (c.outbox.head ? POLLOUT : 0))}};
        int ready = poll(waits, c.fd >= 0 ? 2 : 1, timeout);
        if (ready < 0) continue;
        if (waits[0].revents & POLLIN) {
            uint64_t count;
            ssize_t got = read(handle->wake_fd, &count, sizeof count);
            (void)got;
        }
        if (c.fd >= 0 && (waits[1].revents & (POLLIN | POLLHUP | POLLERR))) {
            char reason[256];
            if (!read_in(&c, reason, sizeof reason)) lose(&c, reason);
        }
    }
    /* Closing: what the socket takes now is written, then the writing side is shut so the daemon
     * answers and carries out what it read (docs/PROTOCOL.md, Disconnecting). */
    if (c.fd >= 0) {
        write_out(&c);
        shutdown(c.fd, SHUT_WR);
        close(c.fd);
    }
    list_free(&c.outbox);
    list_free(&c.in_flight);
    free(c.input);
    return NULL;
}
