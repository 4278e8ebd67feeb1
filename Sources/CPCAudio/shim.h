#ifndef NARRATOR_CPCAUDIO_SHIM_H
#define NARRATOR_CPCAUDIO_SHIM_H
// pcaudiolib (Debian: libpcaudio-dev): the espeak-ng project's audio layer over PulseAudio, ALSA, OSS.
#include <pcaudiolib/audio.h>

// The public header only offers create_audio_device_object, which picks the first backend that
// answers. libpcaudio.so.0 also exports one constructor per backend; declaring ALSA's here lets
// `--output alsa` choose it. (PulseAudio is used through libpulse-simple directly.)
struct audio_object *create_alsa_object(const char *device, const char *application_name,
                                        const char *description);
#endif
