/* The library's version, for a program to check what it was given at run time. */
#include "internal.h"

#define TEXT(x) #x
#define VERSION_TEXT(a, b, c) TEXT(a) "." TEXT(b) "." TEXT(c)

const char *narrator_version(void) {
    return VERSION_TEXT(NARRATOR_VERSION_MAJOR, NARRATOR_VERSION_MINOR, NARRATOR_VERSION_PATCH);
}

unsigned narrator_version_number(void) {
    return NARRATOR_VERSION_MAJOR * 10000u + NARRATOR_VERSION_MINOR * 100u + NARRATOR_VERSION_PATCH;
}
