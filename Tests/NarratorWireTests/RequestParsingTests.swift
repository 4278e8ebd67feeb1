import NarratorWire
import Testing

@Suite("Request lines")
struct RequestParsingTests {
    private func parse(_ line: String) throws(ProtocolError) -> Request {
        try Request.parse(Array(line.utf8))
    }

    private func code(of line: some Collection<UInt8>) -> String? {
        do {
            _ = try Request.parse(Array(line))
            return nil
        } catch {
            return error.code
        }
    }

    @Test("A game event keeps its fields for the event map")
    func parsesEvent() throws {
        guard case .event(let type, let fields) = try parse(#"{"type":"collision","lives":2,"v":1}"#) else {
            Issue.record("not an event")
            return
        }
        #expect(type == "collision")
        #expect(fields == [Request.Field("lives", .number("2"))])
    }

    @Test("say takes a key with typed arguments, a priority and a policy")
    func parsesSay() throws {
        let line =
            #"{"type":"say","key":"lives_remaining","arguments":[2,1.5,"x"],"priority":"high","#
            + #""supersedes":"lives","expires_ms":500,"resume":true,"scope":"help.section.1"}"#
        guard case .say(let say) = try parse(line), case .key(let key, let arguments) = say.content else {
            Issue.record("not a keyed say")
            return
        }
        #expect(key == "lives_remaining")
        #expect(arguments == [.integer(2), .decimal(1.5), .string("x")])
        #expect(say.priority == .high)
        #expect(
            say.supersedes == "lives" && say.expiresMilliseconds == 500 && say.resume && say.scope == "help.section.1")
    }

    @Test("Commands parse with their options")
    func parsesCommands() throws {
        #expect(
            try parse(#"{"type":"cancel","scope":"help"}"#) == .cancel(scope: "help", allClients: false))
        #expect(try parse(#"{"type":"pause","all_clients":true}"#) == .pause(allClients: true))
        guard case .set(let change, _, _) = try parse(#"{"type":"set","locale":"pl","rate":200}"#) else {
            Issue.record("set")
            return
        }
        #expect(change.locale == "pl" && change.rate == 200 && change.pitch == nil && change.reset.isEmpty)
        // In set alone, null is not "left out": it resets the field to the daemon's default.
        guard case .set(let reset, _, _) = try parse(#"{"type":"set","rate":null,"volume":null,"pitch":40}"#) else {
            Issue.record("set with null")
            return
        }
        #expect(reset == Request.VoiceChange(pitch: 40, reset: [.rate, .volume]))
        guard case .set(let effects, _, _) = try parse(#"{"type":"set","effects_volume":50,"volume":null}"#),
            case .set(let effectsReset, _, _) = try parse(#"{"type":"set","effects_volume":null}"#)
        else {
            Issue.record("set with effects_volume")
            return
        }
        #expect(effects == Request.VoiceChange(effectsVolume: 50, reset: [.volume]))
        #expect(effectsReset == Request.VoiceChange(reset: [.effectsVolume]))
        guard
            case .hello(let client, let locale, let profile) = try parse(
                #"{"type":"hello","client":"RetroRapid","locale":"fr","profile":"retroracing","protocol":1}"#)
        else {
            Issue.record("hello")
            return
        }
        #expect(client == "RetroRapid" && locale == "fr" && profile == "retroracing")
    }

    @Test(
        "Bad lines are errors with a stable code",
        arguments: [
            ("", "invalid_json"), ("{", "invalid_json"), ("[1,2]", "not_an_object"), ("\"x\"", "not_an_object"),
            ("{}", "missing_field"), (#"{"type":3}"#, "invalid_field"), (#"{"type":""}"#, "invalid_field"),
            (#"{"type":"say"}"#, "missing_field"), (#"{"type":"say","text":"a","key":"b"}"#, "missing_field"),
            (#"{"type":"say","text":5}"#, "invalid_field"),
            (#"{"type":"say","text":"a","priority":"urgent"}"#, "invalid_field"),
            (#"{"type":"say","text":"a","expires_ms":-1}"#, "invalid_field"),
            (#"{"type":"say","text":"a","block":true}"#, "invalid_field"),
            (#"{"type":"set","rate":200,"client":2,"all_clients":true}"#, "invalid_field"),
            (#"{"type":"say","text":"a","colour":1}"#, "unknown_field"),
            (#"{"type":"status","v":2}"#, "unsupported_protocol"),
            (#"{"type":"hello","protocol":9}"#, "unsupported_protocol"),
            (#"{"type":"hello","profile":7}"#, "invalid_field"),
            (#"{"type":"say","key":"k","arguments":[[1]]}"#, "invalid_field"),
            (#"{"type":"set","rate":"fast"}"#, "invalid_field"),
            (#"{"type":"set","punctuation":"loud"}"#, "invalid_field"),
            (#"{"type":"set","capitals":true}"#, "invalid_field"),
            (#"{"type":"status","type":"status"}"#, "invalid_field"),
        ])
    func rejects(line: String, expected: String) {
        #expect(code(of: Array(line.utf8)) == expected)
    }

    @Test("Invalid UTF-8, NUL bytes and binary garbage are errors, not crashes")
    func rejectsBinary() {
        #expect(code(of: [0x7B, 0xFF, 0xFE, 0x7D]) == "invalid_utf8")
        #expect(code(of: Array(#"{"type":"say","text":"a"#.utf8) + [0] + Array(#""}"#.utf8)) == "invalid_json")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let garbage = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            #expect(code(of: garbage) != nil)
        }
    }

    @Test("Replies escape what they quote")
    func escapesReplies() {
        let error = ProtocolError(.invalidJSON, "bad \"quote\" \\ and \n line \u{1}")
        #expect(
            error.replyLine
                == #"{"ok":false,"error":{"code":"invalid_json","message":"bad \"quote\" \\ and \n line \u0001"}}"#)
    }
}
