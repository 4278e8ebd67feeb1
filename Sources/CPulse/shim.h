#ifndef NARRATOR_CPULSE_SHIM_H
#define NARRATOR_CPULSE_SHIM_H
// libpulse-simple (Debian: libpulse-dev): a blocking PulseAudio stream, which PipeWire's pulse server
// also serves. Used directly (not through pcaudiolib) for its latency query and buffer attributes.
#include <pulse/simple.h>
#include <pulse/error.h>
#endif
