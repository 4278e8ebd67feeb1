/* A game that outlives its narrator. Usage: reconnect SOCKET restart|absent
 *   restart: speaks, then while a long announcement is heard prints "kill-now"; the test kills the
 *     daemon and starts another. The game is told (disconnected, the long one failed), says something
 *     while no daemon runs (held), and both that and a later announcement are said by the new daemon.
 *   absent: opens with no daemon, prints "start-now" once told it is absent, says something (held);
 *     the test starts the daemon; the game is told (connected) and it is said. */
#include "common.h"

#include <stdbool.h>

#define LONG_TEXT "This announcement is long enough to be heard while the narrator is killed in the middle of it."

static narrator *open_holding(const char *socket) {
    narrator_options options;
    narrator_options_init(&options);
    options.socket_path = socket;
    options.client = "c-reconnect";
    options.hold_ms = 60000; /* a debug daemon may take seconds to start */
    narrator *handle = NULL;
    check(narrator_open(&options, &handle), "narrator_open");
    return handle;
}

static void restart(const char *socket) {
    narrator *handle = open_holding(socket);
    wait_for(handle, NARRATOR_EVENT_CONNECTED, 0);
    narrator_id before = say(handle, "Before the restart.", NARRATOR_PRIORITY_DEFAULT, 0);
    narrator_event ended = wait_end(handle, before);
    printf("before %s\n", narrator_event_name(ended.type));
    narrator_id cut = say(handle, LONG_TEXT, NARRATOR_PRIORITY_DEFAULT, 0);
    wait_for(handle, NARRATOR_EVENT_STARTED, cut);
    printf("kill-now\n");
    /* Told it is gone, and how the long one ended (failed, unless it had finished before the kill). */
    bool told = false, cut_ended = false;
    while (!told || !cut_ended) {
        narrator_event event = next_event(handle);
        if (event.type == NARRATOR_EVENT_DISCONNECTED && !told) {
            told = true;
            printf("told disconnected error=%d state=%d\n", (int)event.error, (int)narrator_get_state(handle));
        }
        if (event.id == cut && narrator_event_ends(event.type)) {
            cut_ended = true;
            printf("cut %s error=%d\n", narrator_event_name(event.type), (int)event.error);
        }
    }
    narrator_id held = say(handle, "Said while no narrator runs.", NARRATOR_PRIORITY_DEFAULT, 0);
    wait_for(handle, NARRATOR_EVENT_CONNECTED, 0);
    printf("told connected state=%d\n", (int)narrator_get_state(handle));
    ended = wait_end(handle, held);
    printf("held %s daemon=%llu\n", narrator_event_name(ended.type), (unsigned long long)ended.daemon_id);
    narrator_id after = say(handle, "After the restart.", NARRATOR_PRIORITY_DEFAULT, 0);
    ended = wait_end(handle, after);
    printf("after %s\n", narrator_event_name(ended.type));
    narrator_close(handle);
}

static void absent(const char *socket) {
    narrator *handle = open_holding(socket);
    /* Open returned at once; its thread may already have found no daemon (DISCONNECTED) or not yet. */
    printf("opened connected=%d\n", narrator_get_state(handle) == NARRATOR_STATE_CONNECTED);
    narrator_event told = wait_for(handle, NARRATOR_EVENT_DISCONNECTED, 0);
    printf("told absent error=%d\n", (int)told.error);
    narrator_id early = say(handle, "Said before the narrator started.", NARRATOR_PRIORITY_DEFAULT, 0);
    printf("start-now\n");
    wait_for(handle, NARRATOR_EVENT_CONNECTED, 0);
    printf("told connected\n");
    narrator_event ended = wait_end(handle, early);
    printf("early %s\n", narrator_event_name(ended.type));
    narrator_close(handle);
}

int main(int argc, char **argv) {
    if (argc != 3) fail("usage: reconnect SOCKET restart|absent");
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (strcmp(argv[2], "restart") == 0) restart(argv[1]);
    else if (strcmp(argv[2], "absent") == 0) absent(argv[1]);
    else fail("unknown mode %s", argv[2]);
    printf("done\n");
    return 0;
}
