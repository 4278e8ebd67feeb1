/* What the library's files share; nothing here is exported (-fvisibility=hidden). */
#ifndef NARRATOR_INTERNAL_H
#define NARRATOR_INTERNAL_H

#include "narrator.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a request is, which decides what its reply means. */
typedef enum request_kind {
    KIND_SAY,     /* has an id; ok carries the daemon's id */
    KIND_EVENT,   /* has an id; ok carries an id, or says nothing (SILENT) */
    KIND_PLAY,    /* has an id, only for a refusal */
    KIND_CONTROL, /* cancel, pause, resume, set: a refusal is told with id 0 */
    KIND_CANCEL,  /* a cancel by the daemon's id of announcement `id`: written only while that one is
                     known to this connection; a refusal because it ended meanwhile is not told */
    KIND_HELLO,   /* the library's own, first on every connection */
    KIND_QUIET    /* the library's own (subscribe, replayed settings): a refusal is told with id 0 */
} request_kind;

/* One line to write, and what to make of its reply. */
typedef struct request {
    struct request *next;
    request_kind kind;
    narrator_id id;
    uint64_t deadline_ns; /* while disconnected, it fails after this (monotonic) */
    size_t length;        /* of line, with its '\n' */
    size_t written;       /* bytes of it already on the socket */
    char line[];
} request;

typedef struct request_list {
    request *head;
    request *tail;
} request_list;

/* One announcement of this handle that has not ended. */
typedef struct record {
    narrator_id id;
    uint64_t daemon_id; /* 0 until the reply */
    request_kind kind;
    bool cancel_asked;  /* narrator_cancel named it: sent by the daemon's id, or waiting for that id */
} record;

/* The settings to send again on a new connection. */
typedef struct settings {
    int values[4];  /* by narrator_setting; INT32_MIN: never set */
    char *locale;   /* NULL: never set */
    bool locale_set;
    bool paused;
} settings;

struct narrator {
    pthread_mutex_t lock;
    pthread_t thread;
    int wake_fd;  /* eventfd: calls wake the thread */
    int ready_fd; /* eventfd: readable while events wait */

    /* Fixed at open. */
    char *socket_path;
    char *client;
    char *locale;
    char *profile;
    unsigned queue_capacity;
    size_t queue_bytes_limit;
    unsigned event_capacity;
    unsigned hold_ms;
    unsigned reconnect_min_ms;
    unsigned reconnect_max_ms;
    narrator_callback callback;
    void *callback_data;

    /* Under lock. */
    request_list queue;       /* written by calls, taken by the thread */
    unsigned queued_count;    /* requests queued and not yet fully written */
    size_t queued_bytes;
    narrator_id next_id;
    narrator_state state;
    bool closing;
    record *records;
    size_t record_count;
    size_t record_capacity;
    settings settings;
    narrator_event *ring;
    unsigned ring_head;
    unsigned ring_count;
    uint32_t dropped_since_poll;
    uint64_t dropped_total;
    bool cancel_waiting; /* a cancel waits for its announcement's request to leave the outbox or be answered */
};

/* utf8.c */
bool utf8_valid(const char *text, size_t length);
size_t utf8_cut(const char *text, size_t length, size_t limit);

/* json_write.c: a growing buffer for one request line. */
typedef struct line_buffer {
    char *data;
    size_t length;
    size_t capacity;
    bool failed; /* out of memory */
} line_buffer;
void line_append(line_buffer *buffer, const char *bytes, size_t length);
void line_append_text(line_buffer *buffer, const char *text);
void line_append_string(line_buffer *buffer, const char *text); /* as a JSON string, quoted */
void line_append_int(line_buffer *buffer, long long value);
void line_append_fields(line_buffer *buffer, const char *object, size_t length); /* a checked object's members */

/* json_read.c */
const char *json_skip_value(const char *p, const char *end, int depth);
const char *json_skip_space(const char *p, const char *end);
bool json_is_object(const char *text, size_t length);
bool json_member(const char *object, const char *end, const char *key, const char **value, const char **value_end);
size_t json_string(const char *value, const char *value_end, char *out, size_t capacity);
uint64_t json_id(const char *value, const char *value_end);
double json_number(const char *value, const char *value_end);
bool json_true(const char *value, const char *value_end);

/* clock */
uint64_t now_ns(void);

/* queue.c */
request *request_new(request_kind kind, const line_buffer *line);
void list_push(request_list *list, request *item);
request *list_pop(request_list *list);
void list_append(request_list *list, request_list *other);
void list_free(request_list *list);
narrator_error enqueue_locked(narrator *handle, request *item);
narrator_error queue_check_locked(narrator *handle, size_t requests, size_t bytes);
void wake(narrator *handle);
narrator_error submit(narrator *handle, request *item, bool interrupt, request_kind kind, narrator_id *id);
request *cancel_request(narrator_id id, uint64_t daemon_id);

/* ids.c (under lock) */
record *record_find(narrator *handle, narrator_id id);
record *record_find_daemon(narrator *handle, uint64_t daemon_id);
bool record_add(narrator *handle, narrator_id id, request_kind kind);
void record_remove(narrator *handle, narrator_id id);

/* events.c */
void event_init(narrator_event *event, narrator_event_type type, narrator_id id);
void event_set_text(narrator_event *event, const char *text, size_t length);
void emit(narrator *handle, const narrator_event *event);

/* socket.c */
char *default_socket_path(void);
int connect_socket(const char *path, narrator_error *error, char *reason, size_t reason_size);

/* replies.c: one line from the daemon; the thread's in-flight list gives what it answers. */
void handle_line(narrator *handle, request_list *in_flight, const char *line, size_t length);

/* io_thread.c */
void *io_thread(void *argument);

#endif
