#ifndef NARRATOR_CESPEAKNG_SHIM_H
#define NARRATOR_CESPEAKNG_SHIM_H
// libespeak-ng (Debian: libespeak-ng-dev). speak_lib.h is the stable public API;
// espeak_ng.h adds the status codes and espeak_ng_GetStatusCodeMessage.
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
#endif
