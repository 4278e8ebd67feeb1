/* Names of the event types, as the protocol spells the outcomes. */
#include "internal.h"

const char *narrator_event_name(narrator_event_type type) {
    switch (type) {
    case NARRATOR_EVENT_NONE: return "none";
    case NARRATOR_EVENT_QUEUED: return "queued";
    case NARRATOR_EVENT_STARTED: return "started";
    case NARRATOR_EVENT_SUSPENDED: return "suspended";
    case NARRATOR_EVENT_RESUMED: return "resumed";
    case NARRATOR_EVENT_FINISHED: return "finished";
    case NARRATOR_EVENT_INTERRUPTED: return "interrupted";
    case NARRATOR_EVENT_SUPERSEDED: return "superseded";
    case NARRATOR_EVENT_EXPIRED: return "expired";
    case NARRATOR_EVENT_DROPPED: return "dropped";
    case NARRATOR_EVENT_CANCELLED: return "cancelled";
    case NARRATOR_EVENT_FAILED: return "failed";
    case NARRATOR_EVENT_MARK: return "mark";
    case NARRATOR_EVENT_REFUSED: return "refused";
    case NARRATOR_EVENT_SILENT: return "silent";
    case NARRATOR_EVENT_CONNECTED: return "connected";
    case NARRATOR_EVENT_DISCONNECTED: return "disconnected";
    case NARRATOR_EVENT_OUTPUT: return "output";
    }
    return "unknown";
}

int narrator_event_ends(narrator_event_type type) {
    return (type >= NARRATOR_EVENT_FINISHED && type <= NARRATOR_EVENT_FAILED) || type == NARRATOR_EVENT_REFUSED
        || type == NARRATOR_EVENT_SILENT;
}
