/* The narrator's NVDA controller client: what the parts of the DLL share.
 *
 * The game calls the seven exports (exports.c) on any thread. They never talk to the
 * network themselves: they put a finished JSON line on a bounded queue (queue.c) and
 * return. One thread per loaded module (conn.c) owns the TCP connection to the
 * narrator's Wine door (door.c), writes the queued lines, reads replies and
 * notifications (json.c) and wakes the callers of a synchronous speakSsml. Another
 * thread owns the hidden "NVDA" window that Tolk and SRAL look for (window.c).
 * docs/WINE.md has the rules (N1, N2, ...) and the tests that cover them. */
#ifndef NARRATOR_WINE_BRIDGE_H
#define NARRATOR_WINE_BRIDGE_H

#include <winsock2.h>
#include <windows.h>
#include <stddef.h>

/* Windows error codes the exports return (docs/WINE.md, "Error codes"). */
#define NW_OK 0UL
#define NW_INVALID_PARAMETER 87UL       /* ERROR_INVALID_PARAMETER */
#define NW_POSSIBLE_DEADLOCK 1131UL     /* ERROR_POSSIBLE_DEADLOCK */
#define NW_CANCELLED 1223UL             /* ERROR_CANCELLED: NVDA's code for cut speech */
#define NW_SERVER_UNAVAILABLE 1722UL    /* RPC_S_SERVER_UNAVAILABLE: NVDA is not running */
#define NW_SERVER_TOO_BUSY 1723UL       /* RPC_S_SERVER_TOO_BUSY: the queue is full */
#define NW_CALL_FAILED 1726UL           /* RPC_S_CALL_FAILED: lost while waiting */

/* The protocol's limit on one announcement's text, in UTF-8 bytes (PROTOCOL.md "Limits"). */
#define NW_TEXT_LIMIT 65536

typedef unsigned long(__stdcall *nw_mark_callback)(const wchar_t *mark);

/* One synchronous speakSsml (waiter.c). The caller and the bridge thread each hold a reference;
 * whoever drops the last frees it, so a caller never waits on freed memory. */
struct nw_mark;
struct nw_waiter {
    HANDLE done;           /* manual-reset: set once result is final */
    HANDLE marked;         /* auto-reset: marks wait for the caller's thread */
    volatile LONG result;  /* an NW_ code */
    volatile LONG refs;
    CRITICAL_SECTION lock; /* over marks */
    struct nw_mark *marks, **marks_tail;
    char id[32];           /* the daemon's id for the announcement, once replied */
    struct nw_waiter *next; /* the bridge thread's list of waiters with an id */
};

struct nw_waiter *nw_waiter_new(void);
void nw_waiter_finish(struct nw_waiter *w, unsigned long result); /* first result wins */
void nw_waiter_release(struct nw_waiter *w);
void nw_waiter_mark(struct nw_waiter *w, const WCHAR *name);      /* bridge thread */
unsigned long nw_waiter_wait(struct nw_waiter *w);                /* caller: result */

enum nw_job_kind { NW_JOB_SAY, NW_JOB_CANCEL };

/* A line for the daemon, made by an export, sent by the bridge thread. */
struct nw_job {
    enum nw_job_kind kind;
    char *line;            /* whole JSON line ending in '\n', malloc'd */
    size_t len;
    int punctuation;       /* say: -1 the player's default, 0..3 none/some/most/all */
    struct nw_waiter *waiter; /* say: a synchronous caller, or NULL */
    struct nw_job *next;
};

/* queue.c: bounded, never blocks a caller for more than a short critical section. */
void nw_queue_init(void);
/* NW_OK: the queue owns job now. NW_SERVER_TOO_BUSY: full, and job is still the caller's. */
unsigned long nw_queue_push(struct nw_job *job);
struct nw_job *nw_queue_pop(void);               /* bridge thread; NULL when empty */
void nw_queue_drop_all(unsigned long result);    /* finish waiters with result, free jobs */
void nw_job_free(struct nw_job *job);                /* not its waiter */
void nw_job_drop(struct nw_job *job, unsigned long result); /* finishes and releases its waiter */
HANDLE nw_queue_wakeup(void);                    /* auto-reset event set on each push */

/* conn.c: the bridge thread and the state the exports read. */
enum nw_state { NW_DISCONNECTED = 0, NW_CONNECTING = 1, NW_READY = 2 };
void nw_conn_start(void);
LONG nw_conn_state(void);
BOOL nw_conn_first_settled(void);
BOOL nw_conn_on_bridge_thread(void);
unsigned long nw_conn_daemon_pid(void);
extern nw_mark_callback volatile nw_mark_cb;

/* door.c */
BOOL nw_door_read(unsigned short *port, char secret[65]);
BOOL nw_door_listener_is_ours(unsigned short port);

/* json.c */
/* Appends s as a JSON string body (no quotes) in UTF-8 to out; lone surrogates become
 * U+FFFD. Returns the escaped length (out may be NULL to measure); *utf8 gets the
 * text's own UTF-8 length (what the daemon's limit counts). */
size_t nw_json_escape(char *out, const wchar_t *s, size_t *utf8);
BOOL nw_json_field(const char *line, size_t len, const char *key, const char **val, size_t *vlen);
/* Unescapes a JSON string value (with its quotes) into UTF-8; FALSE if not a string or too long. */
BOOL nw_json_string(const char *val, size_t vlen, char *out, size_t cap);

/* window.c */
void nw_window_start(HINSTANCE module);

/* the module's handle, set at load */
extern HINSTANCE nw_module;

#endif
