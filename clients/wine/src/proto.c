/* The narrator's protocol, as the bridge thread speaks it (N2, N7 to N10).
 *
 * The daemon answers every request with exactly one reply, in order (docs/PROTOCOL.md,
 * "Replies"), so the bridge keeps a FIFO of what it sent and pairs each reply with the
 * oldest entry: that is how a synchronous speakSsml learns its announcement's id. A
 * notification (a line with "event") is matched to a waiting caller by that id; a mark
 * goes to the game's callback. Only this thread touches anything here. */
#include "bridge.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NW_PENDING 512

enum sent { SENT_HELLO, SENT_SUBSCRIBE, SENT_STATUS, SENT_SET, SENT_SAY, SENT_CANCEL, SENT_PING };

static struct {
    enum sent what;
    struct nw_waiter *waiter;
    DWORD at;
} pending[NW_PENDING];
static unsigned head, count;
static struct nw_waiter *waiting;  /* replied synchronous says, matched by id */
static int punctuation;            /* what this connection's `set` last chose; -1 default */
static volatile LONG daemon_pid;
void nw_conn_set_ready(BOOL ready);

unsigned long nw_conn_daemon_pid(void) { return (unsigned long)daemon_pid; }

static BOOL push(enum sent what, struct nw_waiter *w)
{
    unsigned i;
    if (count == NW_PENDING)
        return FALSE;
    i = (head + count++) % NW_PENDING;
    pending[i].what = what, pending[i].waiter = w, pending[i].at = GetTickCount();
    return TRUE;
}

static BOOL append(char *out, size_t *len, size_t cap, const char *s, size_t n, enum sent what,
                   struct nw_waiter *w)
{
    if (*len + n > cap || !push(what, w))
        return FALSE;
    memcpy(out + *len, s, n);
    *len += n;
    return TRUE;
}

/* The first lines of each connection: who we are, and our own outcomes and marks. */
BOOL nw_proto_start(char *out, size_t *len, size_t cap, const char *client)
{
    char hello[512];
    static const char sub[] = "{\"type\":\"subscribe\"}\n", status[] = "{\"type\":\"status\"}\n";
    int n = snprintf(hello, sizeof hello, "{\"type\":\"hello\",\"client\":\"%s\"}\n", client);
    head = count = 0;
    punctuation = -1;
    return n > 0 && (size_t)n < sizeof hello && append(out, len, cap, hello, (size_t)n, SENT_HELLO, NULL) &&
           append(out, len, cap, sub, sizeof sub - 1, SENT_SUBSCRIBE, NULL) &&
           append(out, len, cap, status, sizeof status - 1, SENT_STATUS, NULL);
}

/* Sends a job (and the `set` of punctuation it needs first) if both fit now; FALSE leaves
 * everything as it was, and the job waits for the buffer to drain. */
BOOL nw_proto_take(struct nw_job *job, char *out, size_t *len, size_t cap)
{
    static const char *const names[] = {"none", "some", "most", "all"};
    char set[64];
    int n = 0;
    if (job->kind == NW_JOB_SAY && job->punctuation != punctuation)
        n = job->punctuation < 0 ? snprintf(set, sizeof set, "{\"type\":\"set\",\"punctuation\":null}\n")
                                 : snprintf(set, sizeof set, "{\"type\":\"set\",\"punctuation\":\"%s\"}\n",
                                            names[job->punctuation]);
    if (count + 2 > NW_PENDING || *len + (size_t)n + job->len > cap)
        return FALSE;
    if (n > 0) {
        append(out, len, cap, set, (size_t)n, SENT_SET, NULL);
        punctuation = job->punctuation;
    }
    return append(out, len, cap, job->line, job->len, job->kind == NW_JOB_SAY ? SENT_SAY : SENT_CANCEL,
                  job->waiter);
}

/* A liveness probe while a caller waits: `subscribe` again is harmless and always answered. */
BOOL nw_proto_ping(char *out, size_t *len, size_t cap)
{
    static const char sub[] = "{\"type\":\"subscribe\"}\n";
    return append(out, len, cap, sub, sizeof sub - 1, SENT_PING, NULL);
}

/* Milliseconds the oldest unanswered request has waited; 0 if none. */
DWORD nw_proto_oldest(void) { return count ? GetTickCount() - pending[head].at : 0; }
BOOL nw_proto_has_waiters(void) { return waiting != NULL; }

