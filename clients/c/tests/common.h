/* What the test programs share. Each prints one line per fact, "KEY value...", which the Swift tests
 * (Tests/NarratorServerTests/CClient) read; a failure prints "fail WHY" and exits with status 1.
 * Nothing here sleeps: it waits on the handle's descriptor for the event it needs. */
#ifndef NARRATOR_TEST_COMMON_H
#define NARRATOR_TEST_COMMON_H

#include <narrator.h>

#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static inline void fail(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    printf("fail ");
    vprintf(format, arguments);
    printf("\n");
    va_end(arguments);
    fflush(stdout);
    exit(1);
}

static inline void check(narrator_error error, const char *what) {
    if (error != NARRATOR_OK) fail("%s: %s", what, narrator_strerror(error));
}

static inline long long milliseconds_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* "event NAME id=ID daemon=N by=ID error=E code=C text=..." */
static inline void print_event(const narrator_event *event) {
    printf("event %s id=%llu daemon=%llu by=%llu error=%d dropped=%u code=%s text=%s\n",
           narrator_event_name(event->type), (unsigned long long)event->id, (unsigned long long)event->daemon_id,
           (unsigned long long)event->by, (int)event->error, event->dropped, event->code, event->text);
    fflush(stdout);
}

/* The next event, waiting on narrator_fd up to 20 s (then the test fails). */
static inline narrator_event next_event(narrator *handle) {
    narrator_event event;
    long long deadline = milliseconds_now() + 20000;
    for (;;) {
        if (narrator_poll(handle, &event)) { print_event(&event); return event; }
        long long left = deadline - milliseconds_now();
        if (left <= 0) fail("no event within 20 s");
        struct pollfd wait = {.fd = narrator_fd(handle), .events = POLLIN};
        poll(&wait, 1, (int)left);
    }
}

/* Events until one of `type` for `id` (0: any id); every one is printed on the way. */
static inline narrator_event wait_for(narrator *handle, narrator_event_type type, narrator_id id) {
    for (;;) {
        narrator_event event = next_event(handle);
        if (event.type == type && (id == 0 || event.id == id)) return event;
    }
}

/* Events until `id` ends; returns its last. */
static inline narrator_event wait_end(narrator *handle, narrator_id id) {
    for (;;) {
        narrator_event event = next_event(handle);
        if (event.id == id && narrator_event_ends(event.type)) return event;
    }
}

/* Events until every one of the n ids has ended; ends[i] gets the last event of ids[i]. */
static inline void wait_ends(narrator *handle, const narrator_id *ids, size_t n, narrator_event *ends) {
    size_t left = n;
    for (size_t i = 0; i < n; i++) ends[i].type = NARRATOR_EVENT_NONE;
    while (left > 0) {
        narrator_event event = next_event(handle);
        if (!narrator_event_ends(event.type)) continue;
        for (size_t i = 0; i < n; i++)
            if (ids[i] == event.id && ends[i].type == NARRATOR_EVENT_NONE) { ends[i] = event; left--; }
    }
}

static inline narrator *open_at(const char *socket, const char *client) {
    narrator_options options;
    narrator_options_init(&options);
    options.socket_path = socket;
    options.client = client;
    narrator *handle = NULL;
    check(narrator_open(&options, &handle), "narrator_open");
    return handle;
}

static inline narrator_id say(narrator *handle, const char *text, narrator_priority priority, unsigned flags) {
    narrator_speech speech;
    narrator_speech_init(&speech);
    speech.priority = priority;
    speech.flags = flags;
    narrator_id id = 0;
    check(narrator_say(handle, text, &speech, &id), "narrator_say");
    printf("said %llu %s\n", (unsigned long long)id, text);
    fflush(stdout);
    return id;
}

#endif
