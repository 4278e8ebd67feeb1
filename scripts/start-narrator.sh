#!/bin/sh
# Starts `narrator serve ARGS` in the background, returns once it is ready (its "ready on" line)
# and prints its PID. Its log goes to $NARRATOR_LOG (default ${TMPDIR:-/tmp}/narrator-UID.log).
# Used by scripts/play and scripts/demo.
set -eu
narrator="$1"
shift
log="${NARRATOR_LOG:-${TMPDIR:-/tmp}/narrator-$(id -u).log}"
fifo="$(mktemp -u)"
mkfifo "$fifo"
"$narrator" serve "$@" >>"$log" 2>"$fifo" &
pid=$!
exec 3<"$fifo"
rm -f "$fifo"
ready=no
while IFS= read -r line <&3; do
    printf '%s\n' "$line" >>"$log"
    case "$line" in *"ready on"*) ready=yes; break ;; esac
done
if [ "$ready" != yes ]; then
    echo "narrator did not start; its log: $log" >&2
    cat "$log" >&2
    exit 1
fi
# Keep copying the daemon's log after we return.
cat <&3 >>"$log" &
echo "$pid"
