#!/bin/sh
# Runs tolk_like under real Wine, in every mode, against a narrator door, for each word size.
#   sh tests/run.sh [x86_64] [i686]     (default: both; a word size Wine cannot run is skipped)
# Environment:
#   NARRATOR_BIN  a narrator binary: it is started as `$NARRATOR_BIN serve --socket DIR/narrator.sock
#                 --wine --output $NARRATOR_OUTPUT` (default null); without it, tests/fake_door.py
#                 stands in for the daemon
#   WINEPREFIX    default ~/.cache/narrator/wine-test-prefix, made (wineboot, null graphics) if absent
# Prints each tester line prefixed by its word size and mode; exits non-zero on any failure.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
wine64=$(sh "$here/tests/find-wine.sh") || { echo "wine64 is not installed"; exit 1; }
wine32=$(dirname "$wine64")/wine
run=$(mktemp -d /tmp/nw-run.XXXXXX)
export WINEPREFIX="${WINEPREFIX:-$HOME/.cache/narrator/wine-test-prefix}"
export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" NARRATOR_WINE_DOOR="$run/wine-door"
fail=0 daemon=

if [ ! -d "$WINEPREFIX" ]; then
    echo "making the Wine prefix $WINEPREFIX (once)"
    mkdir -p "$(dirname "$WINEPREFIX")"
    "$wine64" wineboot -i >/dev/null 2>&1 || { echo "wineboot failed for $WINEPREFIX"; exit 1; }
    "$wine64" reg add 'HKCU\Software\Wine\Drivers' /v Graphics /d null /f >/dev/null 2>&1
    "$(dirname "$wine64")/wineserver" -w
fi

start_daemon() {
    rm -f "$run/wine-door"
    if [ -n "${NARRATOR_BIN:-}" ]; then
        "$NARRATOR_BIN" serve --socket "$run/narrator.sock" --wine --output "${NARRATOR_OUTPUT:-null}" 2>>"$run/daemon.err" &
    else
        python3 "$here/tests/fake_door.py" --door "$run/wine-door" --log "$run/log.jsonl" 2>>"$run/daemon.err" &
    fi
    daemon=$!
    i=0; while [ ! -f "$run/wine-door" ] && [ $i -lt 300 ]; do sleep 0.05; i=$((i+1)); done
    [ -f "$run/wine-door" ] || { echo "the daemon wrote no door file"; cat "$run/daemon.err"; exit 1; }
}
stop_daemon() { [ -n "$daemon" ] && kill "$daemon" 2>/dev/null && wait "$daemon" 2>/dev/null; daemon=; }
winpath() { echo "Z:$1" | tr / '\\'; }
wait_line() { i=0; while ! grep -q "$2" "$1" 2>/dev/null && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done; }
report() { # arch mode rc output
    sed "s/^/$1 $2: /" "$4"
    [ "$3" = 0 ] || { echo "$1 $2: FAILED with exit status $3"; fail=1; return; }
    # A program Wine could not start may still exit 0 (wine64 given a 32-bit one does): a tester
    # that passed printed its last line.
    case $2 in json|log) ;; *) grep -q '^done exit=0' "$4" || { echo "$1 $2: FAILED: the tester never finished"; fail=1; } ;; esac
}

for arch in ${*:-x86_64 i686}; do
    exe="$here/build/$arch/tolk_like.exe"
    [ -f "$exe" ] || { echo "$arch: $exe is not built (make -C clients/wine)"; fail=1; continue; }
    w=$wine64
    if [ "$arch" = i686 ]; then
        w=$wine32
        [ -x "$w" ] || { echo "$arch: skipped: no 32-bit Wine ($w; Debian: dpkg --add-architecture i386 && apt-get install wine32)"; continue; }
    fi
    t0=$(date +%s)
    if [ -f "$here/build/$arch/json_test.exe" ]; then
        "$w" "$here/build/$arch/json_test.exe" > "$run/out" 2>&1; report $arch json $? "$run/out"
    fi
    "$w" "$exe" absent > "$run/out" 2>&1; report $arch absent $? "$run/out"
    "$w" "$exe" window > "$run/out" 2>&1; report $arch window $? "$run/out"
    start_daemon
    "$w" "$exe" full > "$run/out" 2>&1; report $arch full $? "$run/out"
    [ -n "${NARRATOR_BIN:-}" ] || { python3 "$here/tests/check_log.py" "$run/log.jsonl" > "$run/out" 2>&1; report $arch log $? "$run/out"; }
    rm -f "$run/flag"; : > "$run/out"
    "$w" "$exe" stop "$(winpath "$run/flag")" > "$run/out" 2>&1 & t=$!
    wait_line "$run/out" "^step ready"; kill -STOP "$daemon"; touch "$run/flag"
    wait_line "$run/out" "^step stopped "; kill -CONT "$daemon"
    wait $t; report $arch stop $? "$run/out"
    rm -f "$run/flag"; : > "$run/out"
    "$w" "$exe" restart "$(winpath "$run/flag")" > "$run/out" 2>&1 & t=$!
    wait_line "$run/out" "^step ready"; stop_daemon; start_daemon; touch "$run/flag"
    wait $t; report $arch restart $? "$run/out"
    stop_daemon
    if [ -z "${NARRATOR_BIN:-}" ]; then # found without NARRATOR_WINE_DOOR, at $XDG_RUNTIME_DIR/narrator/
        mkdir -m 700 -p "$run/xdg"
        python3 "$here/tests/fake_door.py" --door "$run/xdg/narrator/wine-door" 2>>"$run/daemon.err" & daemon=$!
        i=0; while [ ! -f "$run/xdg/narrator/wine-door" ] && [ $i -lt 300 ]; do sleep 0.05; i=$((i+1)); done
        env -u NARRATOR_WINE_DOOR XDG_RUNTIME_DIR="$run/xdg" "$w" "$exe" ready > "$run/out" 2>&1; report $arch xdg $? "$run/out"
        stop_daemon
    fi
    if [ "$(id -u)" = 0 ] && [ -z "${NARRATOR_BIN:-}" ] && command -v setpriv >/dev/null && [ -x /usr/bin/python3 ]; then
        # A door file that leads to another user's port (nobody's) is not followed: no secret sent.
        fdir=$(mktemp -d /tmp/nw-foreign.XXXXXX); chmod 755 "$fdir"; cp "$here/tests/fake_door.py" "$fdir/"
        mkdir "$fdir/d"; chown 65534:65534 "$fdir/d"
        setpriv --reuid=65534 --regid=65534 --clear-groups /usr/bin/python3 "$fdir/fake_door.py" \
            --door "$fdir/d/wine-door" --log "$fdir/d/log.jsonl" 2>>"$run/daemon.err" & daemon=$!
        i=0; while [ ! -f "$fdir/d/wine-door" ] && [ $i -lt 300 ]; do sleep 0.05; i=$((i+1)); done
        NARRATOR_WINE_DOOR="$fdir/d/wine-door" "$w" "$exe" absent > "$run/out" 2>&1; rc=$?
        stop_daemon
        if [ -s "$fdir/d/log.jsonl" ]; then echo "check no_connection_to_another_users_port FAIL" >> "$run/out"; rc=1
        else echo "check no_connection_to_another_users_port ok" >> "$run/out"; fi
        report $arch foreign $rc "$run/out"
        rm -rf "$fdir"
    fi
    echo "$arch: all modes in $(( $(date +%s) - t0 )) s"
done
rm -rf "$run"
exit $fail
