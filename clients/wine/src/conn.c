/* The bridge thread: one per loaded module, the only code that touches the network (N1-N3).
 *
 * It was started at load and never stops (the module is pinned, exports.c). Each round it
 * reads the door file again, connects to 127.0.0.1:PORT without blocking for more than
 * NW_DIAL_MS, sends the secret, hello, subscribe and status, then moves queued jobs to the
 * socket and replies to proto.c until the connection fails or the daemon stops answering
 * for NW_HUNG_MS (a SIGSTOPped narrator): then every waiting caller is told, and it tries
 * again every NW_RETRY_MS, which is how a restarted narrator is found again. */
#include "bridge.h"
#include <stdlib.h>
#include <string.h>

#define NW_OUT_CAP (128 * 1024) /* more than one request line (64 KiB) */
#define NW_IN_CAP (1024 * 1024) /* a reply echoes a text of 64 KiB, escaped */
#define NW_DIAL_MS 1000
#define NW_HUNG_MS 3000
#define NW_PING_MS 1000
#define NW_RETRY_MS 250

BOOL nw_proto_start(char *out, size_t *len, size_t cap, const char *client);
BOOL nw_proto_take(struct nw_job *job, char *out, size_t *len, size_t cap);
BOOL nw_proto_ping(char *out, size_t *len, size_t cap);
BOOL nw_proto_line(const char *line, size_t len);
DWORD nw_proto_oldest(void);
void nw_proto_lost(void);

nw_mark_callback volatile nw_mark_cb;
static volatile LONG state = NW_CONNECTING;
static volatile LONG refused;
static volatile LONG settled; /* the first attempt after load has ended, either way */
static DWORD bridge_tid;
static char client[400];
static char out[NW_OUT_CAP];

LONG nw_conn_state(void) { return state; }
BOOL nw_conn_on_bridge_thread(void) { return GetCurrentThreadId() == bridge_tid; }
BOOL nw_conn_first_settled(void) { return settled != 0; }

static void settle(void) { InterlockedExchange(&settled, 1); }

void nw_conn_set_ready(BOOL ready)
{
    if (ready) {
        InterlockedExchange(&state, NW_READY);
        settle();
    } else {
        InterlockedExchange(&refused, 1);
    }
}

/* The game's executable name without its folder and ".exe": how status and history name it. */
static void client_name(void)
{
    WCHAR path[MAX_PATH + 1], *name, *dot;
    DWORD n = GetModuleFileNameW(NULL, path, MAX_PATH);
    path[n < MAX_PATH ? n : MAX_PATH] = 0;
    name = wcsrchr(path, L'\\');
    name = name ? name + 1 : path;
    dot = wcsrchr(name, L'.');
    if (dot && _wcsicmp(dot, L".exe") == 0)
        *dot = 0;
    if (wcslen(name) > 64) /* the daemon keeps 64 characters */
        name[64] = 0;
    if (!*name)
        name = L"wine";
    client[nw_json_escape(client, name, NULL)] = 0;
}

static SOCKET dial(char secret[65])
{
    unsigned short port;
    struct sockaddr_in a;
    u_long nonblocking = 1;
    int one = 1, err;
    SOCKET s;
    fd_set w, e;
    struct timeval tv = {NW_DIAL_MS / 1000, (NW_DIAL_MS % 1000) * 1000};
    if (!nw_door_read(&port, secret) || !nw_door_listener_is_ours(port))
        return INVALID_SOCKET;
    s = socket(AF_INET, SOCK_STREAM, IPPROTO_TCP);
    if (s == INVALID_SOCKET)
        return s;
    /* Lines are small and a cancel must not wait for the previous line's ACK. */
    setsockopt(s, IPPROTO_TCP, TCP_NODELAY, (const char *)&one, sizeof one);
    ioctlsocket(s, FIONBIO, &nonblocking);
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(s, (struct sockaddr *)&a, sizeof a) != 0) {
        if (WSAGetLastError() != WSAEWOULDBLOCK)
            goto fail;
        FD_ZERO(&w);
        FD_ZERO(&e);
        FD_SET(s, &w);
        FD_SET(s, &e);
        if (select(0, NULL, &w, &e, &tv) != 1 || !FD_ISSET(s, &w))
            goto fail;
        err = 0;
        one = sizeof err;
        if (getsockopt(s, SOL_SOCKET, SO_ERROR, (char *)&err, &one) != 0 || err != 0)
            goto fail;
    }
    return s;
