#!/usr/bin/env python3
"""Checks, in tests/fake_door.py's log of a `tolk_like full` run, what the daemon side saw:
that is what a listener would have heard. One line per check; exit 1 if any fails."""
import json, sys

log = [json.loads(line) for line in open(sys.argv[1])]
said = [e["received"] for e in log if e.get("received", {}).get("type") == "say"]
texts = [s["text"] for s in said]
outcomes = {}
for e in log:
    if "outcome" in e:
        outcomes.setdefault(e["text"], []).append(e["outcome"])
long_line = next((t for t in texts if t.startswith("This is a long line")), None)
failed = 0


def check(name, ok, detail=""):
    global failed
    print(f"check {name} {'ok' if ok else 'FAIL'} {detail}".rstrip())
    failed |= not ok


check("hello_names_the_exe", any(e.get("received") == {"type": "hello", "client": "tolk_like"} for e in log))
check("subscribed", any(e.get("received") == {"type": "subscribe"} for e in log))
check("speakText_is_low", any(s["text"] == "Hello from Wine." and s["priority"] == "low" for s in said))
seq = outcomes.get(long_line, [])
check("interrupt_cancels_the_old_line", seq[:3] == ["queued", "started", "cancelled"], str(seq))
check("interrupt_new_line_heard", outcomes.get("Interrupted.", [])[-1:] == ["finished"], str(outcomes.get("Interrupted.")))
check("now_is_high", any(s["text"] == "<speak>Now!</speak>" and s["priority"] == "high" and s.get("ssml") for s in said))
check("now_resumes_what_it_cut", "suspended" in seq and "resumed" in seq, str(seq))
check("next_is_default", any(s["text"] == "<speak>Next.</speak>" and s["priority"] == "default" for s in said))
check("symbol_level_sets_punctuation", any(e.get("received") == {"type": "set", "punctuation": "all"} for e in log))
check("plain_text_in_speakSsml_is_not_ssml", any(s["text"].startswith("Plain text") and not s.get("ssml") for s in said))
check("lone_surrogates_become_U+FFFD", "Lone \ufffd high" in texts and "Lone \ufffd low" in texts)
check("pairs_kept", "Pair \U0001F600 ok" in texts)
check("escaping", 'Quote " back \\ tab \t bell \x07 end' in texts)
check("nothing_over_the_limit_sent", max(len(t.encode()) for t in texts) <= 65536)
check("under_the_limit_sent", any(len(t) == 60000 for t in texts))
check("marks_sent_as_ssml", any("<mark" in t for t in texts))
sys.exit(failed)
