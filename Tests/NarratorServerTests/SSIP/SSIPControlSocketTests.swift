import Foundation
import NarratorTestSupport
import Testing

/// Two SSIP connections over the real socket, one acting on the other's messages by its number
/// (`HISTORY GET CLIENT_ID`) and on whoever's is heard (`STOP all`), heard in real time through a
/// real-time WAV file, and told apart by the 7xx events the first one gets.
@Suite struct SSIPControlSocketTests {
    /// A connection's replies, with the 7xx events that come between them kept aside in order.
    final class Connection {
        let raw: SSIPLineClient
        var events: [(code: String, message: String)] = []

        init(path: String) throws { raw = try SSIPLineClient(path: path, readLimit: .seconds(10)) }

        /// Sends a command line; its reply's lines, events before it put aside.
        func command(_ line: String) -> [String] {
            raw.send(line + "\r\n")
            while let reply = raw.reply() {
                guard let last = reply.last, last.hasPrefix("7") else { return reply }
                events.append(Self.event(reply))
            }
            return ["no reply to \(line)"]
        }

        /// `SPEAK` of `text`; the message id.
        func speak(_ text: String) -> String {
            #expect(command("SPEAK").last == "230 OK RECEIVING DATA")
            let queued = command(text + "\r\n.")
            #expect(queued.last == "225 OK MESSAGE QUEUED", "\(queued)")
            return String(queued.first?.dropFirst(4) ?? "")
        }

        /// The next event: `701 BEGIN` of message `1` is ("701", "1").
        func nextEvent() -> (code: String, message: String)? {
            if !events.isEmpty { return events.removeFirst() }
            return raw.reply().map(Self.event)
        }

        private static func event(_ lines: [String]) -> (code: String, message: String) {
            (String(lines.last?.prefix(3) ?? ""), String(lines.first?.dropFirst(4) ?? ""))
        }
    }

    @Test func oneClientPausesResumesStopsAndCancelsAnotherByItsNumberAndStopAllLetsTheQueueGoOn() throws {
        let (daemon, ssip) = try SSIPBadInputTests.daemon(output: "realtime-wav")
        defer { SSIPBadInputTests.stop(daemon, ssip) }
        let reader = try Connection(path: ssip)
        for (line, code) in [
            ("SET SELF CLIENT_NAME user:reader:main", "208"), ("SET SELF NOTIFICATION ALL on", "220"),
            ("SET SELF PRIORITY message", "202"),
        ] {
            #expect(reader.command(line).last?.hasPrefix(code) == true, "\(line)")
        }
        let number = try #require(reader.command("HISTORY GET CLIENT_ID").first?.dropFirst(4))
        // Long enough that none of them ends on its own while the test runs.
        let long = Array(repeating: "This sentence is long enough to take a while to say.", count: 12)
            .joined(separator: " ")
        let ids = (1...4).map { reader.speak("Message \($0). " + long) }
        #expect(reader.nextEvent()! == ("701", ids[0]))

        let controller = try Connection(path: ssip)
        #expect(controller.command("PAUSE \(number)").last == "211 OK PAUSED")
        #expect(reader.nextEvent()! == ("704", ids[0]))
        #expect(controller.command("RESUME \(number)").last == "212 OK RESUMED")
        #expect(reader.nextEvent()! == ("705", ids[0]))
        #expect(controller.command("STOP \(number)").last == "210 OK STOPPED")
        #expect(reader.nextEvent()! == ("703", ids[0]))
        #expect(reader.nextEvent()! == ("701", ids[1]))
        // STOP all cuts what is heard, whoever's; the reader's queue goes on.
        #expect(controller.command("STOP all").last == "210 OK STOPPED")
        #expect(reader.nextEvent()! == ("703", ids[1]))
        #expect(reader.nextEvent()! == ("701", ids[2]))
        #expect(controller.command("CANCEL \(number)").last == "213 OK CANCELED")
        let cancelled = [reader.nextEvent(), reader.nextEvent()].compactMap { $0 }
        #expect(cancelled.map(\.code) == ["703", "703"])
        #expect(Set(cancelled.map(\.message)) == [ids[2], ids[3]])
        // A number no client has: nothing to do, and OK.
        #expect(controller.command("STOP 999").last == "210 OK STOPPED")
        #expect(controller.command("PAUSE 999").last == "211 OK PAUSED")
    }

