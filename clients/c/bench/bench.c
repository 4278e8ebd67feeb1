/* libnarrator's costs, measured (docs/BENCHMARKS.md, "The C client"); clients/c/bench/run drives it.
 *   bench calls SOCKET N             call -> return of narrator_say and narrator_send_event, daemon running
 *   bench stopped SOCKET PID N       the same while the daemon (PID) is stopped with SIGSTOP
 *   bench audible SOCKET SERVER NARRATOR N
 *                                    call -> first audible sample on SERVER's null sink monitor (parec),
 *                                    narrator_say against `NARRATOR send say`, alternating, same run */
#include <narrator.h>

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now_us(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec * 1e6 + (double)now.tv_nsec / 1e3;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void report(const char *what, double *values, int count, const char *unit) {
    qsort(values, (size_t)count, sizeof *values, compare);
    printf("%-34s n=%d median %.2f %s, p90 %.2f, p99 %.2f, max %.2f\n", what, count, values[count / 2], unit,
           values[count * 90 / 100], values[count * 99 / 100], values[count - 1]);
}

static void die(const char *what) {
    fprintf(stderr, "bench: %s\n", what);
    exit(1);
}

static narrator *open_connected(const char *socket, unsigned events) {
    narrator_options options;
    narrator_options_init(&options);
    options.socket_path = socket;
    options.client = "bench";
    options.event_capacity = events;
    narrator *handle = NULL;
    if (narrator_open(&options, &handle) != NARRATOR_OK) die("narrator_open");
    narrator_event event;
    for (;;) {
        struct pollfd wait = {.fd = narrator_fd(handle), .events = POLLIN};
        if (poll(&wait, 1, 10000) <= 0) die("not connected within 10 s");
        if (narrator_poll(handle, &event) && event.type == NARRATOR_EVENT_CONNECTED) return handle;
    }
}

/* Waits until `count` events ending an announcement have come (the batch was answered). */
static void drain_ends(narrator *handle, int count) {
    narrator_event event;
    while (count > 0) {
        while (count > 0 && narrator_poll(handle, &event)) count -= narrator_event_ends(event.type);
        if (count == 0) break;
        struct pollfd wait = {.fd = narrator_fd(handle), .events = POLLIN};
        if (poll(&wait, 1, 10000) <= 0) die("no answer within 10 s");
    }
}

/* Batches of 50 while the handle's speech is paused, then one cancel: nothing is spoken, the
 * daemon answers each (queued, or `limit` past 32), and the queue is empty before the next batch. */
static void calls(const char *socket, int total) {
    narrator *handle = open_connected(socket, 4096);
    narrator_pause(handle);
    double *say = malloc(sizeof(double) * (size_t)total), *event = malloc(sizeof(double) * (size_t)total);
    for (int done = 0; done < total;) {
        int batch = total - done < 50 ? total - done : 50;
        for (int i = 0; i < batch; i++) {
            double start = now_us();
            narrator_error error = narrator_say(handle, "Score 120, level 3.", NULL, NULL);
            say[done + i] = now_us() - start;
            if (error != NARRATOR_OK) die(narrator_strerror(error));
        }
        narrator_cancel_all(handle);
        drain_ends(handle, batch);
        for (int i = 0; i < batch; i++) {
            double start = now_us();
            narrator_error error = narrator_send_event(handle, "collision_resolved", NULL, 0, NULL);
            event[done + i] = now_us() - start;
            if (error != NARRATOR_OK) die(narrator_strerror(error));
        }
        drain_ends(handle, batch);
        done += batch;
    }
    report("narrator_say call -> return", say, total, "us");
    report("narrator_send_event call -> return", event, total, "us");
    narrator_close(handle);
}

/* The daemon stopped: every call still returns at once, accepted until the queue is full, then refused. */
static void stopped(const char *socket, pid_t daemon, int total) {
    narrator *handle = open_connected(socket, 64);
    narrator_pause(handle);
    double *taken = malloc(sizeof(double) * (size_t)total), *refused = malloc(sizeof(double) * (size_t)total);
    int accepted = 0, full = 0;
    if (kill(daemon, SIGSTOP) != 0) die("SIGSTOP");
    for (int i = 0; i < total; i++) {
        double start = now_us();
        narrator_error error = narrator_say(handle, "Score 120, level 3.", NULL, NULL);
        double took = now_us() - start;
        if (error == NARRATOR_OK) taken[accepted++] = took;
        else if (error == NARRATOR_E_QUEUE_FULL) refused[full++] = took;
        else die(narrator_strerror(error));
    }
    kill(daemon, SIGCONT);
    report("SIGSTOPped: accepted (queued)", taken, accepted, "us");
    report("SIGSTOPped: NARRATOR_E_QUEUE_FULL", refused, full, "us");
    narrator_cancel_all(handle);
    narrator_close(handle);
}

/* The monitor, read on a thread: how many samples, and when the first loud one after a mark came. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long long samples, loud_after = -1;
static double loud_at, quiet_since;
static int parec_out;

static void *record(void *unused) {
    (void)unused;
    short block[512];
    for (;;) {
        ssize_t got = read(parec_out, block, sizeof block);
        if (got <= 0) return NULL;
        double at = now_us();
        pthread_mutex_lock(&lock);
        for (ssize_t i = 0; i < got / 2; i++) {
            int loud = block[i] > 500 || block[i] < -500;
            if (loud) quiet_since = at;
            if (loud && loud_after >= 0 && samples >= loud_after && loud_at == 0) loud_at = at;
            samples++;
        }
        pthread_mutex_unlock(&lock);
    }
}

/* Arms the detector, then waits until the monitor has been quiet for 300 ms. */
static void wait_quiet(void) {
    for (;;) {
        pthread_mutex_lock(&lock);
        double quiet = now_us() - quiet_since;
        pthread_mutex_unlock(&lock);
        if (quiet > 300000) return;
        poll(NULL, 0, 20);
    }
}

static double heard_after(double start) {
    for (;;) {
        pthread_mutex_lock(&lock);
        double at = loud_at;
        pthread_mutex_unlock(&lock);
        if (at > 0) return (at - start) / 1000.0;
        if (now_us() - start > 10e6) die("nothing heard within 10 s");
        poll(NULL, 0, 1);
    }
}

static void arm(void) {
    pthread_mutex_lock(&lock);
    loud_after = samples;
    loud_at = 0;
    pthread_mutex_unlock(&lock);
}

static void audible(const char *socket, const char *server, const char *narrator_path, int total) {
    int ends[2];
    if (pipe(ends) != 0) die("pipe");
    char server_arg[512];
    snprintf(server_arg, sizeof server_arg, "--server=%s", server);
    char *parec[] = {"parec", server_arg, "-d", "narrator_test.monitor", "--raw", "--format=s16le",
                     "--rate=22050", "--channels=1", "--latency-msec=5", NULL};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1);
    pid_t recorder;
    if (posix_spawnp(&recorder, "parec", &actions, NULL, parec, environ) != 0) die("parec");
    close(ends[1]);
    parec_out = ends[0];
    pthread_t thread;
    pthread_create(&thread, NULL, record, NULL);
    /* An idle null sink stalls a new stream unless a recorder has run a while. */
    for (;;) {
        pthread_mutex_lock(&lock);
        long long got = samples;
        pthread_mutex_unlock(&lock);
        if (got > 2 * 22050) break;
        poll(NULL, 0, 50);
    }
    narrator *handle = open_connected(socket, 4096);
    double *library = malloc(sizeof(double) * (size_t)total), *send = malloc(sizeof(double) * (size_t)total);
    const char *text = "Score 120, level 3.";
    for (int i = 0; i < total; i++) {
        narrator_id id = 0;
        wait_quiet();
        arm();
        double start = now_us();
        narrator_say(handle, text, NULL, &id);
        library[i] = heard_after(start);
        narrator_event event;
        for (int ended = 0; !ended;) {
            struct pollfd wait = {.fd = narrator_fd(handle), .events = POLLIN};
            poll(&wait, 1, 10000);
            while (narrator_poll(handle, &event)) ended |= event.id == id && narrator_event_ends(event.type);
        }

        wait_quiet();
        arm();
        char *argv[] = {(char *)narrator_path, "send", "--socket", (char *)socket, "say", "--text", (char *)text, NULL};
        posix_spawn_file_actions_t quiet;
        posix_spawn_file_actions_init(&quiet);
        posix_spawn_file_actions_addopen(&quiet, 1, "/dev/null", 01, 0);
        pid_t child;
        start = now_us();
        if (posix_spawn(&child, narrator_path, &quiet, NULL, argv, environ) != 0) die("narrator send");
        send[i] = heard_after(start);
        waitpid(child, NULL, 0);
        posix_spawn_file_actions_destroy(&quiet);
    }
    report("narrator_say -> first audible", library, total, "ms");
    report("narrator send -> first audible", send, total, "ms");
    narrator_close(handle);
    kill(recorder, SIGTERM);
    waitpid(recorder, NULL, 0);
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc == 4 && strcmp(argv[1], "calls") == 0) calls(argv[2], atoi(argv[3]));
    else if (argc == 5 && strcmp(argv[1], "stopped") == 0) stopped(argv[2], (pid_t)atoi(argv[3]), atoi(argv[4]));
    else if (argc == 6 && strcmp(argv[1], "audible") == 0) audible(argv[2], argv[3], argv[4], atoi(argv[5]));
    else die("usage: bench calls SOCKET N | stopped SOCKET PID N | audible SOCKET SERVER NARRATOR N");
    return 0;
}