static unsigned long from_error(const char *line, size_t len)
{
    const char *v, *c;
    size_t vl, cl;
    char code[32];
    if (!nw_json_field(line, len, "error", &v, &vl) || !nw_json_field(v, vl, "code", &c, &cl) ||
        !nw_json_string(c, cl, code, sizeof code))
        return NW_CALL_FAILED;
    if (!strcmp(code, "speech") || !strcmp(code, "ssml"))
        return NW_INVALID_PARAMETER;
    if (!strcmp(code, "limit"))
        return NW_SERVER_TOO_BUSY;
    return NW_CALL_FAILED;
}

static void reply(const char *line, size_t len, BOOL ok)
{
    const char *v;
    size_t vl;
    enum sent what = pending[head].what;
    struct nw_waiter *w = pending[head].waiter;
    head = (head + 1) % NW_PENDING;
    count--;
    if (what == SENT_HELLO)
        nw_conn_set_ready(ok);
    else if (what == SENT_STATUS && ok && nw_json_field(line, len, "pid", &v, &vl))
        InterlockedExchange(&daemon_pid, atol(v));
    if (!w)
        return;
    if (ok && nw_json_field(line, len, "id", &v, &vl) && nw_json_string(v, vl, w->id, sizeof w->id)) {
        w->next = waiting; /* now it waits for its outcome, by id */
        waiting = w;
        return;
    }
    nw_waiter_finish(w, ok ? NW_CALL_FAILED : from_error(line, len));
    nw_waiter_release(w);
}

static void outcome(const char *event, const char *line, size_t len)
{
    static const char *const ends[] = {"finished", "interrupted", "superseded", "expired",
                                       "dropped", "cancelled", "failed"};
    struct nw_waiter **p;
    const char *v;
    size_t vl, i;
    char id[32];
    for (i = 0; i < sizeof ends / sizeof *ends && strcmp(event, ends[i]); i++)
        ;
    if (i == sizeof ends / sizeof *ends || !nw_json_field(line, len, "id", &v, &vl) ||
        !nw_json_string(v, vl, id, sizeof id))
        return;
    for (p = &waiting; *p; p = &(*p)->next) {
        struct nw_waiter *w = *p;
        if (strcmp(w->id, id) == 0) {
            *p = w->next;
            nw_waiter_finish(w, i == 0 ? NW_OK : i == 6 ? NW_CALL_FAILED : NW_CANCELLED);
            nw_waiter_release(w);
            return;
        }
    }
}

/* A mark of a synchronous call goes to its caller's thread (waiter.c), as NVDA's callback runs
 * during the call; one of an asynchronous call, which NVDA never reports, to the callback on this
 * thread (N10). The name is converted to UTF-16. */
static void mark(const char *line, size_t len)
{
    nw_mark_callback cb = nw_mark_cb;
    struct nw_waiter *w;
    const char *v;
    size_t vl;
    char name[1024], id[32];
    WCHAR wname[1024];
    if (!nw_json_field(line, len, "mark", &v, &vl) || !nw_json_string(v, vl, name, sizeof name) ||
        MultiByteToWideChar(CP_UTF8, 0, name, -1, wname, 1024) <= 0)
        return;
    if (nw_json_field(line, len, "id", &v, &vl) && nw_json_string(v, vl, id, sizeof id))
        for (w = waiting; w; w = w->next)
            if (strcmp(w->id, id) == 0) {
                nw_waiter_mark(w, wname);
                return;
            }
    if (cb)
        cb(wname);
}

/* One line from the daemon. FALSE when it makes no sense: the connection is then dropped. */
BOOL nw_proto_line(const char *line, size_t len)
{
    const char *v;
    size_t vl;
    char event[32];
    if (nw_json_field(line, len, "ok", &v, &vl)) {
        if (count == 0)
            return FALSE; /* a reply to nothing we sent: a door that is not the narrator's */
        reply(line, len, vl == 4 && !memcmp(v, "true", 4));
        return TRUE;
    }
    if (!nw_json_field(line, len, "event", &v, &vl) || !nw_json_string(v, vl, event, sizeof event))
        return TRUE; /* a notification of a kind we do not know: not ours to judge */
    if (!strcmp(event, "mark"))
        mark(line, len);
    else
        outcome(event, line, len);
    return TRUE;
}

/* The connection is gone: every caller still waiting learns it now (N9). */
void nw_proto_lost(void)
{
    while (count) {
        struct nw_waiter *w = pending[head].waiter;
        if (w) {
            nw_waiter_finish(w, NW_CALL_FAILED);
            nw_waiter_release(w);
        }
        head = (head + 1) % NW_PENDING;
        count--;
    }
    while (waiting) {
        struct nw_waiter *w = waiting;
        waiting = w->next;
        nw_waiter_finish(w, NW_CALL_FAILED);
        nw_waiter_release(w);
    }
}
