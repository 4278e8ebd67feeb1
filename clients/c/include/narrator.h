/*
 * libnarrator: the narrator daemon from C, C++ and anything with a C FFI (docs/CLIENT-C.md).
 *
 * Every function returns at once: none waits on the daemon. A handle owns one background thread that
 * connects, writes the requests, reads the replies and notifications, and reconnects after the daemon
 * restarts (sending `hello` again). Calls only check their arguments, put a request in a bounded queue
 * and wake that thread. What the daemon answers comes back as events: polled (narrator_poll, or wait
 * for narrator_fd to be readable), or handed to a callback on the library's thread.
 *
 * Every function may be called from any thread on one handle, except narrator_close, which must be
 * the last call on it.
 */
#ifndef NARRATOR_H
#define NARRATOR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define NARRATOR_API __attribute__((visibility("default")))
#else
#define NARRATOR_API
#endif

/* The version of this header; narrator_version() gives the library's, which may be newer. */
#define NARRATOR_VERSION_MAJOR 1
#define NARRATOR_VERSION_MINOR 0
#define NARRATOR_VERSION_PATCH 0

/* The longest text of one announcement, in bytes of UTF-8, and of one request line (docs/PROTOCOL.md, Limits). */
#define NARRATOR_MAX_TEXT 65536
#define NARRATOR_MAX_LINE 65536

/* Every error a call returns, and that a `failed` or `refused` event carries. 0 is success. */
typedef enum narrator_error {
    NARRATOR_OK = 0,
    NARRATOR_E_INVALID_ARGUMENT = 1, /* NULL where text was needed, a value out of range, bad JSON fields */
    NARRATOR_E_INVALID_UTF8 = 2,     /* text that is not valid UTF-8 (or holds a NUL inside its length) */
    NARRATOR_E_TOO_LONG = 3,         /* text over NARRATOR_MAX_TEXT, or a request over NARRATOR_MAX_LINE */
    NARRATOR_E_QUEUE_FULL = 4,       /* the request queue is full (the daemon is not taking requests) */
    NARRATOR_E_DISCONNECTED = 5,     /* no daemon, and the request could not wait (hold_ms) */
    NARRATOR_E_NO_MEMORY = 6,
    NARRATOR_E_SYSTEM = 7,           /* a thread or descriptor could not be made; see errno */
    NARRATOR_E_CONNECTION_LOST = 8,  /* the daemon went away before the announcement ended */
    NARRATOR_E_REFUSED = 9,          /* the daemon answered an error; the event's code and text say which */
    NARRATOR_E_WRONG_USER = 10,      /* the socket is served by another user's process: nothing is sent there */
    NARRATOR_E_UNSUPPORTED = 11,     /* not possible for this id (narrator_cancel of a sound's) */
    NARRATOR_E_UNKNOWN_ID = 12       /* no announcement of this handle has that id, or it has ended */
} narrator_error;

/* A sentence for the error; never NULL, static. */
NARRATOR_API const char *narrator_strerror(narrator_error error);

/* "1.0.0": the library's version. */
NARRATOR_API const char *narrator_version(void);
/* major * 10000 + minor * 100 + patch. */
NARRATOR_API unsigned narrator_version_number(void);

/* An announcement's id, given by the library when the call is made (1, 2, 3...; 0 is "none"). The
 * daemon's own id, known once its reply arrives, comes in each event beside it. */
typedef uint64_t narrator_id;

typedef enum narrator_priority {
    NARRATOR_PRIORITY_DEFAULT = 0, /* interrupts default and low speech, can be interrupted */
    NARRATOR_PRIORITY_HIGH = 1,    /* interrupts anything but high, never cut, never dropped */
    NARRATOR_PRIORITY_LOW = 2      /* waits its turn, never interrupts */
} narrator_priority;

/* Flags of narrator_say and narrator_send_event. */
#define NARRATOR_INTERRUPT 0x1u /* cancel all of this handle's speech first (what waits too), then this */
#define NARRATOR_RESUME 0x2u    /* say only: when cut, continue later from the cut sentence */
#define NARRATOR_SSML 0x4u      /* say only: the text is an SSML document */

/* How to say a text. Fill it with narrator_speech_init, then change what you need. */
typedef struct narrator_speech {
    size_t size;                /* sizeof(narrator_speech), set by narrator_speech_init */
    narrator_priority priority; /* default: NARRATOR_PRIORITY_DEFAULT */
    unsigned flags;             /* NARRATOR_INTERRUPT | NARRATOR_RESUME | NARRATOR_SSML */
    const char *scope;          /* a dotted name to cancel by ("help.section.3"), or NULL */
    const char *supersedes;     /* a newer one with the same string replaces this, or NULL */
    int32_t expires_ms;         /* dropped if not started within this; -1 (default): never */
    float pan;                  /* -1 left ... 1 right; 0 the centre (default) */
} narrator_speech;

