#!/bin/sh
# Prints the wine64 loader: on PATH, else where Debian's wine64 package puts it.
for w in "$(command -v wine64 2>/dev/null)" /usr/lib/wine/wine64 /usr/lib/x86_64-linux-gnu/wine/wine64 "$(command -v wine 2>/dev/null)"; do
    [ -n "$w" ] && [ -x "$w" ] && { echo "$w"; exit 0; }
done
exit 1
