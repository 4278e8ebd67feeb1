#ifndef NARRATOR_CSPEECHD_SHIM_H
#define NARRATOR_CSPEECHD_SHIM_H
// libspeechd (Debian: libspeechd-dev): the client library of speech-dispatcher, the user's own speech
// service. Linked from the module map: its .pc file requires glib's, which the header does not need.
#include <speech-dispatcher/libspeechd.h>
#endif
