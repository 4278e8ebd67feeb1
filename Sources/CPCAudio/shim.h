#ifndef NARRATOR_CPCAUDIO_SHIM_H
#define NARRATOR_CPCAUDIO_SHIM_H
// pcaudiolib (Debian: libpcaudio-dev): the espeak-ng project's audio layer over PulseAudio, ALSA, OSS.
#include <pcaudiolib/audio.h>
#endif
