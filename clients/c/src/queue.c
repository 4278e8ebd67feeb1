/* The bounded queue between the game's threads and the library's: calls add under the lock and
 * wake the thread, which alone writes to the socket. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

uint64_t now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* A request holding line and its '\n'. */
request *request_new(request_kind kind, const line_buffer *line) {
    request *item = malloc(sizeof *item + line->length + 1);
    if (item == NULL) return NULL;
    item->next = NULL;
    item->kind = kind;
    item->id = 0;
    item->deadline_ns = 0;
    item->length = line->length + 1;
    item->written = 0;
    memcpy(item->line, line->data, line->length);
    item->line[line->length] = '\n';
    return item;
}

void list_push(request_list *list, request *item) {
    item->next = NULL;
    if (list->tail) list->tail->next = item;
    else list->head = item;
    list->tail = item;
}

request *list_pop(request_list *list) {
    request *item = list->head;
    if (item) {
        list->head = item->next;
        if (list->head == NULL) list->tail = NULL;
        item->next = NULL;
    }
    return item;
}

void list_append(request_list *list, request_list *other) {
    if (other->head == NULL) return;
    if (list->tail) list->tail->next = other->head;
    else list->head = other->head;
    list->tail = other->tail;
    other->head = other->tail = NULL;
}

void list_free(request_list *list) {
    request *item;
    while ((item = list_pop(list)) != NULL) free(item);
}

/* Whether `requests` more requests of `bytes` fit, and whether one may be taken at all now. */
narrator_error queue_check_locked(narrator *handle, size_t requests, size_t bytes) {
    if (handle->hold_ms == 0 && handle->state != NARRATOR_STATE_CONNECTED) return NARRATOR_E_DISCONNECTED;
    if (handle->queued_count + requests > handle->queue_capacity
        || handle->queued_bytes + bytes > handle->queue_bytes_limit)
        return NARRATOR_E_QUEUE_FULL;
    return NARRATOR_OK;
}

/* Adds a request already checked with queue_check_locked. */
narrator_error enqueue_locked(narrator *handle, request *item) {
    item->deadline_ns = now_ns() + (uint64_t)handle->hold_ms * 1000000u;
    list_push(&handle->queue, item);
    handle->queued_count++;
    handle->queued_bytes += item->length;
    return NARRATOR_OK;
}

void wake(narrator *handle) {
    uint64_t one = 1;
    ssize_t written = write(handle->wake_fd, &one, sizeof one);
    (void)written; /* EAGAIN: the counter is already set, the thread will wake */
}

/* Queues `item` as announcement `item->id` (after a cancel of this client's speech when `interrupt`:
 * both or neither), noted with `kind` for its outcomes, and wakes the thread; `item` is freed when
 * refused. */
narrator_error submit(narrator *handle, request *item, bool interrupt, request_kind kind, narrator_id *id) {
    request *cancel = NULL;
    if (interrupt) {
        line_buffer cancel_line = {0};
        line_append_text(&cancel_line, "{\"type\":\"cancel\"}");
        cancel = cancel_line.failed ? NULL : request_new(KIND_CONTROL, &cancel_line);
        free(cancel_line.data);
        if (cancel == NULL) { free(item); return NARRATOR_E_NO_MEMORY; }
    }
    pthread_mutex_lock(&handle->lock);
    narrator_error error =
        queue_check_locked(handle, cancel ? 2 : 1, item->length + (cancel ? cancel->length : 0));
    if (error == NARRATOR_OK && !record_add(handle, item->id, kind)) error = NARRATOR_E_NO_MEMORY;
    if (error == NARRATOR_OK) {
        if (cancel) enqueue_locked(handle, cancel);
        enqueue_locked(handle, item);
    }
    pthread_mutex_unlock(&handle->lock);
    if (error != NARRATOR_OK) { free(item); free(cancel); return error; }
    wake(handle);
    if (id) *id = item->id;
    return NARRATOR_OK;
}

/* `{"type":"cancel","id":"N"}` for the daemon's id N of announcement `id`, or NULL without memory. */
request *cancel_request(narrator_id id, uint64_t daemon_id) {
    line_buffer line = {0};
    line_append_text(&line, "{\"type\":\"cancel\",\"id\":\"");
    line_append_int(&line, (long long)daemon_id);
    line_append_text(&line, "\"}");
    request *item = line.failed ? NULL : request_new(KIND_CANCEL, &line);
    free(line.data);
    if (item) item->id = id;
    return item;
}
