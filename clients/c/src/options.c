/* Defaults of the two structs a caller fills, and how a struct of an older or newer header is read:
 * its size field says how much of it the caller knows; the rest keeps the defaults. */
#include "internal.h"

#include <string.h>

void narrator_options_init(narrator_options *options) {
    if (options == NULL) return;
    memset(options, 0, sizeof *options);
    options->size = sizeof *options;
    options->queue_capacity = 256;
    options->queue_bytes = 1u << 20;
    options->event_capacity = 256;
    options->hold_ms = 5000;
    options->reconnect_min_ms = 20;
    options->reconnect_max_ms = 500;
}

void narrator_speech_init(narrator_speech *speech) {
    if (speech == NULL) return;
    memset(speech, 0, sizeof *speech);
    speech->size = sizeof *speech;
    speech->priority = NARRATOR_PRIORITY_DEFAULT;
    speech->expires_ms = -1;
}
