#!/usr/bin/env python3
"""A stand-in for the narrator's Wine door, for developing the DLL before the daemon has it.

It plays the contract of /work/notes/wine-door-spec.md and the few requests the DLL sends
(docs/PROTOCOL.md): it writes the door file (0600, atomically, in a 0700 folder), wants the
secret as the first line within 5 s, answers hello, subscribe, status, set, say and cancel in
order, and sends outcome and mark notifications to subscribers from a small model of the
scheduler (high cuts default and low, default cuts default and low, low waits; a cut
announcement with "resume" comes back after its cutter; speech lasts --ms-per-char per
character). It refuses what the daemon refuses (a line over 65,536 bytes, invalid UTF-8,
text over 65,536 bytes, more than 32 announcements per client). Every line received and
every outcome is written to --log as JSON lines, for tests to check what was "heard".
It is not the daemon: the real one is what CI tests; this one only lets the DLL run now.
"""
import argparse, asyncio, functools, json, os, re, secrets, signal, sys, time

LIMIT = 65536
ENDS = {"finished", "interrupted", "cancelled", "failed"}
RANK = {"high": 2, "default": 1, "low": 0}


class Door:
    def __init__(self, args):
        self.args, self.secret = args, secrets.token_hex(32)
        self.next_id, self.clients = 1, 0
        self.lines = {2: [], 1: [], 0: []}  # waiting, by rank
        self.speaking = None  # (ann, timer handles)
        self.t0 = time.monotonic()
        self.log = open(args.log, "a", buffering=1) if args.log else None

    def now(self):
        return round((time.monotonic() - self.t0) * 1000, 3)

    def record(self, **kw):
        if self.log:
            # The host's clocks too: Wine's QueryPerformanceCounter counts CLOCK_MONOTONIC(_RAW),
            # so a tester's timestamps can be set against these (docs/WINE.md, one way).
            clocks = dict(mono_ms=time.clock_gettime(time.CLOCK_MONOTONIC) * 1000,
                          raw_ms=time.clock_gettime(time.CLOCK_MONOTONIC_RAW) * 1000)
            self.log.write(json.dumps(dict(t_ms=self.now(), **kw, **clocks), ensure_ascii=False) + "\n")

    def notify(self, ann, event, **extra):
        self.record(outcome=event, id=ann["id"], client=ann["conn"]["name"], text=ann["text"], **extra)
        if ann["conn"]["subscribed"] and not ann["conn"]["closed"]:
            line = dict(event=event, id=ann["id"], client=ann["conn"]["name"], text=ann["text"], t_ms=self.now())
            line.update(extra)
            self.send(ann["conn"], line)

    def send(self, conn, obj):
        conn["writer"].write((json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n").encode())

    # -- the model of the scheduler --
    def start_next(self):
        if self.speaking:
            return
        for rank in (2, 1, 0):
            if self.lines[rank]:
                ann = self.lines[rank].pop(0)
                self.speak(ann)
                return

    def speak(self, ann):
        loop = asyncio.get_running_loop()
        ms = max(self.args.min_ms, self.args.ms_per_char * len(ann["text"]))
        self.notify(ann, "resumed" if ann.get("cut") else "started", **({"position": 0} if ann.get("cut") else {}))
        handles = [loop.call_later(ms / 1000, self.finish, ann)]
        names = ann["marks"]
        for i, name in enumerate(names):
            handles.append(loop.call_later(ms * (i + 1) / (len(names) + 1) / 1000, functools.partial(self.notify, ann, "mark", mark=name)))
        self.speaking = (ann, handles)

    def stop_speaking(self):
        ann, handles = self.speaking
        for h in handles:
            h.cancel()
        self.speaking = None
        return ann

    def finish(self, ann):
        self.stop_speaking()
        self.end(ann, "finished")
        self.start_next()

    def end(self, ann, event, **extra):
        ann["conn"]["live"] -= 1
        self.notify(ann, event, **extra)

    def arrive(self, ann):
        rank = RANK[ann["priority"]]
        self.notify(ann, "queued")
        cur = self.speaking[0] if self.speaking else None
        fresh_ahead = any(not a.get("cut") for a in self.lines[rank])
        if cur and rank >= 1 and RANK[cur["priority"]] < 2 and rank >= RANK[cur["priority"]] and not fresh_ahead:
            self.stop_speaking()
            if cur["resume"]:
                cur["cut"] = True
                self.notify(cur, "suspended", position=0)
                self.lines[RANK[cur["priority"]]].insert(0, cur)
            else:
                self.end(cur, "interrupted", by=ann["id"])
            self.speak(ann)
            return
        self.lines[rank].append(ann)
        self.start_next()

    def cancel(self, conn):
        if self.speaking and self.speaking[0]["conn"] is conn:
            self.end(self.stop_speaking(), "cancelled")
        for rank in (2, 1, 0):
            for ann in [a for a in self.lines[rank] if a["conn"] is conn]:
                self.lines[rank].remove(ann)
                self.end(ann, "cancelled")
        self.start_next()

    # -- requests --
    def error(self, conn, code, message):
        self.send(conn, {"ok": False, "error": {"code": code, "message": message}})

    def request(self, conn, raw):
        if len(raw) > LIMIT:
            return self.error(conn, "line_too_long", "a request line may hold 65536 bytes")
        try:
            req = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            return self.error(conn, "invalid_utf8", "the line is not valid UTF-8")
        except ValueError:
            return self.error(conn, "invalid_json", "not JSON")
        self.record(received=req, client=conn["name"])
        kind = req.get("type")
        if kind == "hello":
            conn["name"] = req.get("client", conn["name"])[:64]
            self.send(conn, {"ok": True, "protocol": 1, "client": conn["name"], "locale": "en", "profile": "retroracing", "events": []})
        elif kind == "subscribe":
            conn["subscribed"] = True
            self.send(conn, {"ok": True})
        elif kind == "status":
            reply = {"ok": True, "version": "fake", "clients": self.clients}
            if self.args.status_pid:
                reply["pid"] = os.getpid()
            self.send(conn, reply)
        elif kind == "set":
            self.send(conn, {"ok": True, "punctuation": req.get("punctuation") or "none"})
        elif kind == "cancel":
            self.send(conn, {"ok": True})
            self.cancel(conn)
        elif kind == "say":
            self.say(conn, req)
        else:
            self.error(conn, "unknown_event", "the fake door knows only what the DLL sends")

    def say(self, conn, req):
        text = req.get("text", "")
        if not text.strip() or len(text.encode()) > LIMIT:
            return self.error(conn, "speech", "There is nothing to say, or too much.")
        if conn["live"] >= 32:
            return self.error(conn, "limit", "this client has 32 announcements waiting or speaking")
        marks = []
        if req.get("ssml"):
            if not text.lstrip().startswith("<speak"):
                return self.error(conn, "ssml", "SSML, at character 1: no <speak> root")
            marks = re.findall(r'<mark\s+name="([^"]*)"\s*/>', text)
        ann = dict(id=str(self.next_id), conn=conn, text=text, priority=req.get("priority", "default"),
                   resume=bool(req.get("resume")), marks=marks)
        self.next_id += 1
        conn["live"] += 1
        self.send(conn, {"ok": True, "id": ann["id"], "text": text, "locale": "en", "priority": ann["priority"]})
        self.arrive(ann)

    async def serve(self, reader, writer):
        self.clients += 1
        conn = dict(writer=writer, name=f"client {self.clients}", subscribed=False, closed=False, live=0)
        try:
            first = await asyncio.wait_for(reader.readline(), 5)
            if first.rstrip(b"\r\n") != self.secret.encode():
                self.record(refused=first[:80].decode("latin-1"))
                self.error(conn, "not_allowed", "this door wants the secret of its door file first")
                return
            while True:
                raw = await reader.readuntil(b"\n")
                self.request(conn, raw.rstrip(b"\r\n"))
                await writer.drain()
        except (asyncio.TimeoutError, asyncio.IncompleteReadError, ConnectionError):
            pass
        except asyncio.LimitOverrunError:
            self.error(conn, "line_too_long", "a request line may hold 65536 bytes")
        finally:
            conn["closed"] = True
            self.record(closed=conn["name"])
            writer.close()

    async def main(self):
        server = await asyncio.start_server(self.serve, "127.0.0.1", 0, limit=4 * LIMIT)
        port = server.sockets[0].getsockname()[1]
        door = self.args.door
        os.makedirs(os.path.dirname(door), mode=0o700, exist_ok=True)
        tmp = door + ".tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.write(fd, f"narrator-wine 1 {port} {self.secret}\n".encode())
        os.close(fd)
        os.rename(tmp, door)
        print(f"fake door ready on 127.0.0.1:{port}, door file {door}", file=sys.stderr, flush=True)
        stop = asyncio.Event()
        for sig in (signal.SIGTERM, signal.SIGINT):
            asyncio.get_running_loop().add_signal_handler(sig, stop.set)
        await stop.wait()
        os.unlink(door)


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--door", required=True, help="the door file to write (a Unix path)")
    p.add_argument("--log", help="JSON lines of what was received and every outcome")
    p.add_argument("--ms-per-char", type=float, default=10.0, help="how long speech lasts")
    p.add_argument("--min-ms", type=float, default=50.0, help="the shortest speech lasts")
    p.add_argument("--status-pid", action="store_true", help="put the process id in status's reply")
    asyncio.run(Door(p.parse_args()).main())
