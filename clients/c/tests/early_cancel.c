/* narrator_cancel at every moment of a request's life, against a daemon this program plays itself on
 * SOCKET, so that each moment is certain: still in the library's outbox (taken out, CANCELLED, never
 * sent), written but not answered (the cancel waits for the reply and goes by the id it gives), answered
 * (sent at once by the daemon's id), ended meanwhile (the daemon's unknown_announcement is not told:
 * the end was). Usage: early_cancel SOCKET. Prints one line per fact; any surprise is "fail WHY". */
#include "common.h"

#include <errno.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static int daemon_fd = -1;
static char input[65536];
static size_t input_length;

/* The next line the library wrote, without its '\n' (20 s at most). */
static const char *read_line(void) {
    static char line[65536];
    long long deadline = milliseconds_now() + 20000;
    for (;;) {
        char *newline = memchr(input, '\n', input_length);
        if (newline) {
            size_t length = (size_t)(newline - input);
            memcpy(line, input, length);
            line[length] = '\0';
            memmove(input, newline + 1, input_length - length - 1);
            input_length -= length + 1;
            return line;
        }
        long long left = deadline - milliseconds_now();
        if (left <= 0) fail("the library wrote no line within 20 s");
        struct pollfd wait = {.fd = daemon_fd, .events = POLLIN};
        poll(&wait, 1, (int)left);
        ssize_t got = recv(daemon_fd, input + input_length, sizeof input - input_length, MSG_DONTWAIT);
        if (got == 0) fail("the library closed the connection");
        if (got < 0 && errno != EAGAIN && errno != EINTR) fail("recv: %s", strerror(errno));
        if (got > 0) input_length += (size_t)got;
    }
}

/* Reads a line and fails unless it is `expected`. */
static void expect_line(const char *expected) {
    const char *line = read_line();
    if (strcmp(line, expected) != 0) fail("expected %s, the library wrote %s", expected, line);
    printf("read %s\n", line);
}

static void answer(const char *line) {
    size_t length = strlen(line);
    char *with_newline = malloc(length + 1);
    memcpy(with_newline, line, length);
    with_newline[length] = '\n';
    if (send(daemon_fd, with_newline, length + 1, MSG_NOSIGNAL) != (ssize_t)(length + 1)) fail("send failed");
    free(with_newline);
}

static void expect_event(narrator_event event, narrator_event_type type, narrator_id id, uint64_t daemon_id) {
    if (event.type != type || event.id != id || event.daemon_id != daemon_id)
        fail("expected %s id=%llu daemon=%llu", narrator_event_name(type), (unsigned long long)id,
             (unsigned long long)daemon_id);
}

