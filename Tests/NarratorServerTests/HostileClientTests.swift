import Dispatch
import Foundation
import NarratorClient
import NarratorSystem
import Testing

/// The findings of the fault and fuzz campaign (issue 10), each over the real socket of a real
/// `narrator serve`: what one client can make the daemon hold, and the edge cases.
@Suite("Hostile clients")
struct HostileClientTests {
    /// Sends `line` and returns its reply, skipping notifications.
    private static func ask(_ client: LineClient, _ line: String) throws -> [String: Any] {
        try client.send(line)
        while true {
            let reply = fields(try #require(try client.readLine()))
            if reply["event"] == nil { return reply }
        }
    }

    @Test("Whole numbers are read by their exact value in commands and events alike")
    func numbers() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let client = try daemon.client()
        let set = try Self.ask(client, #"{"type":"set","rate":2.0e2,"pitch":50.0}"#)
        #expect(set["ok"] as? Bool == true && set["rate"] as? Int == 200, "\(set)")
        let almostOne = try Self.ask(client, #"{"type":"collision","lives":0.99999999999999999}"#)
        #expect(errorCode(try JSONSerialization.jsonString(almostOne)) == "invalid_field", "\(almostOne)")
        let twoPointZero = try Self.ask(client, #"{"type":"collision","lives":2.0}"#)
        #expect(twoPointZero["text"] as? String == "Crash! 2 lives left", "\(twoPointZero)")
        let big = try Self.ask(client, #"{"type":"score_changed","score":1e18}"#)
        let bigDigits = try Self.ask(client, #"{"type":"score_changed","score":1000000000000000000}"#)
        #expect(big["ok"] as? Bool == true && big["text"] as? String == bigDigits["text"] as? String, "\(big)")
    }

    @Test("A template value that reaches a key of another family is the client's error, not the table's")
    func templateFamily() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let reply = fields(
            try daemon.request(#"{"type":"help","action":"open","topic":"page","section":1,"sections":4}"#))
        let error = reply["error"] as? [String: Any]
        #expect(error?["code"] as? String == "invalid_field", "\(reply)")
        #expect((error?["message"] as? String)?.contains("\"topic\"") == true, "\(reply)")
    }

    @Test(
        "say and cancel refuse the scopes an event map would refuse", arguments: ["", "a..b", ".help", "help.", "a b"])
    func scopes(scope: String) throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let client = try daemon.client()
        let say = try Self.ask(client, #"{"type":"say","text":"x","scope":"\#(scope)"}"#)
        #expect((say["error"] as? [String: Any])?["code"] as? String == "invalid_field", "\(say)")
        let cancel = try Self.ask(client, #"{"type":"cancel","scope":"\#(scope)"}"#)
        #expect((cancel["error"] as? [String: Any])?["code"] as? String == "invalid_field", "\(cancel)")
    }

    @Test("A paused client flooding high announcements meets its limit, and another client's speech is kept")
    func floodLimit() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        // The other client waits with ten low announcements of its own (paused, so they stay queued).
        let other = try daemon.client()
        #expect(try Self.ask(other, #"{"type":"subscribe"}"#)["ok"] as? Bool == true)
        #expect(try Self.ask(other, #"{"type":"pause"}"#)["ok"] as? Bool == true)
        var ids: Set<String> = []
        for index in 0..<10 {
            let reply = try Self.ask(other, #"{"type":"say","text":"Other \#(index)","priority":"low"}"#)
            ids.insert(try #require(reply["id"] as? String))
        }
        let flooder = try daemon.client()
        #expect(try Self.ask(flooder, #"{"type":"pause"}"#)["ok"] as? Bool == true)
        let text = String(repeating: "Flood. ", count: 430)  // about 3 kB
        var accepted = 0
        var limited = 0
        for _ in 0..<200 {
            let reply = try Self.ask(flooder, #"{"type":"say","text":"\#(text)","priority":"high"}"#)
            if reply["ok"] as? Bool == true {
                accepted += 1
            } else if (reply["error"] as? [String: Any])?["code"] as? String == "limit" {
                limited += 1
            }
        }
        #expect(accepted == 32 && limited == 168, "accepted \(accepted), limited \(limited)")
        // Cancelling its own speech, the other client hears that all ten were still waiting.
        #expect(try Self.ask(other, #"{"type":"cancel"}"#)["ok"] as? Bool == true)
        var outcomes: [String: String] = [:]
        while outcomes.count < ids.count {
            let line = fields(try #require(try other.readLine()))
            if let id = line["id"] as? String, ids.contains(id), let event = line["event"] as? String, event != "queued"
            {
                outcomes[id] = event
            }
        }
        #expect(Set(outcomes.values) == ["cancelled"], "\(outcomes)")
        // Once the flood is cancelled, the flooder may speak again.
        #expect(try Self.ask(flooder, #"{"type":"cancel"}"#)["ok"] as? Bool == true)
        #expect(try Self.ask(flooder, #"{"type":"say","text":"Again","priority":"high"}"#)["ok"] as? Bool == true)
    }

    @Test("Subscribers that never read and paused flooders cannot make the daemon grow, and it gives memory back")
    func memoryUnderHostileClients() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let wellBehaved = try daemon.client()
        // Warm: the daemon has loaded everything a request needs before the baseline is taken.
        _ = try Self.ask(wellBehaved, #"{"type":"collision","lives":2}"#)
        _ = try Self.ask(wellBehaved, #"{"type":"cancel"}"#)
        let baseline = ProcessMemory.residentKiB(of: daemon.pid)
        var silent: [LineClient] = []
        for _ in 0..<40 {
            let subscriber = try daemon.client()
            try subscriber.send(#"{"type":"subscribe","all_clients":true}"#)
            silent.append(subscriber)
        }
        let text = String(repeating: "Flood. ", count: 430)
        var flooders = try (0..<20).map { _ in try daemon.client() }
        let group = DispatchGroup()
        let failures = FailureLog()
        for flooder in flooders {
            let flooder = UncheckedClient(client: flooder)
            DispatchQueue.global().async(group: group) {
                do {
                    _ = try Self.ask(flooder.client, #"{"type":"pause"}"#)
                    for _ in 0..<300 {
                        _ = try Self.ask(flooder.client, #"{"type":"say","text":"\#(text)","priority":"high"}"#)
                    }
                } catch {
                    failures.add("a flooder: \(error)")
                }
            }
        }
        // The well-behaved game streams its events meanwhile, and gets every reply.
        var replies = 0
        for index in 0..<2000 {
            let line =
                index % 20 == 17 ? #"{"type":"collision","lives":2}"# : #"{"type":"score_changed","score":\#(index)}"#
            if try Self.ask(wellBehaved, line)["ok"] as? Bool == true { replies += 1 }
        }
        group.wait()
        #expect(failures.messages.isEmpty, "\(failures.messages)")
        #expect(replies == 2000)
        let peak = ProcessMemory.peakKiB(of: daemon.pid)
        // The targets are for the release build (about 20 MB once it has answered): under 64 MB at peak,
        // under 30 MB after. This build's own code pages differ, so the growth over its own baseline is
        // checked against the same margins.
        #expect(peak - baseline < 44 * 1024, "peak \(peak) KiB over a baseline of \(baseline) KiB")
        // Dropping the last reference closes a client's socket.
        silent = []
        flooders = []
        // Everyone but the well-behaved game has left once the daemon counts one client.
        while (try Self.ask(wellBehaved, #"{"type":"status"}"#)["clients"] as? Int) != 1 {}
        let after = ProcessMemory.residentKiB(of: daemon.pid)
        #expect(after - baseline < 10 * 1024, "after: \(after) KiB over a baseline of \(baseline) KiB")
    }
}

extension HostileClientTests {
    @Test("500 connections each holding an unfinished 64 KiB line: the memory comes back when they leave")
    func unfinishedLines() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let checker = try daemon.client()
        _ = try Self.ask(checker, #"{"type":"status"}"#)
        let baseline = ProcessMemory.residentKiB(of: daemon.pid)
        let partial = Array(repeating: UInt8(ascii: "x"), count: 64 * 1024 - 1)
        var holders: [LineClient] = []
        for _ in 0..<500 {
            let holder = try daemon.client()
            try holder.sendRaw(partial)
            holders.append(holder)
        }
        // Every holder is connected, and its bytes read, once the daemon counts them all.
        while (try Self.ask(checker, #"{"type":"status"}"#)["clients"] as? Int) != 501 {}
        let held = ProcessMemory.residentKiB(of: daemon.pid)
        holders = []
        while (try Self.ask(checker, #"{"type":"status"}"#)["clients"] as? Int) != 1 {}
        let after = ProcessMemory.residentKiB(of: daemon.pid)
        print("unfinished lines: baseline \(baseline) KiB, held \(held) KiB, after \(after) KiB")
        #expect(after - baseline < 10 * 1024, "held \(held) KiB, after \(after) KiB, baseline \(baseline) KiB")
    }
}

/// A client used by one thread only.
private struct UncheckedClient: @unchecked Sendable {
    let client: LineClient
}

/// Failures collected from several threads.
private final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ message: String) { lock.withLock { list.append(message) } }
    var messages: [String] { lock.withLock { list } }
}

extension JSONSerialization {
    static func jsonString(_ object: [String: Any]) throws -> String {
        String(decoding: try data(withJSONObject: object), as: UTF8.self)
    }
}