NARRATOR_API void narrator_speech_init(narrator_speech *speech);

/* What happened. Outcomes carry the id of the announcement; connection events carry 0. */
typedef enum narrator_event_type {
    NARRATOR_EVENT_NONE = 0,
    /* Outcomes, as the daemon tells them (docs/PROTOCOL.md, Notifications). */
    NARRATOR_EVENT_QUEUED = 1,
    NARRATOR_EVENT_STARTED = 2,
    NARRATOR_EVENT_SUSPENDED = 3,
    NARRATOR_EVENT_RESUMED = 4,
    NARRATOR_EVENT_FINISHED = 5,    /* ends */
    NARRATOR_EVENT_INTERRUPTED = 6, /* ends; by: who cut it */
    NARRATOR_EVENT_SUPERSEDED = 7,  /* ends; by: who replaced it */
    NARRATOR_EVENT_EXPIRED = 8,     /* ends */
    NARRATOR_EVENT_DROPPED = 9,     /* ends: the daemon's queue was full */
    NARRATOR_EVENT_CANCELLED = 10,  /* ends */
    NARRATOR_EVENT_FAILED = 11,     /* ends: not heard; error CONNECTION_LOST or DISCONNECTED, or OK when the
                                       daemon told it (its audio failed: text is its reason) */
    NARRATOR_EVENT_MARK = 12,       /* an SSML <mark/> is heard; text: its name */
    /* What the library adds. */
    NARRATOR_EVENT_REFUSED = 13,  /* ends: the daemon answered an error; code and text are its own */
    NARRATOR_EVENT_SILENT = 14,   /* ends: the event was taken but says nothing (silent, a sound alone, a cancel) */
    NARRATOR_EVENT_CONNECTED = 15,    /* connected and `hello` answered; text: the profile */
    NARRATOR_EVENT_DISCONNECTED = 16, /* the connection is gone or could not be made; error and text say why */
    NARRATOR_EVENT_OUTPUT = 17        /* the daemon's sound output: code "lost" (text: why) or "working" */
} narrator_event_type;

/* One event. Fields are appended in later versions, never moved: pass sizeof to narrator_poll_event. */
typedef struct narrator_event {
    narrator_event_type type;
    narrator_error error;    /* FAILED, REFUSED, DISCONNECTED: why; otherwise NARRATOR_OK */
    narrator_id id;          /* the library's id of the announcement (0: none) */
    uint64_t daemon_id;      /* the daemon's id of it (0: not known) */
    narrator_id by;          /* INTERRUPTED, SUPERSEDED: the library id of the one that cut it, if ours (else 0) */
    uint64_t by_daemon_id;   /* and the daemon's id of it (0: not known or the engine) */
    int32_t position;        /* SUSPENDED, RESUMED: where speech continues (Unicode scalars); else -1 */
    uint32_t dropped;        /* events dropped (the ring was full) since the previous poll */
    double t_ms;             /* the daemon's time of an outcome (ms since it started), else 0 */
    char code[32];           /* the daemon's error code ("limit"), or the output state */
    char text[256];          /* a reason, message, mark name or profile; cut at a character, NUL-ended */
} narrator_event;

/* Nonzero for the types after which no other outcome of that id comes. */
NARRATOR_API int narrator_event_ends(narrator_event_type type);
/* "queued", "finished", "connected"...; static. */
NARRATOR_API const char *narrator_event_name(narrator_event_type type);

typedef struct narrator narrator;

/* Called on the library's own thread, once per event, in order, instead of the ring. It must return
 * quickly (it holds up the connection); it may call any function of the handle but narrator_close. */
typedef void (*narrator_callback)(const narrator_event *event, void *user_data);

/* How to open. Fill it with narrator_options_init; every pointer is copied by narrator_open. */
typedef struct narrator_options {
    size_t size;             /* sizeof(narrator_options), set by narrator_options_init */
    const char *socket_path; /* NULL: $XDG_RUNTIME_DIR/narrator/narrator.sock, else /tmp/narrator-$UID/... */
    const char *client;      /* hello's client name, or NULL */
    const char *locale;      /* hello's locale (BCP-47), or NULL: the player's */
    const char *profile;     /* hello's profile, or NULL: the daemon's default */
    unsigned queue_capacity; /* requests waiting to be written; default 256 */
    size_t queue_bytes;      /* and their bytes; default 1 MiB */
    unsigned event_capacity; /* events waiting to be polled; default 256, the oldest dropped past it */
    unsigned hold_ms;        /* how long a request waits for a connection before it fails; default 5000.
                                0: while disconnected, calls are refused with NARRATOR_E_DISCONNECTED */
    unsigned reconnect_min_ms; /* first wait before connecting again; default 20 */
    unsigned reconnect_max_ms; /* the wait doubles up to this; default 500 */
    narrator_callback callback; /* NULL: events go to the ring (narrator_poll) */
    void *callback_data;
} narrator_options;