fail:
    closesocket(s);
    return INVALID_SOCKET;
}

/* Hands each whole line to proto.c; FALSE if one made no sense. */
static BOOL lines(char *in, size_t *inlen)
{
    size_t start = 0, i;
    for (i = 0; i < *inlen; i++) {
        if (in[i] != '\n')
            continue;
        if (!nw_proto_line(in + start, i - start))
            return FALSE;
        start = i + 1;
    }
    memmove(in, in + start, *inlen - start);
    *inlen -= start;
    return TRUE;
}

static void session(SOCKET s, const char *secret, HANDLE sockev)
{
    size_t outlen = 0, inlen = 0, incap = 64 * 1024;
    char *in = malloc(incap);
    struct nw_job *held = NULL;
    DWORD heard = GetTickCount();
    HANDLE waits[2];
    memcpy(out, secret, 64);
    out[64] = '\n';
    outlen = 65;
    InterlockedExchange(&refused, 0);
    if (!in || !nw_proto_start(out, &outlen, sizeof out, client) ||
        WSAEventSelect(s, sockev, FD_READ | FD_WRITE | FD_CLOSE) != 0)
        goto lost;
    waits[0] = sockev, waits[1] = nw_queue_wakeup();
    for (;;) {
        WSANETWORKEVENTS ne;
        int n;
        while ((held || (held = nw_queue_pop()) != NULL) && nw_proto_take(held, out, &outlen, sizeof out)) {
            nw_job_free(held); /* its waiter now belongs to proto.c */
            held = NULL;
        }
        if (outlen == 0 && GetTickCount() - heard > NW_PING_MS && nw_proto_oldest() == 0)
            nw_proto_ping(out, &outlen, sizeof out);
        while (outlen > 0) {
            n = send(s, out, (int)(outlen > 65536 ? 65536 : outlen), 0);
            if (n <= 0)
                break;
            memmove(out, out + n, outlen - (size_t)n);
            outlen -= (size_t)n;
        }
        if (outlen > 0 && WSAGetLastError() != WSAEWOULDBLOCK)
            goto lost;
        for (;;) {
            if (inlen == incap) {
                char *bigger = incap < NW_IN_CAP ? realloc(in, incap * 2) : NULL;
                if (!bigger)
                    goto lost; /* a line longer than any the daemon writes */
                in = bigger, incap *= 2;
            }
            n = recv(s, in + inlen, (int)(incap - inlen), 0);
            if (n == 0 || (n < 0 && WSAGetLastError() != WSAEWOULDBLOCK))
                goto lost;
            if (n < 0)
                break;
            inlen += (size_t)n;
            heard = GetTickCount();
            if (!lines(in, &inlen))
                goto lost;
        }
        if (refused || nw_proto_oldest() > NW_HUNG_MS)
            goto lost;
        WaitForMultipleObjects(2, waits, FALSE, outlen ? 20 : 250);
        WSAEnumNetworkEvents(s, sockev, &ne);
    }
lost:
    if (held)
        nw_job_drop(held, NW_SERVER_UNAVAILABLE);
    nw_proto_lost();
    free(in);
}

static DWORD WINAPI bridge_main(LPVOID unused)
{
    WSADATA wsa;
    HANDLE sockev = WSACreateEvent();
    (void)unused;
    client_name();
    WSAStartup(MAKEWORD(2, 2), &wsa);
    for (;;) {
        char secret[65];
        SOCKET s;
        InterlockedExchange(&state, NW_CONNECTING);
        s = dial(secret);
        if (s != INVALID_SOCKET) {
            session(s, secret, sockev);
            closesocket(s);
        }
        InterlockedExchange(&state, NW_DISCONNECTED);
        settle();
        nw_queue_drop_all(NW_SERVER_UNAVAILABLE);
        Sleep(NW_RETRY_MS);
    }
    return 0;
}

void nw_conn_start(void)
{
    /* Only CreateThread here: under the loader lock the thread waits to run until
     * LoadLibrary has returned, so nothing in DllMain waits on it. */
    HANDLE t = CreateThread(NULL, 0, bridge_main, NULL, 0, &bridge_tid);
    if (t) {
        CloseHandle(t);
    } else { /* no thread, no narrator: every call says so at once instead of queueing */
        InterlockedExchange(&state, NW_DISCONNECTED);
        settle();
    }
}
