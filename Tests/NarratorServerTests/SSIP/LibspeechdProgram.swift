import Foundation
import NarratorTestSupport
import Testing

/// A small C program linked against libspeechd, the library Godot and Qt speak through: it
/// connects where SPEECHD_ADDRESS says, speaks a long message (queued while paused, so no event can
/// come before its id is known), stops it once it begins, speaks a short one to its end, and prints
/// the events its callbacks got, in order: `begin first`, `cancel first`, `begin second`, `end second`.
enum LibspeechdProgram {
    static let source = #"""
        #include <libspeechd.h>
        #include <pthread.h>
        #include <stdio.h>
        #include <string.h>
        #include <time.h>

        static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
        static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
        static char events[16][32];
        static size_t count = 0, ids[16];

        static void note(size_t id, const char *name) {
            pthread_mutex_lock(&lock);
            if (count < 16) { ids[count] = id; snprintf(events[count], 32, "%s", name); count++; }
            pthread_cond_broadcast(&changed);
            pthread_mutex_unlock(&lock);
        }
        static void on_begin(size_t id, size_t client, SPDNotificationType t) { note(id, "begin"); }
        static void on_end(size_t id, size_t client, SPDNotificationType t) { note(id, "end"); }
        static void on_cancel(size_t id, size_t client, SPDNotificationType t) { note(id, "cancel"); }

        /* Waits up to 20 s for the event `name` of message `id`. */
        static int wait_for(size_t id, const char *name) {
            struct timespec deadline;
            clock_gettime(CLOCK_REALTIME, &deadline);
            deadline.tv_sec += 20;
            pthread_mutex_lock(&lock);
            for (;;) {
                for (size_t i = 0; i < count; i++)
                    if (ids[i] == id && strcmp(events[i], name) == 0) { pthread_mutex_unlock(&lock); return 1; }
                if (pthread_cond_timedwait(&changed, &lock, &deadline) != 0) break;
            }
            pthread_mutex_unlock(&lock);
            fprintf(stderr, "no %s of message %zu\n", name, id);
            return 0;
        }

        int main(void) {
            char *error = NULL;
            SPDConnection *c = spd_open2("libspeechd-test", "main", NULL, SPD_MODE_THREADED, NULL, 0, &error);
            if (c == NULL) { fprintf(stderr, "spd_open2: %s\n", error ? error : "?"); return 2; }
            c->callback_begin = on_begin;
            c->callback_end = on_end;
            c->callback_cancel = on_cancel;
            if (spd_set_notification_on(c, SPD_BEGIN) || spd_set_notification_on(c, SPD_END)
                || spd_set_notification_on(c, SPD_CANCEL)) { fprintf(stderr, "notifications refused\n"); return 3; }
            spd_pause(c);
            int first = spd_say(c, SPD_MESSAGE,
                "This message is long enough to be stopped while it is being said, long before its end.");
            spd_resume(c);
            if (first < 0 || !wait_for(first, "begin")) return 4;
            if (spd_stop(c)) { fprintf(stderr, "STOP refused\n"); return 5; }
            if (!wait_for(first, "cancel")) return 6;
            int second = spd_say(c, SPD_TEXT, "Short.");
            if (second < 0 || !wait_for(second, "end")) return 7;
            pthread_mutex_lock(&lock);
            for (size_t i = 0; i < count; i++)
                printf("%s %s\n", events[i], ids[i] == (size_t)first ? "first" : ids[i] == (size_t)second ? "second" : "other");
            pthread_mutex_unlock(&lock);
            spd_close(c);
            return 0;
        }
        """#

    /// Compiles the program into `folder` with the system's C compiler and libspeechd's flags
    /// (pkg-config's `speech-dispatcher`); returns its path.
    static func build(in folder: String) throws -> String {
        let compiler = try #require(
            PrivatePulseAudio.findExecutable("cc") ?? PrivatePulseAudio.findExecutable("clang"), "no C compiler")
        let flags = try ChildProcess.run("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "speech-dispatcher"])
        try #require(
            flags.status == 0, "libspeechd-dev is not installed (pkg-config speech-dispatcher): \(flags.errors)")
        let sourcePath = folder + "/ssip-client.c"
        let program = folder + "/ssip-client"
        try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
        let arguments =
            [sourcePath, "-o", program, "-pthread"]
            + flags.output.split(separator: " ").map(String.init)
            .filter { !$0.isEmpty && $0 != "\n" }.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let compiled = try ChildProcess.run(compiler.path, arguments)
        try #require(compiled.status == 0, "the test program did not compile: \(compiled.errors)")
        return program
    }
}
