#ifndef NARRATOR_CPULSE_SHIM_H
#define NARRATOR_CPULSE_SHIM_H
// libpulse (Debian: libpulse-dev), its asynchronous API on a threaded main loop: PipeWire's pulse
// server serves it too. Used directly (not through pcaudiolib or libpulse-simple) for the stream's
// raw timing (the server's read and write indices, asked for when needed) and its buffer attributes.
#include <pulse/pulseaudio.h>
#include <pulse/thread-mainloop.h>
#endif
