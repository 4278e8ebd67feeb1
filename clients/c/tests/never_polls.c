/* A game that never polls: thousands of events come back (a silent game event each), the ring keeps
 * the newest 16, the rest are dropped and counted, and the heap does not grow with them.
 * Usage: never_polls SOCKET
 * Not polling is the point, so this one waits on the dropped-event counter (checked every
 * millisecond, up to 20 s): the only thing that tells such a game the events came. */
#include "common.h"

#include <malloc.h>

#define RING 16
#define BURST 200
#define ROUNDS 10

static void wait_dropped(narrator *handle, uint64_t expected) {
    long long deadline = milliseconds_now() + 20000;
    while (narrator_dropped_events(handle) < expected) {
        if (milliseconds_now() > deadline)
            fail("dropped %llu of %llu within 20 s", (unsigned long long)narrator_dropped_events(handle),
                 (unsigned long long)expected);
        poll(NULL, 0, 1);
    }
}

static void burst(narrator *handle) {
    for (int i = 0; i < BURST; i++)
        check(narrator_send_event(handle, "collision_resolved", NULL, 0, NULL), "narrator_send_event");
}

int main(int argc, char **argv) {
    if (argc != 2) fail("usage: never_polls SOCKET");
    setvbuf(stdout, NULL, _IOLBF, 0);
    narrator_options options;
    narrator_options_init(&options);
    options.socket_path = argv[1];
    options.client = "c-never-polls";
    options.event_capacity = RING;
    narrator *handle = NULL;
    check(narrator_open(&options, &handle), "narrator_open");
    /* Connected: the one event polled before the game stops polling. */
    while (next_event(handle).type != NARRATOR_EVENT_CONNECTED) {}

    burst(handle);
    wait_dropped(handle, BURST - RING);
    size_t heap = mallinfo2().uordblks;
    for (int round = 1; round <= ROUNDS; round++) {
        burst(handle);
        wait_dropped(handle, (uint64_t)BURST * (round + 1) - RING);
    }
    long long growth = (long long)mallinfo2().uordblks - (long long)heap;
    uint64_t dropped = narrator_dropped_events(handle);
    int kept = 0, silent = 0;
    uint32_t first_dropped = 0;
    narrator_event event;
    while (narrator_poll(handle, &event)) {
        if (kept++ == 0) first_dropped = event.dropped;
        silent += event.type == NARRATOR_EVENT_SILENT;
    }
    printf("never-polls sent=%d dropped=%llu kept=%d silent=%d first-dropped=%u heap-growth=%lld\n",
           BURST * (ROUNDS + 1), (unsigned long long)dropped, kept, silent, first_dropped, growth);
    narrator_close(handle);
    printf("done\n");
    return 0;
}
