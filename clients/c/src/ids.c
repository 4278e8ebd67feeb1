/* The announcements of a handle that have not ended: the library's id, the daemon's once its reply
 * came, and what narrator_cancel needs. A few dozen at most, so a plain array. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

record *record_find(narrator *handle, narrator_id id) {
    for (size_t i = 0; i < handle->record_count; i++)
        if (handle->records[i].id == id) return &handle->records[i];
    return NULL;
}

record *record_find_daemon(narrator *handle, uint64_t daemon_id) {
    if (daemon_id == 0) return NULL;
    for (size_t i = 0; i < handle->record_count; i++)
        if (handle->records[i].daemon_id == daemon_id) return &handle->records[i];
    return NULL;
}

bool record_add(narrator *handle, narrator_id id, request_kind kind) {
    if (handle->record_count == handle->record_capacity) {
        size_t capacity = handle->record_capacity ? handle->record_capacity * 2 : 64;
        record *records = realloc(handle->records, capacity * sizeof *records);
        if (records == NULL) return false;
        handle->records = records;
        handle->record_capacity = capacity;
    }
    record *added = &handle->records[handle->record_count++];
    added->id = id;
    added->daemon_id = 0;
    added->kind = kind;
    added->cancel_asked = false;
    return true;
}

void record_remove(narrator *handle, narrator_id id) {
    for (size_t i = 0; i < handle->record_count; i++) {
        if (handle->records[i].id != id) continue;
        memmove(&handle->records[i], &handle->records[i + 1], (handle->record_count - i - 1) * sizeof(record));
        handle->record_count--;
        return;
    }
}
