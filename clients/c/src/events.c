/* Events reach the game through a bounded ring it polls (the oldest dropped and counted when it is
 * full, so a game that never polls costs a fixed amount of memory), with an eventfd readable while
 * the ring holds any, or through the game's callback on the library's thread. */
#include "internal.h"

#include <string.h>
#include <unistd.h>

void event_init(narrator_event *event, narrator_event_type type, narrator_id id) {
    memset(event, 0, sizeof *event);
    event->type = type;
    event->id = id;
    event->position = -1;
}

void event_set_text(narrator_event *event, const char *text, size_t length) {
    length = utf8_cut(text, length, sizeof event->text - 1);
    memcpy(event->text, text, length);
    event->text[length] = '\0';
}

/* From the library's thread only, without the lock held. */
void emit(narrator *handle, const narrator_event *event) {
    if (handle->callback) {
        handle->callback(event, handle->callback_data);
        return;
    }
    pthread_mutex_lock(&handle->lock);
    if (handle->ring_count == handle->event_capacity) {
        handle->ring_head = (handle->ring_head + 1) % handle->event_capacity;
        handle->ring_count--;
        handle->dropped_since_poll++;
        handle->dropped_total++;
    }
    handle->ring[(handle->ring_head + handle->ring_count) % handle->event_capacity] = *event;
    if (handle->ring_count++ == 0) {
        uint64_t one = 1;
        ssize_t written = write(handle->ready_fd, &one, sizeof one);
        (void)written;
    }
    pthread_mutex_unlock(&handle->lock);
}

int narrator_poll_event(narrator *handle, narrator_event *event, size_t event_size) {
    if (handle == NULL || event == NULL || event_size == 0) return 0;
    pthread_mutex_lock(&handle->lock);
    if (handle->ring_count == 0) {
        pthread_mutex_unlock(&handle->lock);
        return 0;
    }
    narrator_event taken = handle->ring[handle->ring_head];
    handle->ring_head = (handle->ring_head + 1) % handle->event_capacity;
    taken.dropped = handle->dropped_since_poll;
    handle->dropped_since_poll = 0;
    if (--handle->ring_count == 0) {
        uint64_t count;
        ssize_t got = read(handle->ready_fd, &count, sizeof count);
        (void)got;
    }
    pthread_mutex_unlock(&handle->lock);
    memcpy(event, &taken, event_size < sizeof taken ? event_size : sizeof taken);
    return 1;
}

int narrator_fd(narrator *handle) { return handle ? handle->ready_fd : -1; }

uint64_t narrator_dropped_events(narrator *handle) {
    if (handle == NULL) return 0;
    pthread_mutex_lock(&handle->lock);
    uint64_t dropped = handle->dropped_total;
    pthread_mutex_unlock(&handle->lock);
    return dropped;
}
