#!/usr/bin/env python3
"""Meets the send times printed by `tolk_like oneway` ("oneway N qpc_ms=T": Wine's performance
counter is CLOCK_MONOTONIC_RAW) or `native_rtt.py --oneway` ("native N raw_ms=T") with the
receive times in fake_door.py's log, and prints the one-way latency of each way to the door.
usage: oneway.py LOG SENDS..."""
import json, statistics, sys

sent = {}
for path in sys.argv[2:]:
    for line in open(path):
        parts = line.split()
        if len(parts) >= 3 and parts[0] in ("oneway", "native"):
            sent[f"{parts[0]} {parts[1]}"] = float(parts[2].split("=")[1])
by = {}
for line in open(sys.argv[1]):
    e = json.loads(line)
    text = e.get("received", {}).get("text")
    if text in sent:
        by.setdefault(text.split()[0], []).append(e["raw_ms"] - sent[text])
for way, d in sorted(by.items()):
    d.sort()
    print(f"{way} one way n={len(d)} median_ms={statistics.median(d):.3f} p90_ms={d[len(d) * 9 // 10]:.3f} max_ms={d[-1]:.3f}")
