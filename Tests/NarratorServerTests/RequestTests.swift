import Foundation
import NarratorClient
import Testing

/// Every request type over the daemon's real socket.
@Suite("Requests over the socket")
struct RequestTests {
    @Test("hello, set, say, status, subscribe, cancel, pause and resume each get one fitting reply")
    func everyRequestType() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let client = try daemon.client()
        func ask(_ line: String) throws -> [String: Any] {
            try client.send(line)
            return fields(try #require(try client.readLine()))
        }
        let hello = try ask(#"{"type":"hello","client":"Tester","locale":"pl","protocol":1}"#)
        #expect(hello["ok"] as? Bool == true && hello["locale"] as? String == "pl")
        #expect((hello["events"] as? [String])?.contains("collision") == true)
        let set = try ask(#"{"type":"set","rate":220,"volume":90}"#)
        #expect(set["rate"] as? Int == 220 && set["volume"] as? Int == 90 && set["locale"] as? String == "pl")
        #expect(try ask(#"{"type":"set","rate":5}"#)["ok"] as? Bool == false)
        #expect(try ask(#"{"type":"set","locale":"x!"}"#)["ok"] as? Bool == false)
        #expect(try ask(#"{"type":"subscribe"}"#)["ok"] as? Bool == true)
        #expect(try ask(#"{"type":"pause"}"#)["ok"] as? Bool == true)
        let say = try ask(#"{"type":"say","key":"lives_remaining","arguments":[5]}"#)
        #expect(say["text"] as? String == "Zostało pięć żyć")
        #expect(say["priority"] as? String == "default")
        // Paused: the announcement waits; its queued notification follows the reply.
        let queued = fields(try #require(try client.readLine()))
        #expect(queued["event"] as? String == "queued" && queued["id"] as? String == say["id"] as? String)
        let status = try ask(#"{"type":"status"}"#)
        #expect(status["queued"] as? Int == 1 && status["clients"] as? Int == 1)
        #expect(try ask(#"{"type":"cancel"}"#)["ok"] as? Bool == true)
        let cancelled = fields(try #require(try client.readLine()))
        #expect(cancelled["event"] as? String == "cancelled")
        #expect(try ask(#"{"type":"resume"}"#)["ok"] as? Bool == true)
        let raw = try ask(#"{"type":"say","text":"Raw words","priority":"low"}"#)
        #expect(raw["text"] as? String == "Raw words" && raw["priority"] as? String == "low")
    }

    @Test("cancel by id takes the one announcement a say or an event was answered with, of this client or named")
    func cancelByID() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let client = try daemon.client()
        let other = try daemon.client()
        func ask(_ line: String, of asker: LineClient) throws -> [String: Any] {
            try asker.send(line)
            return fields(try #require(try asker.readLine()))
        }
        #expect(try ask(#"{"type":"subscribe"}"#, of: client)["ok"] as? Bool == true)
        // Paused, both wait: an event's announcement and a say's.
        #expect(try ask(#"{"type":"pause"}"#, of: client)["ok"] as? Bool == true)
        let event = try #require(try ask(#"{"type":"collision","lives":2}"#, of: client)["id"] as? String)
        #expect(fields(try #require(try client.readLine()))["event"] as? String == "queued")
        let say = try #require(try ask(#"{"type":"say","text":"Still here."}"#, of: client)["id"] as? String)
        #expect(fields(try #require(try client.readLine()))["event"] as? String == "queued")

        #expect(try ask(#"{"type":"cancel","id":"\#(event)"}"#, of: client)["ok"] as? Bool == true)
        let cancelled = fields(try #require(try client.readLine()))
        #expect(cancelled["event"] as? String == "cancelled" && cancelled["id"] as? String == event)
        let again = try ask(#"{"type":"cancel","id":"\#(event)"}"#, of: client)
        #expect((again["error"] as? [String: Any])?["code"] as? String == "unknown_announcement", "\(again)")
        // Another client reaches it only by naming all clients (or this one's number).
        let refused = try ask(#"{"type":"cancel","id":"\#(say)"}"#, of: other)
        #expect((refused["error"] as? [String: Any])?["code"] as? String == "unknown_announcement", "\(refused)")
        let scoped = try ask(#"{"type":"cancel","id":"\#(say)","scope":"help"}"#, of: other)
        #expect((scoped["error"] as? [String: Any])?["code"] as? String == "invalid_field", "\(scoped)")
        #expect(try ask(#"{"type":"cancel","id":\#(say),"all_clients":true}"#, of: other)["ok"] as? Bool == true)
        let second = fields(try #require(try client.readLine()))
        #expect(second["event"] as? String == "cancelled" && second["id"] as? String == say)
        #expect(try ask(#"{"type":"status"}"#, of: client)["queued"] as? Int == 0)
    }

    @Test(
        "Game events are answered with their text in the client's language",
        arguments: [
            ("en", #"{"type":"collision","lives":1}"#, "Crash! 1 life left"),
            ("en", #"{"type":"collision","lives":2}"#, "Crash! 2 lives left"),
            ("pl", #"{"type":"collision","lives":2}"#, "Kraksa! Zostały dwa życia"),
            ("pl", #"{"type":"collision","lives":5}"#, "Kraksa! Zostało pięć żyć"),
            ("ru", #"{"type":"collision","lives":1}"#, "Авария! Осталась одна жизнь"),
            ("fr", #"{"type":"collision","lives":1}"#, "Accident ! une vie restante"),
            ("fr", #"{"type":"collision","lives":2}"#, "Accident ! deux vies restantes"),
            ("en", #"{"type":"score_changed","score":120}"#, "Score 120"),
            ("en", #"{"type":"level_change_imminent","active":true}"#, "Faster soon!"),
            ("de", #"{"type":"pause_changed","paused":true}"#, "Pausiert."),
        ])
    func eventTexts(locale: String, line: String, expected: String) throws {
        let daemon = try DaemonProcess(arguments: ["--output", "null", "--locale", locale])
        defer { _ = daemon.stop() }
        let reply = fields(try daemon.request(line))
        #expect(reply["ok"] as? Bool == true, "\(reply)")
        #expect(reply["text"] as? String == expected)
    }

    @Test("A crash with no lives left is silent: the game-over summary follows it")
    func silentEvent() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let reply = fields(try daemon.request(#"{"type":"collision","lives":0}"#))
        #expect(reply["ok"] as? Bool == true && reply["silent"] as? Bool == true && reply["text"] == nil)
    }

    @Test("After each bad input the same connection, and the daemon, still answer")
    func survivesBadInput() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let client = try daemon.client()
        let bad: [(String, String)] = [
            ("not json", "invalid_json"), ("[1]", "not_an_object"), (#"{"lives":2}"#, "missing_field"),
            (#"{"type":"teleport"}"#, "unknown_event"), (#"{"type":"collision"}"#, "missing_field"),
            (#"{"type":"collision","lives":"two"}"#, "invalid_field"), (#"{"type":"say","text":""}"#, "speech"),
            (#"{"type":"say","key":"lives_remaining","arguments":["x"]}"#, "format"),
            (#"{"type":"status","v":7}"#, "unsupported_protocol"),
        ]
        for (line, code) in bad {
            try client.send(line)
            #expect(errorCode(try #require(try client.readLine())) == code, "\(line)")
        }
        // Invalid UTF-8, a NUL byte and binary garbage, written raw.
        for raw in [
            [0x7B, 0xC3, 0x28, 0x7D], Array(#"{"type":"st"#.utf8) + [0] + Array(#"atus"}"#.utf8),
            [0xFF, 0xD8, 0x00, 0x10],
        ] {
            try client.sendRaw(raw + [0x0A])
            #expect(errorCode(try #require(try client.readLine())) != nil)
        }
        // A line over the 64 KiB limit: one error, the rest of it discarded, the next line answered.
        try client.sendRaw(Array(repeating: UInt8(ascii: "a"), count: 200_000) + [0x0A])
        #expect(errorCode(try #require(try client.readLine())) == "line_too_long")
        try client.send(#"{"type":"status"}"#)
        #expect(fields(try #require(try client.readLine()))["ok"] as? Bool == true)
        // A client that leaves mid-line does not disturb anyone.
        let leaving = try daemon.client()
        try leaving.sendRaw(Array(#"{"type":"say","te"#.utf8))
        leaving.finishSending()
        #expect(fields(try daemon.request(#"{"type":"status"}"#))["ok"] as? Bool == true)
    }

    @Test("50 clients at once each get every reply")
    func manyClients() async throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let oks = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<50 {
                group.addTask {
                    let client = try daemon.client()
                    var ok = 0
                    for request in 0..<10 {
                        try client.send(#"{"type":"score_changed","score":\#(index * 100 + request)}"#)
                        let reply = fields(try #require(try client.readLine()))
                        if reply["text"] as? String == "Score \(index * 100 + request)" { ok += 1 }
                    }
                    return ok
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(oks == 500)
    }

    @Test("A client that writes without reading is no longer read; others are answered; nothing is lost")
    func backpressure() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let flooder = try daemon.client()
        // Two seconds in which the daemon takes nothing: it stopped reading this client. A daemon
        // without the limit reads all 50,000 lines (the socket would fill only for a moment).
        flooder.setWriteTimeout(.seconds(2))
        var sent = 0
        var blocked = false
        while sent < 50_000 && !blocked {
            do {
                try flooder.send(#"{"type":"score_changed","score":\#(sent)}"#)
                sent += 1
            } catch {
                // Only the write timeout counts; a daemon that went away is a failure.
                try #require("\(error)".contains("within the write timeout"), "\(error)")
                blocked = true
            }
        }
        #expect(blocked, "the daemon read all \(sent) lines of a client that never read a reply")
        #expect(fields(try daemon.request(#"{"type":"status"}"#))["ok"] as? Bool == true)

        // Once it reads, the daemon reads again and answers every line that was sent whole.
        flooder.setReadTimeout(.seconds(20))
        var answered = 0
        var firstWrong: String?
        while answered < sent, let line = try flooder.readLine() {
            if firstWrong == nil && fields(line)["text"] as? String != "Score \(answered)" { firstWrong = line }
            answered += 1
        }
        #expect(answered == sent)
        #expect(firstWrong == nil)
    }

    @Test("A client that writes requests and closes at once, paused or not, has everything it asked said")
    func closingRightAfterWriting() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let watcher = try Subscriber(daemon)
        try watcher.send(#"{"type":"subscribe","all_clients":true}"#)

        // Three requests in one write and a full close, no reply read: the daemon's first reply
        // write then fails (the peer is gone), which must not cost the other two requests.
        do {
            let hasty = try daemon.client()
            // Low: none of them cuts another, so each one's outcome is `finished`.
            let lines = ["one", "two", "three"].map {
                #"{"type":"say","text":"Hasty \#($0).","priority":"low"}"# + "\n"
            }
            try hasty.sendRaw(Array(lines.joined().utf8))
        }
        // A client whose speech waits behind its own pause, and which leaves: the pause goes with
        // it, even though the pause's reply could not be written.
        do {
            let pausing = try daemon.client()
            try pausing.send(#"{"type":"say","text":"Paused one.","priority":"low"}"#)
            try pausing.send(#"{"type":"say","text":"Paused two.","priority":"low"}"#)
            for _ in 0..<2 { _ = try pausing.readLine() }
            try pausing.send(#"{"type":"pause"}"#)
        }

        var finished: Set<String> = []
        var seen: [String] = []
        let expected: Set<String> = ["Hasty one.", "Hasty two.", "Hasty three.", "Paused one.", "Paused two."]
        watcher.client.setReadTimeout(.seconds(10))
        while !expected.isSubset(of: finished), let line = try? watcher.client.readLine() {
            let values = fields(line)
            seen.append("\(values["event"] ?? "?") \(values["text"] ?? "")")
            if values["event"] as? String == "finished", let text = values["text"] as? String { finished.insert(text) }
        }
        #expect(finished == expected, "\(seen)")
    }
}
