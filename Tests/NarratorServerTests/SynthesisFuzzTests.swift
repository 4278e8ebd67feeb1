import Foundation
import NarratorClient
import Testing

/// Random and hostile text (`FuzzText`) through a real `narrator serve` in many languages: the daemon
/// never dies and every announcement ends exactly once. Bounded for CI by time; the long run sets
/// `NARRATOR_FUZZ_COUNT` (and `NARRATOR_FUZZ_SEED`), docs/BENCHMARKS.md.
@Suite("Fuzzed text through the daemon")
struct SynthesisFuzzTests {
    static let locales = [
        "en", "en-GB", "ar", "ca", "de", "es", "es-MX", "fr", "fr-CA", "it", "ja", "ko", "nl", "pl", "pt-BR", "pt-PT",
        "ru", "tr", "zh-Hans", "zh-Hant", "yue", "zh-HK", "hi", "th", "he", "el", "vi", "ta", "ka",
    ]
    static let endings: Set<String> = [
        "finished", "interrupted", "superseded", "expired", "dropped", "cancelled", "failed",
    ]

    @Test("Random and hostile text in many languages: the daemon lives, every announcement ends once")
    func fuzz() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["NARRATOR_FUZZ_COUNT"].flatMap(Int.init)
        let seed = environment["NARRATOR_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970)
        // In CI: as many texts as fit in 30 s. With a count: that many, however long it takes.
        let deadline = count == nil ? Date(timeIntervalSinceNow: 30) : .distantFuture
        // NARRATOR_FUZZ_IN_PROCESS=1: the same texts through libespeak-ng in the daemon's own process,
        // to tell libespeak-ng's crashes from the sandbox's doing (the daemon then dies with them).
        let inProcess = environment["NARRATOR_FUZZ_IN_PROCESS"] == "1"
        let daemon = try DaemonProcess(arguments: ["--output", "null"] + (inProcess ? ["--speech-in-process"] : []))
        defer { _ = daemon.stop() }
        var clients: [String: LineClient] = [:]
        var endings: [String: Int] = [:]
        var texts = FuzzText(seed: seed)
        var sent = 0
        var refused = 0
        var failed: [String] = []
        while sent < (count ?? Int.max) && Date() < deadline {
            let locale = Self.locales[texts.below(Self.locales.count)]
            let client = try clients[locale] ?? Self.connect(daemon, locale: locale, rate: 80 + texts.below(371))
            clients[locale] = client
            let sample = texts.sample()
            let line = #"{"type":"say","text":"\#(sample.json)","ssml":\#(sample.ssml)}"#
            try client.send(line)
            sent += 1
            guard let id = try Self.reply(client, endings: &endings) else {
                refused += 1
                continue
            }
            let ending = try Self.waitForEnd(of: id, client, endings: &endings)
            #expect(ending != nil, "no end for announcement \(id) (seed \(seed), text \(sent))")
            if let ending, ending["event"] as? String == "failed" {
                failed.append("\(locale): \(ending["reason"] ?? ""): \(line.prefix(300))")
            }
            if sent % 1000 == 0 { Self.progress("fuzz: \(sent) texts, \(failed.count) failed (seed \(seed))") }
        }
        // Every ending seen so far (the last client's later ones too) came once.
        let final = try Self.connect(daemon, locale: "en")
        try final.send(#"{"type":"status"}"#)
        #expect(try final.readLine()?.contains("\"ok\":true") == true, "the daemon did not answer (seed \(seed))")
        for (id, times) in endings where times != 1 { Issue.record("announcement \(id) ended \(times) times") }
        #expect(kill(daemon.pid, 0) == 0, "the daemon died (seed \(seed))")
        let summary =
            "fuzz: seed \(seed), \(sent) texts, \(refused) refused, \(failed.count) failed, \(endings.count) ended"
        Self.progress(summary)
        #expect(sent > 20, "\(summary)")
        // libespeak-ng crashes on some of these texts (docs/SPEECH.md): each such announcement fails,
        // saying so, and nothing else does.
        for failure in failed {
            Self.progress("fuzz failure: \(failure)")
            #expect(failure.contains("synthesizer"), "\(failure)")
        }
    }

    /// A line on standard error, unbuffered: a long run shows how far it got even if it is stopped.
    private static func progress(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private static func connect(_ daemon: DaemonProcess, locale: String, rate: Int = 175) throws -> LineClient {
        let client = try daemon.client()
        try client.send(#"{"type":"hello","client":"fuzz","locale":"\#(locale)"}"#)
        _ = try client.readLine()
        try client.send(#"{"type":"set","rate":\#(rate)}"#)
        _ = try client.readLine()
        try client.send(#"{"type":"subscribe"}"#)
        _ = try client.readLine()
        return client
    }

    /// The id in the reply to a say, or nil when it was refused; notifications on the way are counted.
    private static func reply(_ client: LineClient, endings: inout [String: Int]) throws -> String? {
        while let line = try client.readLine() {
            let values = fields(line)
            if values["event"] != nil {
                count(values, into: &endings)
                continue
            }
            return values["ok"] as? Bool == true ? values["id"] as? String : nil
        }
        return nil
    }

    /// The notification that ended `id`.
    private static func waitForEnd(of id: String, _ client: LineClient, endings: inout [String: Int]) throws
        -> [String: Any]?
    {
        while let line = try client.readLine() {
            let values = fields(line)
            count(values, into: &endings)
            if values["id"] as? String == id, let event = values["event"] as? String, Self.endings.contains(event) {
                return values
            }
        }
        return nil
    }

    private static func count(_ values: [String: Any], into endings: inout [String: Int]) {
        guard let event = values["event"] as? String, Self.endings.contains(event), let id = values["id"] as? String
        else { return }
        endings[id, default: 0] += 1
    }
}