int main(int argc, char **argv) {
    if (argc != 2) fail("usage: early_cancel SOCKET");
    setvbuf(stdout, NULL, _IOLBF, 0);
    int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(argv[1]) >= sizeof address.sun_path) fail("the socket path is too long");
    strcpy(address.sun_path, argv[1]);
    unlink(argv[1]);
    if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 1) != 0)
        fail("cannot listen on %s: %s", argv[1], strerror(errno));

    narrator_options options;
    narrator_options_init(&options);
    options.socket_path = argv[1];
    options.client = "early";
    narrator *handle = NULL;
    check(narrator_open(&options, &handle), "narrator_open");
    daemon_fd = accept(listener, NULL, NULL);
    if (daemon_fd < 0) fail("accept: %s", strerror(errno));
    expect_line("{\"type\":\"hello\",\"client\":\"early\",\"protocol\":1}");
    expect_line("{\"type\":\"subscribe\"}");

    /* Hello is not answered yet, so the library holds the game's requests: this one is in its outbox. */
    narrator_id unsent = say(handle, "Never sent.", NARRATOR_PRIORITY_DEFAULT, 0);
    check(narrator_cancel(handle, unsent), "narrator_cancel in the outbox");
    expect_event(wait_for(handle, NARRATOR_EVENT_CANCELLED, 0), NARRATOR_EVENT_CANCELLED, unsent, 0);
    printf("unsent cancelled\n");
    answer("{\"ok\":true,\"protocol\":1,\"client\":\"early\",\"locale\":\"en\",\"profile\":\"p\",\"events\":[]}");
    answer("{\"ok\":true}");
    wait_for(handle, NARRATOR_EVENT_CONNECTED, 0);

    /* Written, not answered: the cancel waits for the daemon's id, then goes by it. The next line is
     * this say, so the one cancelled above was never written. */
    narrator_id flying = say(handle, "In flight.", NARRATOR_PRIORITY_DEFAULT, 0);
    expect_line("{\"type\":\"say\",\"text\":\"In flight.\"}");
    check(narrator_cancel(handle, flying), "narrator_cancel before the reply");
    check(narrator_cancel(handle, flying), "narrator_cancel again before the reply");
    answer("{\"ok\":true,\"id\":\"41\",\"text\":\"In flight.\",\"locale\":\"en\",\"priority\":\"default\"}");
    expect_line("{\"type\":\"cancel\",\"id\":\"41\"}");
    answer("{\"ok\":true}");
    answer("{\"event\":\"cancelled\",\"id\":\"41\",\"client\":\"early\",\"text\":\"In flight.\",\"t_ms\":1.5}");
    expect_event(wait_end(handle, flying), NARRATOR_EVENT_CANCELLED, flying, 41);
    printf("in-flight cancelled\n");

    /* A game event's speech, the same way. */
    narrator_id event = 0;
    check(narrator_send_event(handle, "collision", "{\"lives\":2}", 0, &event), "narrator_send_event");
    expect_line("{\"type\":\"collision\",\"lives\":2}");
    check(narrator_cancel(handle, event), "narrator_cancel an event before the reply");
    answer("{\"ok\":true,\"id\":\"42\",\"text\":\"Crash!\",\"locale\":\"en\",\"priority\":\"default\"}");
    expect_line("{\"type\":\"cancel\",\"id\":\"42\"}");
    answer("{\"ok\":true}");
    answer("{\"event\":\"cancelled\",\"id\":\"42\",\"client\":\"early\",\"text\":\"Crash!\",\"t_ms\":2.5}");
    expect_event(wait_end(handle, event), NARRATOR_EVENT_CANCELLED, event, 42);
    printf("event cancelled\n");

    /* Answered: the cancel goes at once by the daemon's id; the announcement ends before the daemon
     * reads it, and its unknown_announcement is not told (the end was). */
    narrator_id ending = say(handle, "Ending.", NARRATOR_PRIORITY_DEFAULT, 0);
    expect_line("{\"type\":\"say\",\"text\":\"Ending.\"}");
    answer("{\"ok\":true,\"id\":\"43\",\"text\":\"Ending.\",\"locale\":\"en\",\"priority\":\"default\"}");
    answer("{\"event\":\"queued\",\"id\":\"43\",\"client\":\"early\",\"text\":\"Ending.\",\"t_ms\":3.0}");
    wait_for(handle, NARRATOR_EVENT_QUEUED, ending);
    check(narrator_cancel(handle, ending), "narrator_cancel after the reply");
    expect_line("{\"type\":\"cancel\",\"id\":\"43\"}");
    answer("{\"event\":\"finished\",\"id\":\"43\",\"client\":\"early\",\"text\":\"Ending.\",\"t_ms\":3.5}");
    answer("{\"ok\":false,\"error\":{\"code\":\"unknown_announcement\",\"message\":\"announcement 43 has already "
           "ended (finished): there is nothing left of it to cancel\"}}");
    expect_event(wait_end(handle, ending), NARRATOR_EVENT_FINISHED, ending, 43);
    /* The next event is the refusal of the next request: nothing came of unknown_announcement. */
    check(narrator_cancel_all(handle), "narrator_cancel_all");
    expect_line("{\"type\":\"cancel\"}");
    answer("{\"ok\":false,\"error\":{\"code\":\"marker\",\"message\":\"the next refusal\"}}");
    narrator_event next = next_event(handle);
    if (next.type != NARRATOR_EVENT_REFUSED || strcmp(next.code, "marker") != 0)
        fail("an event came between the race and the next refusal");
    printf("race untold\n");
    printf("ended-id %d\n", (int)narrator_cancel(handle, ending));

    /* A sound is not an announcement: it cannot be cancelled. */
    narrator_id sound = 0;
    check(narrator_play(handle, "beep", NULL, &sound), "narrator_play");
    printf("play %d\n", (int)narrator_cancel(handle, sound));
    expect_line("{\"type\":\"play\",\"sound\":\"beep\"}");
    answer("{\"ok\":true,\"sound\":\"beep\",\"ms\":90}");

    narrator_close(handle);
    close(daemon_fd);
    close(listener);
    unlink(argv[1]);
    printf("done\n");
    return 0;
}
