#!/bin/sh
# Installs the Debian/Ubuntu packages Narrator needs, only those missing, with sudo when not root.
#   scripts/install-deps.sh          what the daemon needs to run
#   scripts/install-deps.sh --wine   also the compilers of the DLLs Windows games load (docs/WINE.md)
#   scripts/install-deps.sh --test   also what the test suite needs (the --wine compilers and Wine among it)
set -eu

# libspeechd-dev: speech-dispatcher's client library, for `serve --speech speechd`. The daemon links it,
# but speech-dispatcher itself is the player's own (Orca's): without one, Narrator speaks with espeak-ng.
# make, gcc: scripts/build builds libnarrator, the C client (clients/c), with make and cc.
packages="libespeak-ng-dev espeak-ng-data libpcaudio-dev libpulse-dev libspeechd-dev make gcc"
# gcc-mingw-w64-x86-64, gcc-mingw-w64-i686: the NVDA controller client DLLs of clients/wine, which
# Windows games under Wine load (scripts/build builds them when these are installed).
wine_compilers="gcc-mingw-w64-x86-64 gcc-mingw-w64-i686"
if [ "${1:-}" = "--wine" ]; then
    packages="$packages $wine_compilers"
fi
if [ "${1:-}" = "--test" ]; then
    # wine64: the DLLs' tests run the Tolk-like tester under real, headless Wine (64-bit only: Debian's
    # wine32 needs the i386 architecture, whose security updates this machine's mirror does not carry,
    # so its libraries cannot match their amd64 versions; the 32-bit DLL is built and its exports checked).
    packages="$packages $wine_compilers wine64"
    # pulseaudio + pulseaudio-utils: a private null-sink server and parec for playback tests;
    # pipewire (with pw-record), pipewire-pulse, wireplumber, dbus-daemon: a private PipeWire whose
    # pulse server tests kill and restart; unicode-cldr-core: CLDR plural samples; sox: WAV checks;
    # socat, tmux: protocol and game tests; libicu-dev: ICU, the spell-out conformance test's
    # independent implementation; espeak-ng: the command whose phonemes the spoken-number test reads;
    # speech-dispatcher + speech-dispatcher-espeak-ng: a private speech-dispatcher for the speechd
    # backend's tests (started by them, never a session daemon); systemd: systemd-socket-activate and
    # systemd-analyze, which start the daemon on demand and check the unit files in tests (neither needs
    # systemd running); python3, python3-pip, python3-setuptools, python3-wheel: the Python client's tests,
    # which pip-install it from the checkout offline (--no-build-isolation, so setuptools and wheel
    # must be there already); man-db (with groff), zsh, fish: the install test shows the man pages with
    # man --warnings and has each shell load the installed completions; python3-speechd: speech-dispatcher's
    # Python client, which the SSIP tests speak through the narrator (spd-say comes with speech-dispatcher,
    # libspeechd with libspeechd-dev; pkg-config gives its flags to the C test program, which cc, or the Swift
    # toolchain's clang, compiles); g++: libnarrator's tests build examples/c's C++ check against it (a
    # Swift toolchain brings clang but no c++); orca (Debian's 43), xvfb, at-spi2-core (the accessibility
    # bus and its registry), python3-gi with gir1.2-gtk-3.0 (the GTK window Orca reads,
    # Tests/NarratorServerTests/Fixtures/orca) and xdotool (its keys): real Orca speaking through the
    # narrator's SSIP door on a private desktop (OrcaTests, `narrator-bench daemon orca`).
    packages="$packages pulseaudio pulseaudio-utils pipewire pipewire-pulse wireplumber dbus-daemon"
    packages="$packages unicode-cldr-core sox socat tmux libicu-dev espeak-ng systemd"
    packages="$packages speech-dispatcher speech-dispatcher-espeak-ng"
    packages="$packages python3 python3-pip python3-setuptools python3-wheel man-db zsh fish"
    packages="$packages python3-speechd pkg-config g++"
    packages="$packages orca xvfb at-spi2-core python3-gi gir1.2-gtk-3.0 xdotool"
fi

missing=""
for package in $packages; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed"; then
        missing="$missing $package"
    fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
echo "Installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
