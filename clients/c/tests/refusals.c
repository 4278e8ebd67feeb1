/* What the library refuses at call time, and how nothing said without a narrator is lost silently.
 * No daemon runs here: SOCKET names a path where none listens. Usage: refusals SOCKET
 * Prints "refuse NAME GOT" for each call (the number of its error), then the held announcements'
 * fate, then the version. */
#include "common.h"

#include <pthread.h>

static narrator *open_with(const char *socket, unsigned hold_ms, unsigned capacity) {
    narrator_options options;
    narrator_options_init(&options);
    options.socket_path = socket;
    options.hold_ms = hold_ms;
    options.queue_capacity = capacity;
    narrator *handle = NULL;
    check(narrator_open(&options, &handle), "narrator_open");
    return handle;
}

static pthread_mutex_t callback_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t callback_changed = PTHREAD_COND_INITIALIZER;
static pthread_t main_thread;
static int callback_disconnected, callback_ended, callback_elsewhere = 1;
static narrator_id callback_id;

static void on_event(const narrator_event *event, void *unused) {
    (void)unused;
    pthread_mutex_lock(&callback_lock);
    if (pthread_equal(pthread_self(), main_thread)) callback_elsewhere = 0;
    if (event->type == NARRATOR_EVENT_DISCONNECTED) callback_disconnected++;
    if (event->type == NARRATOR_EVENT_FAILED) { callback_ended++; callback_id = event->id; }
    pthread_cond_broadcast(&callback_changed);
    pthread_mutex_unlock(&callback_lock);
}

static void refuse(const char *name, narrator_error error) { printf("refuse %s %d\n", name, (int)error); }

int main(int argc, char **argv) {
    if (argc != 2) fail("usage: refusals SOCKET");
    setvbuf(stdout, NULL, _IOLBF, 0);
    main_thread = pthread_self();
    narrator *handle = open_with(argv[1], 60000, 4);
    narrator_id id = 99;
    narrator_speech speech;

    refuse("null-handle", narrator_say(NULL, "Hi", NULL, &id));
    refuse("null-text", narrator_say(handle, NULL, NULL, &id));
    printf("id-after-refusal %llu\n", (unsigned long long)id);
    refuse("empty-text", narrator_say(handle, "", NULL, NULL));
    refuse("invalid-utf8", narrator_say(handle, "caf\xe9", NULL, NULL));
    refuse("overlong-utf8", narrator_say(handle, "\xc0\x80", NULL, NULL));
    refuse("surrogate-utf8", narrator_say(handle, "\xed\xa0\x80", NULL, NULL));
    char *huge = malloc(NARRATOR_MAX_TEXT + 2);
    memset(huge, 'a', NARRATOR_MAX_TEXT + 1);
    huge[NARRATOR_MAX_TEXT + 1] = '\0';
    refuse("text-too-long", narrator_say(handle, huge, NULL, NULL));
    huge[NARRATOR_MAX_TEXT - 10] = '\0';
    refuse("line-too-long", narrator_say(handle, huge, NULL, NULL));
    free(huge);
    narrator_speech_init(&speech);
    speech.scope = "help..section";
    refuse("bad-scope", narrator_say(handle, "Hi", &speech, NULL));
    narrator_speech_init(&speech);
    speech.pan = 2.0f;
    refuse("bad-pan", narrator_say(handle, "Hi", &speech, NULL));
    narrator_speech_init(&speech);
    speech.priority = (narrator_priority)7;
    refuse("bad-priority", narrator_say(handle, "Hi", &speech, NULL));
    refuse("bad-fields", narrator_send_event(handle, "collision", "{lives: 2}", 0, NULL));
    refuse("fields-not-object", narrator_send_event(handle, "collision", "[2]", 0, NULL));
    refuse("fields-two-values", narrator_send_event(handle, "collision", "{} {}", 0, NULL));
    refuse("null-type", narrator_send_event(handle, NULL, NULL, 0, NULL));
    refuse("bad-rate", narrator_set(handle, NARRATOR_SETTING_RATE, 1000));
    refuse("unknown-id", narrator_cancel(handle, 12345));

    /* Held: no narrator, but the hold is long; four fit in the queue, the fifth does not. */
    narrator_id held[4];
    for (int i = 0; i < 4; i++) check(narrator_say(handle, "Held.", NULL, &held[i]), "held say");
    refuse("queue-full", narrator_say(handle, "One too many.", NULL, NULL));
    /* One cancelled while it waits for a narrator leaves the queue, told, and makes room. */
    check(narrator_cancel(handle, held[0]), "narrator_cancel a held say");
    narrator_event taken = wait_end(handle, held[0]);
    printf("held-cancelled %s daemon=%llu\n", narrator_event_name(taken.type), (unsigned long long)taken.daemon_id);
    refuse("room-after-cancel", narrator_say(handle, "Room again.", NULL, NULL));
    narrator_close(handle);
    printf("closed-with-held\n");

    /* hold_ms 0: refused at call time while disconnected. */
    handle = open_with(argv[1], 0, 256);
    refuse("hold-zero", narrator_say(handle, "Now or never.", NULL, NULL));
    narrator_close(handle);

    /* A short hold: reported failed, never lost silently. */
    handle = open_with(argv[1], 100, 256);
    narrator_id waiting = 0;
    check(narrator_say(handle, "Nobody hears this.", NULL, &waiting), "short hold say");
    narrator_event ended = wait_end(handle, waiting);
    printf("held-out %s error=%d\n", narrator_event_name(ended.type), (int)ended.error);
    narrator_close(handle);

    /* A callback instead of the ring: called on the library's thread, and the ring stays empty. */
    narrator_options with_callback;
    narrator_options_init(&with_callback);
    with_callback.socket_path = argv[1];
    with_callback.hold_ms = 50;
    with_callback.callback = on_event;
    handle = NULL;
    check(narrator_open(&with_callback, &handle), "narrator_open with a callback");
    narrator_id called = 0;
    check(narrator_say(handle, "Told by callback.", NULL, &called), "callback say");
    pthread_mutex_lock(&callback_lock);
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 20;
    while (callback_ended == 0 && pthread_cond_timedwait(&callback_changed, &callback_lock, &deadline) == 0) {}
    printf("callback disconnected=%d failed=%d same-id=%d on-library-thread=%d\n", callback_disconnected,
           callback_ended, callback_id == called, callback_elsewhere);
    pthread_mutex_unlock(&callback_lock);
    narrator_event left;
    printf("callback ring-empty=%d\n", narrator_poll(handle, &left) == 0);
    narrator_close(handle);

    char long_path[200];
    memset(long_path, 'x', sizeof long_path - 1);
    long_path[0] = '/';
    long_path[sizeof long_path - 1] = '\0';
    narrator_options options;
    narrator_options_init(&options);
    options.socket_path = long_path;
    narrator *none = NULL;
    refuse("long-path", narrator_open(&options, &none));
    printf("version %s %u\n", narrator_version(), narrator_version_number());
    printf("done\n");
    return 0;
}
