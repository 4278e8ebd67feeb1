/* Where the daemon listens, and a connection that is checked before anything is sent on it: the
 * same rules as the daemon and the other clients (docs/PROTOCOL.md, Transport). */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

/* $XDG_RUNTIME_DIR/narrator/narrator.sock, or /tmp/narrator-$UID/narrator.sock when it is unset or empty. */
char *default_socket_path(void) {
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    char path[4096];
    if (runtime != NULL && runtime[0] != '\0') snprintf(path, sizeof path, "%s/narrator/narrator.sock", runtime);
    else snprintf(path, sizeof path, "/tmp/narrator-%u/narrator.sock", (unsigned)getuid());
    return strdup(path);
}

/* A non-blocking connected socket whose peer runs as this user, or -1 with the error and a sentence. */
int connect_socket(const char *path, narrator_error *error, char *reason, size_t reason_size) {
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    memcpy(address.sun_path, path, strlen(path) + 1); /* checked at open: at most 103 bytes */
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        *error = NARRATOR_E_SYSTEM;
        snprintf(reason, reason_size, "socket() failed: %s", strerror(errno));
        return -1;
    }
    /* A Unix socket connects at once or not at all (EAGAIN: its backlog is full; try later). */
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        *error = NARRATOR_E_DISCONNECTED;
        snprintf(reason, reason_size, "no narrator answers on %s (%s)", path, strerror(errno));
        close(fd);
        return -1;
    }
    struct ucred peer;
    socklen_t size = sizeof peer;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &size) != 0 || peer.uid != getuid()) {
        *error = NARRATOR_E_WRONG_USER;
        snprintf(reason, reason_size,
                 "the socket %s is served by another user (uid %d, pid %d), not by a narrator of yours (uid %u), "
                 "so nothing was sent to it",
                 path, (int)peer.uid, (int)peer.pid, (unsigned)getuid());
        close(fd);
        return -1;
    }
    *error = NARRATOR_OK;
    return fd;
}
