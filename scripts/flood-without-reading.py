#!/usr/bin/env python3
"""A client that writes 200,000 status requests and never reads a reply, against a running
`narrator serve`; prints the daemon's peak RSS over 10 s and whether the writer was blocked.
Usage: scripts/flood-without-reading.py SOCKET DAEMON_PID. Results in docs/BENCHMARKS.md."""
import socket, threading, time, sys, subprocess
sock_path=sys.argv[1]; pid=int(sys.argv[2])
s=socket.socket(socket.AF_UNIX); s.connect(sock_path)
batch=b'{"type":"status"}\n'*1000
def flood():
    try:
        for i in range(200): s.sendall(batch)
    except Exception as e: pass
t=threading.Thread(target=flood, daemon=True); t.start()
def rss(): return int([l for l in open(f"/proc/{pid}/status") if l.startswith("VmRSS")][0].split()[1])
peak=0
for i in range(40):
    time.sleep(0.25); peak=max(peak,rss())
print("peak RSS KiB", peak, "writer done" if not t.is_alive() else "writer blocked")