    /// A block is one message: another connection's `STOP` of the reader's number cuts the block's
    /// message heard and the rest of the block, and the message after the block is said next; `STOP
    /// all` in an open block leaves what the block is sent afterwards unsaid.
    @Test func stopOfAnotherClientCutsTheRestOfItsBlock() throws {
        let (daemon, ssip) = try SSIPBadInputTests.daemon(output: "realtime-wav")
        defer { SSIPBadInputTests.stop(daemon, ssip) }
        let reader = try Connection(path: ssip)
        for line in ["SET SELF NOTIFICATION ALL on", "SET SELF PRIORITY message"] {
            #expect(reader.command(line).last?.hasPrefix("2") == true, "\(line)")
        }
        let number = try #require(reader.command("HISTORY GET CLIENT_ID").first?.dropFirst(4))
        let long = Array(repeating: "This sentence is long enough to take a while to say.", count: 12)
            .joined(separator: " ")
        #expect(reader.command("BLOCK BEGIN").last == "260 OK INSIDE BLOCK")
        let block = (1...3).map { reader.speak("Part \($0). " + long) }
        #expect(reader.command("BLOCK END").last == "261 OK OUTSIDE BLOCK")
        let after = reader.speak("After the block. " + long)
        #expect(reader.nextEvent()! == ("701", block[0]))

        let controller = try Connection(path: ssip)
        #expect(controller.command("STOP \(number)").last == "210 OK STOPPED")
        let cancelled = (0..<3).compactMap { _ in reader.nextEvent() }
        #expect(cancelled.map(\.code) == ["703", "703", "703"])
        #expect(Set(cancelled.map(\.message)) == Set(block))
        #expect(reader.nextEvent()! == ("701", after))

        // An open block: STOP all cuts its message, and what the block is sent after is not said.
        #expect(controller.command("STOP \(number)").last == "210 OK STOPPED")
        #expect(reader.nextEvent()! == ("703", after))
        #expect(reader.command("BLOCK BEGIN").last == "260 OK INSIDE BLOCK")
        let open = reader.speak("Open part. " + long)
        #expect(reader.nextEvent()! == ("701", open))
        #expect(controller.command("STOP all").last == "210 OK STOPPED")
        #expect(reader.nextEvent()! == ("703", open))
        #expect(reader.speak("Never said.") == open)
        #expect(reader.command("BLOCK END").last == "261 OK OUTSIDE BLOCK")
        let last = reader.speak("Said.")
        #expect(reader.nextEvent()! == ("701", last))
        let history = try daemon.request(#"{"type":"history","all_clients":true}"#)
        #expect(!history.contains("Never said."))
        for id in block.dropFirst() { #expect(history.contains(#""id":"\#(id)","#)) }
    }

    /// `HISTORY` over the real socket: the clients the daemon knows, each connection's messages in
    /// SSIP's line format with the wall-clock time they came, and a search among them.
    @Test func historyListsClientsAndMessagesAndSearches() throws {
        let (daemon, ssip) = try SSIPBadInputTests.daemon()
        defer { SSIPBadInputTests.stop(daemon, ssip) }
        let reader = try Connection(path: ssip)
        #expect(reader.command("SET SELF CLIENT_NAME ann:reader:main").last == "208 OK CLIENT NAME SET")
        let writer = try Connection(path: ssip)
        #expect(writer.command("SET SELF CLIENT_NAME ann:writer:main").last == "208 OK CLIENT NAME SET")
        let first = reader.speak("Hello from the reader.")
        let second = writer.speak("Hello from the writer.")
        let readerNumber = try #require(reader.command("HISTORY GET CLIENT_ID").first?.dropFirst(4))
        let writerNumber = try #require(writer.command("HISTORY GET CLIENT_ID").first?.dropFirst(4))
        let clients = reader.command("HISTORY GET CLIENT_LIST")
        #expect(clients.last == "240 OK CLIENTS LIST SENT")
        #expect(clients.contains("240-\(readerNumber) ann:reader:main 1"), "\(clients)")
        #expect(clients.contains("240-\(writerNumber) writer 1"), "\(clients)")
        let messages = reader.command("HISTORY GET CLIENT_MESSAGES all 1 10")
        #expect(messages.count == 3 && messages.last == "241 OK MSGS LIST SENT", "\(messages)")
        let line = try #require(messages.first)
        let pattern =
            #/^241-(\d+) (\d+) ann:reader:main "(\d{4})-\d\d-\d\d \d\d:\d\d:\d\d" text "Hello from the reader\."$/#
        let match = try #require(line.wholeMatch(of: pattern), "\(line)")
        #expect(match.1 == first && match.2 == readerNumber && Int(match.3)! >= 2025)
        let found = writer.command("HISTORY SEARCH all \"(writer | nobody)\"")
        #expect(found.count == 2 && found.first?.hasPrefix("241-\(second) \(writerNumber) ann:writer:main ") == true)
        #expect(writer.command("HISTORY SORT desc time").last == "247 OK HISTORY SORTED")
        #expect(writer.command("HISTORY CURSOR SET all first").last == "220 OK CURSOR SET FIRST")
        #expect(writer.command("HISTORY CURSOR GET").first == "243-\(second)")
    }
}