NARRATOR_API void narrator_options_init(narrator_options *options);

/* Opens a handle and starts its thread; returns at once, connected or not (a CONNECTED event says
 * when). options may be NULL for the defaults. On failure *out is NULL. */
NARRATOR_API narrator_error narrator_open(const narrator_options *options, narrator **out);

/* Stops the thread and frees the handle. Requests already queued are written if the socket takes
 * them without waiting; the daemon still says what it received. Events not polled are lost. */
NARRATOR_API void narrator_close(narrator *handle);

/* Says text (UTF-8, NUL-ended). speech may be NULL for the defaults. *id (if id is not NULL) gets the
 * announcement's id at once. */
NARRATOR_API narrator_error narrator_say(narrator *handle, const char *text, const narrator_speech *speech,
                                         narrator_id *id);

/* Sends a game event: its type ("collision") and its fields as a JSON object ("{\"lives\":2}", or NULL
 * for none). The profile's event map decides its words, priority and scope; flags takes
 * NARRATOR_INTERRUPT. *id gets the id of the speech it may cause (SILENT if it causes none). */
NARRATOR_API narrator_error narrator_send_event(narrator *handle, const char *type, const char *fields_json,
                                                unsigned flags, narrator_id *id);

/* Plays a sound of the profile; arguments as a JSON object or NULL. *id identifies a refusal. */
NARRATOR_API narrator_error narrator_play(narrator *handle, const char *sound, const char *arguments_json,
                                          narrator_id *id);

/* Cancels one announcement of this handle, a say's or an event's speech, waiting, heard or kept to
 * resume (it ends CANCELLED). Before the daemon's reply it waits for the daemon's id, then goes; a
 * request still in the library is taken out unsent (CANCELLED with daemon_id 0). An id that has
 * ended or never was is refused with NARRATOR_E_UNKNOWN_ID; a sound's with NARRATOR_E_UNSUPPORTED. */
NARRATOR_API narrator_error narrator_cancel(narrator *handle, narrator_id id);
/* Cancels all of this handle's speech, speaking and waiting. */
NARRATOR_API narrator_error narrator_cancel_all(narrator *handle);
/* Cancels this handle's speech in scope (and below it: "help" takes "help.section.3"). */
NARRATOR_API narrator_error narrator_cancel_scope(narrator *handle, const char *scope);

/* Pauses and resumes this handle's speech; a pause is restored after a reconnection. */
NARRATOR_API narrator_error narrator_pause(narrator *handle);
NARRATOR_API narrator_error narrator_resume(narrator *handle);

typedef enum narrator_setting {
    NARRATOR_SETTING_RATE = 0,          /* 80-450 words per minute */
    NARRATOR_SETTING_PITCH = 1,         /* 0-100 */
    NARRATOR_SETTING_VOLUME = 2,        /* 0-200 */
    NARRATOR_SETTING_EFFECTS_VOLUME = 3 /* 0-200: this handle's sounds */
} narrator_setting;

/* The player's own value (the daemon's default): what narrator_set takes to undo a change. */
#define NARRATOR_SETTING_DEFAULT (-1)

/* Changes this handle's voice for what it says from now on; kept and sent again after a reconnection. */
NARRATOR_API narrator_error narrator_set(narrator *handle, narrator_setting setting, int value);
/* locale NULL: back to the player's. */
NARRATOR_API narrator_error narrator_set_locale(narrator *handle, const char *locale);

typedef enum narrator_state {
    NARRATOR_STATE_CONNECTING = 0,   /* not connected yet, trying */
    NARRATOR_STATE_CONNECTED = 1,    /* connected, hello answered */
    NARRATOR_STATE_DISCONNECTED = 2  /* was connected, or tried and failed: trying again */
} narrator_state;

NARRATOR_API narrator_state narrator_get_state(narrator *handle);

/* Takes the oldest event: 1 if one was copied into *event, 0 if none waits. Never blocks.
 * event_size is sizeof(narrator_event); narrator_poll passes it. */
NARRATOR_API int narrator_poll_event(narrator *handle, narrator_event *event, size_t event_size);
#define narrator_poll(handle, event) narrator_poll_event((handle), (event), sizeof(narrator_event))

/* A descriptor that is readable while events wait in the ring (for poll(), epoll or a game loop);
 * with a callback, never. Owned by the handle: do not read or close it. */
NARRATOR_API int narrator_fd(narrator *handle);

/* Events dropped so far because the ring was full. */
NARRATOR_API uint64_t narrator_dropped_events(narrator *handle);

#ifdef __cplusplus
}
#endif

#endif /* NARRATOR_H */
