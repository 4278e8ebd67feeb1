/* A sentence for each error, as strerror gives one for errno. */
#include "internal.h"

const char *narrator_strerror(narrator_error error) {
    switch (error) {
    case NARRATOR_OK: return "Success.";
    case NARRATOR_E_INVALID_ARGUMENT: return "An argument is missing or out of range.";
    case NARRATOR_E_INVALID_UTF8: return "The text is not valid UTF-8.";
    case NARRATOR_E_TOO_LONG: return "The text or request is longer than the protocol allows (64 KiB).";
    case NARRATOR_E_QUEUE_FULL: return "The request queue is full: the narrator is not taking requests.";
    case NARRATOR_E_DISCONNECTED: return "No narrator is connected, and the request could not wait for one.";
    case NARRATOR_E_NO_MEMORY: return "Out of memory.";
    case NARRATOR_E_SYSTEM: return "A thread or descriptor could not be made (see errno).";
    case NARRATOR_E_CONNECTION_LOST: return "The connection to the narrator was lost before the announcement ended.";
    case NARRATOR_E_REFUSED: return "The narrator refused the request.";
    case NARRATOR_E_WRONG_USER: return "The socket is served by another user's process; nothing was sent to it.";
    case NARRATOR_E_UNSUPPORTED: return "This cannot be done to that id (a sound cannot be cancelled).";
    case NARRATOR_E_UNKNOWN_ID: return "No announcement of this handle has that id, or it has ended.";
    }
    return "Unknown error.";
}
