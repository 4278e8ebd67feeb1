/* A small game loop on libnarrator: the race sends its events on a timer, a key press (a line on
 * standard input, or simulated with --simulate) interrupts with something urgent, and every outcome
 * is printed as it comes. The loop waits on poll(): the frame timer, standard input and
 * narrator_fd together, as a game's own loop would; no call ever waits on the narrator.
 *
 *   make && ./race [--simulate] [--socket PATH]
 * Keys: Enter says "Brake!" at once (interrupting), q then Enter quits. */
#include <narrator.h>

#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long long now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* What the narrator said back since the last frame. */
static void drain(narrator *speech) {
    narrator_event event;
    while (narrator_poll(speech, &event)) {
        if (event.dropped) printf("(%u events dropped)\n", event.dropped);
        switch (event.type) {
        case NARRATOR_EVENT_CONNECTED: printf("narrator connected (profile %s)\n", event.text); break;
        case NARRATOR_EVENT_DISCONNECTED: printf("narrator away: %s\n", event.text); break;
        case NARRATOR_EVENT_REFUSED: printf("refused %llu: %s\n", (unsigned long long)event.id, event.text); break;
        default: printf("%s %llu\n", narrator_event_name(event.type), (unsigned long long)event.id); break;
        }
    }
    fflush(stdout);
}

int main(int argc, char **argv) {
    int simulate = 0;
    narrator_options options;
    narrator_options_init(&options);
    options.client = "C race";
    options.profile = "retroracing";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--simulate") == 0) simulate = 1;
        else if (strcmp(argv[i], "--socket") == 0 && i + 1 < argc) options.socket_path = argv[++i];
        else { fprintf(stderr, "usage: race [--simulate] [--socket PATH]\n"); return 64; }
    }
    narrator *speech = NULL;
    narrator_error error = narrator_open(&options, &speech);
    if (error != NARRATOR_OK) { fprintf(stderr, "race: %s\n", narrator_strerror(error)); return 1; }
    printf("libnarrator %s; Enter brakes, q quits\n", narrator_version());

    long long start = now_ms(), next_frame = start, next_score = start + 1000;
    int score = 0, lane = 1, braked = 0, running = 1;
    while (running) {
        long long now = now_ms();
        if (now >= next_frame) {
            next_frame += 16; /* ~60 frames a second */
            if (now >= next_score) {
                next_score += 1000;
                score += 10;
                char fields[64];
                snprintf(fields, sizeof fields, "{\"score\":%d}", score);
                narrator_id id = 0;
                if (narrator_send_event(speech, "score_changed", fields, 0, &id) == NARRATOR_OK)
                    printf("score %d as %llu\n", score, (unsigned long long)id);
                if (score % 30 == 0) {
                    lane = (lane + 1) % 3;
                    snprintf(fields, sizeof fields, "{\"lane\":%d}", lane);
                    narrator_send_event(speech, "lane_changed", fields, 0, NULL);
                }
            }
            if (simulate && !braked && now - start >= 2500) {
                braked = 1; /* the simulated key press */
                narrator_speech urgent;
                narrator_speech_init(&urgent);
                urgent.priority = NARRATOR_PRIORITY_HIGH;
                urgent.flags = NARRATOR_INTERRUPT;
                narrator_id id = 0;
                narrator_say(speech, "Brake!", &urgent, &id);
                printf("brake as %llu\n", (unsigned long long)id);
            }
            if (simulate && now - start >= 5000) running = 0;
        }
        drain(speech);
        struct pollfd waits[2] = {{.fd = narrator_fd(speech), .events = POLLIN}, {.fd = 0, .events = POLLIN}};
        long long wait = next_frame - now_ms();
        if (poll(waits, simulate ? 1 : 2, wait > 0 ? (int)wait : 0) > 0 && (waits[1].revents & POLLIN)) {
            char line[64];
            if (fgets(line, sizeof line, stdin) == NULL || line[0] == 'q') {
                running = 0;
            } else {
                narrator_speech urgent;
                narrator_speech_init(&urgent);
                urgent.priority = NARRATOR_PRIORITY_HIGH;
                urgent.flags = NARRATOR_INTERRUPT;
                narrator_say(speech, "Brake!", &urgent, NULL);
            }
        }
    }
    drain(speech);
    narrator_close(speech);
    printf("race over, score %d\n", score);
    return 0;
}
