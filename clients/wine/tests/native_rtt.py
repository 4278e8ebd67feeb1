#!/usr/bin/env python3
"""The round trip a native (Linux) client sees through the same door: `say` of a short SSML line
at high priority, then wait for its `finished`. Compared with `tolk_like rtt`, which does the same
through the DLL under Wine, it gives what the bridge adds (docs/WINE.md, "Measured").
With --oneway it instead sends COUNT lines "native N", printing CLOCK_MONOTONIC_RAW at each, for
fake_door.py's log to meet (as `tolk_like oneway` does through the DLL).
usage: native_rtt.py DOOR_FILE [COUNT] [--oneway]"""
import json, socket, statistics, sys, time

door, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 200
_, _, port, secret = open(door).read().split()
s = socket.create_connection(("127.0.0.1", int(port)))
s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
f = s.makefile("rb")
s.sendall(f"{secret}\n".encode() + b'{"type":"hello","client":"native_rtt"}\n{"type":"subscribe"}\n')
f.readline(), f.readline()
if "--oneway" in sys.argv:
    for i in range(count):
        time.sleep(0.02)
        t = time.clock_gettime(time.CLOCK_MONOTONIC_RAW) * 1000
        s.sendall(b'{"type":"say","text":"native %d","priority":"low","resume":true}\n' % i)
        print(f"native {i} raw_ms={t:.3f}")
    s.sendall(b'{"type":"cancel"}\n')
    time.sleep(0.2)
    sys.exit(0)
line = b'{"type":"say","text":"<speak>x</speak>","priority":"high","ssml":true}\n'
times = []
for _ in range(count):
    t = time.perf_counter()
    s.sendall(line)
    ident = json.loads(f.readline())["id"]
    while True:
        msg = json.loads(f.readline())
        if msg.get("id") == ident and msg.get("event") in ("finished", "interrupted", "cancelled", "failed"):
            break
    times.append((time.perf_counter() - t) * 1000)
    time.sleep(0.01)
times.sort()
print(f"native rtt n={count} median_ms={statistics.median(times):.3f} p90_ms={times[int(count * 0.9)]:.3f} max_ms={times[-1]:.3f}")
