/* Speaks through a running narrator: three announcements in order, an interruption by a high one,
 * NARRATOR_INTERRUPT, a cancel by id of one waiting and one speaking, of a waiting game event's speech and
 * of a say before its reply, and a game event; every
 * outcome is printed with its library id and the daemon's. Usage: outcomes SOCKET */
#include "common.h"

#define LONG_TEXT "This announcement is long enough to be cut in the middle of what it is saying, long before its end."

int main(int argc, char **argv) {
    if (argc != 2) fail("usage: outcomes SOCKET");
    setvbuf(stdout, NULL, _IOLBF, 0);
    narrator *handle = open_at(argv[1], "c-outcomes");
    wait_for(handle, NARRATOR_EVENT_CONNECTED, 0);

    /* In order: lows wait their turn. */
    narrator_id first = say(handle, "One.", NARRATOR_PRIORITY_LOW, 0);
    narrator_id second = say(handle, "Two, a little longer.", NARRATOR_PRIORITY_LOW, 0);
    narrator_id third = say(handle, "Three, the longest of these three short announcements.", NARRATOR_PRIORITY_LOW, 0);
    wait_end(handle, first);
    wait_end(handle, second);
    wait_end(handle, third);
    printf("phase order\n");

    /* A high cuts a default: interrupted, by the high's id. */
    narrator_id cut = say(handle, LONG_TEXT, NARRATOR_PRIORITY_DEFAULT, 0);
    wait_for(handle, NARRATOR_EVENT_STARTED, cut);
    narrator_id urgent = say(handle, "Watch out!", NARRATOR_PRIORITY_HIGH, 0);
    narrator_event ended = wait_end(handle, cut);
    printf("cut %s by=%llu urgent=%llu\n", narrator_event_name(ended.type), (unsigned long long)ended.by,
           (unsigned long long)urgent);
    wait_end(handle, urgent);
    printf("phase interruption\n");

    /* NARRATOR_INTERRUPT: what this handle says and queued is cancelled, then the new one speaks. */
    narrator_id old = say(handle, LONG_TEXT, NARRATOR_PRIORITY_LOW, 0);
    wait_for(handle, NARRATOR_EVENT_STARTED, old);
    narrator_id fresh = say(handle, "Fresh news.", NARRATOR_PRIORITY_LOW, NARRATOR_INTERRUPT);
    ended = wait_end(handle, old);
    printf("old %s\n", narrator_event_name(ended.type));
    ended = wait_end(handle, fresh);
    printf("fresh %s\n", narrator_event_name(ended.type));
    printf("phase interrupt-flag\n");

    /* Cancel by id: one waiting, then the one speaking. */
    narrator_id speaking = say(handle, LONG_TEXT, NARRATOR_PRIORITY_LOW, 0);
    narrator_id waiting = say(handle, "I wait my turn.", NARRATOR_PRIORITY_LOW, 0);
    narrator_id after = say(handle, "Still here.", NARRATOR_PRIORITY_LOW, 0);
    wait_for(handle, NARRATOR_EVENT_STARTED, speaking);
    check(narrator_cancel(handle, waiting), "narrator_cancel waiting");
    ended = wait_end(handle, waiting);
    printf("waiting %s\n", narrator_event_name(ended.type));
    check(narrator_cancel(handle, speaking), "narrator_cancel speaking");
    ended = wait_end(handle, speaking);
    printf("speaking %s\n", narrator_event_name(ended.type));
    ended = wait_end(handle, after);
    printf("after %s\n", narrator_event_name(ended.type));
    printf("cancel-ended %d\n", (int)narrator_cancel(handle, speaking));
    printf("phase cancel\n");

    /* A game event's speech cancelled by id while it waits (behind a high), then the high heard. */
    narrator_id high = say(handle, LONG_TEXT, NARRATOR_PRIORITY_HIGH, 0);
    wait_for(handle, NARRATOR_EVENT_STARTED, high);
    narrator_id waiting_event = 0;
    check(narrator_send_event(handle, "collision", "{\"lives\": 3}", 0, &waiting_event), "collision behind a high");
    wait_for(handle, NARRATOR_EVENT_QUEUED, waiting_event);
    check(narrator_cancel(handle, waiting_event), "narrator_cancel a waiting event");
    ended = wait_end(handle, waiting_event);
    printf("waiting-event %s\n", narrator_event_name(ended.type));
    check(narrator_cancel(handle, high), "narrator_cancel the high");
    ended = wait_end(handle, high);
    printf("high %s\n", narrator_event_name(ended.type));
    /* Cancelled at once, before the daemon's reply (or before it was even written): it ends cancelled,
     * and what was said after it is still said. */
    narrator_id hasty = say(handle, "Taken back at once.", NARRATOR_PRIORITY_LOW, 0);
    check(narrator_cancel(handle, hasty), "narrator_cancel before the reply");
    narrator_id kept = say(handle, "Kept.", NARRATOR_PRIORITY_LOW, 0);
    ended = wait_end(handle, hasty);
    printf("hasty %s\n", narrator_event_name(ended.type));
    ended = wait_end(handle, kept);
    printf("kept %s\n", narrator_event_name(ended.type));
    printf("phase cancel-by-daemon-id\n");

    /* A game event: the map says it; a silent one says it is silent; an unknown one is refused. */
    narrator_id crash = 0, quiet = 0, unknown = 0;
    check(narrator_send_event(handle, "collision", "{\"lives\": 2}", 0, &crash), "collision");
    check(narrator_send_event(handle, "collision_resolved", NULL, 0, &quiet), "collision_resolved");
    check(narrator_send_event(handle, "colision", NULL, 0, &unknown), "colision");
    narrator_id sent[3] = {crash, quiet, unknown};
    narrator_event ends[3];
    wait_ends(handle, sent, 3, ends);
    printf("crash %s\n", narrator_event_name(ends[0].type));
    printf("quiet %s\n", narrator_event_name(ends[1].type));
    printf("unknown %s %s\n", narrator_event_name(ends[2].type), ends[2].code);
    printf("phase events\n");
    narrator_close(handle);
    printf("done\n");
    return 0;
}
