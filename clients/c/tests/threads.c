/* Many threads say things on one handle at once, while its speech is paused; then all of it is
 * cancelled. Every id must be distinct and end exactly once (queued and cancelled, or refused
 * past the daemon's limit of 32 per client). Usage: threads SOCKET */
#include "common.h"

#include <pthread.h>

#define THREADS 8
#define EACH 40

static narrator *handle;
static narrator_id ids[THREADS][EACH];

static void *speaker(void *argument) {
    int number = (int)(long)argument;
    for (int i = 0; i < EACH; i++) {
        char text[64];
        snprintf(text, sizeof text, "Thread %d says %d.", number, i);
        narrator_error error = narrator_say(handle, text, NULL, &ids[number][i]);
        if (error != NARRATOR_OK) fail("thread %d, call %d: %s", number, i, narrator_strerror(error));
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 2) fail("usage: threads SOCKET");
    setvbuf(stdout, NULL, _IOLBF, 0);
    narrator_options options;
    narrator_options_init(&options);
    options.socket_path = argv[1];
    options.client = "c-threads";
    options.queue_capacity = 1024;
    options.event_capacity = 4096;
    check(narrator_open(&options, &handle), "narrator_open");
    while (next_event(handle).type != NARRATOR_EVENT_CONNECTED) {}
    check(narrator_pause(handle), "narrator_pause");
    pthread_t threads[THREADS];
    for (long t = 0; t < THREADS; t++) pthread_create(&threads[t], NULL, speaker, (void *)t);
    for (int t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
    check(narrator_cancel_all(handle), "narrator_cancel_all");
    check(narrator_resume(handle), "narrator_resume");

    enum { TOTAL = THREADS * EACH };
    static narrator_id all[TOTAL];
    static int ends[TOTAL];
    for (int t = 0; t < THREADS; t++)
        for (int i = 0; i < EACH; i++) all[t * EACH + i] = ids[t][i];
    int distinct = 0;
    for (int a = 0; a < TOTAL; a++) {
        int seen = 0;
        for (int b = 0; b < a; b++) seen |= all[a] == all[b];
        distinct += !seen && all[a] != 0;
    }
    int ended = 0, refused = 0, cancelled = 0, twice = 0;
    while (ended < TOTAL) {
        narrator_event event = next_event(handle);
        if (!narrator_event_ends(event.type)) continue;
        for (int a = 0; a < TOTAL; a++) {
            if (all[a] != event.id) continue;
            if (ends[a]++) twice++;
            else ended++;
            refused += event.type == NARRATOR_EVENT_REFUSED;
            cancelled += event.type == NARRATOR_EVENT_CANCELLED;
        }
    }
    printf("threads total=%d distinct=%d ended=%d refused=%d cancelled=%d twice=%d\n", TOTAL, distinct, ended,
           refused, cancelled, twice);
    narrator_close(handle);
    printf("done\n");
    return 0;
}
