/* One synchronous speakSsml, between its caller and the bridge thread (N9, N10).
 *
 * The caller waits on `done`; the bridge thread sets the result once (the first result is the
 * true one: a connection lost after "finished" changes nothing). Marks of the announcement are
 * handed to the caller's thread, as NVDA's RPC callback runs on the thread of the synchronous
 * call: a game's callback written for NVDA may touch state of that thread without locks. Both
 * sides hold a reference; whoever drops the last frees it, so nobody waits on freed memory. */
#include "bridge.h"
#include <stdlib.h>
#include <string.h>

struct nw_mark {
    struct nw_mark *next;
    WCHAR name[1];
};

struct nw_waiter *nw_waiter_new(void)
{
    struct nw_waiter *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->done = CreateEventW(NULL, TRUE, FALSE, NULL);
    w->marked = CreateEventW(NULL, FALSE, FALSE, NULL);
    if (!w->done || !w->marked) {
        if (w->done)
            CloseHandle(w->done);
        free(w);
        return NULL;
    }
    InitializeCriticalSection(&w->lock);
    w->marks_tail = &w->marks;
    w->result = -1;
    w->refs = 2; /* the caller's and the bridge's */
    return w;
}

void nw_waiter_finish(struct nw_waiter *w, unsigned long result)
{
    if (InterlockedCompareExchange(&w->result, (LONG)result, -1) == -1)
        SetEvent(w->done);
}

static struct nw_mark *take_marks(struct nw_waiter *w)
{
    struct nw_mark *m;
    EnterCriticalSection(&w->lock);
    m = w->marks;
    w->marks = NULL;
    w->marks_tail = &w->marks;
    LeaveCriticalSection(&w->lock);
    return m;
}

void nw_waiter_release(struct nw_waiter *w)
{
    if (InterlockedDecrement(&w->refs) == 0) {
        struct nw_mark *m = take_marks(w);
        while (m) {
            struct nw_mark *next = m->next;
            free(m);
            m = next;
        }
        DeleteCriticalSection(&w->lock);
        CloseHandle(w->marked);
        CloseHandle(w->done);
        free(w);
    }
}

/* Bridge thread: a mark of this waiter's announcement. Dropped if memory is short. */
void nw_waiter_mark(struct nw_waiter *w, const WCHAR *name)
{
    size_t n = wcslen(name);
    struct nw_mark *m = malloc(sizeof *m + n * sizeof(WCHAR));
    if (!m)
        return;
    memcpy(m->name, name, (n + 1) * sizeof(WCHAR));
    m->next = NULL;
    EnterCriticalSection(&w->lock);
    *w->marks_tail = m;
    w->marks_tail = &m->next;
    LeaveCriticalSection(&w->lock);
    SetEvent(w->marked);
}

/* Caller's thread: waits for the end, giving each mark to the game's callback as it comes. */
unsigned long nw_waiter_wait(struct nw_waiter *w)
{
    HANDLE both[2];
    both[0] = w->done, both[1] = w->marked;
    for (;;) {
        DWORD which = WaitForMultipleObjects(2, both, FALSE, INFINITE);
        struct nw_mark *m = take_marks(w);
        while (m) {
            struct nw_mark *next = m->next;
            nw_mark_callback cb = nw_mark_cb;
            if (cb)
                cb(m->name);
            free(m);
            m = next;
        }
        if (which == WAIT_OBJECT_0) /* done: its marks came before the end, and were given */
            return (unsigned long)w->result;
        if (which != WAIT_OBJECT_0 + 1) /* the wait itself failed: never a result of -1 */
            return w->result == -1 ? NW_CALL_FAILED : (unsigned long)w->result;
    }
}
