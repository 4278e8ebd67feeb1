import NarratorWire
import Testing

/// Every request a client can write is read back the same by the daemon's parser, and every reply and
/// notification the daemon writes is read back the same by a client: both ends share one definition.
@Suite("The wire, written and read")
struct WireRoundTripTests {
    static let requests: [Request] = [
        .hello(client: "RetroRapid", locale: "pl", profile: "retroracing"),
        .hello(client: nil, locale: nil, profile: nil),
        .event(type: "collision", fields: [.init("lives", .integer(2))]),
        .event(type: "game_over", fields: [.init("score", .integer(120)), .init("new_record", .bool(true))]),
        .event(type: "finished", fields: []),
        .say(.init(.text("Hello \"there\"\n"))),
        .say(
            .init(
                .key("lives_remaining", arguments: [.integer(2), .decimal(1.5), .string("x")]), priority: .high,
                supersedes: "lives", expiresMilliseconds: 500, resume: true, scope: "help.section.1")),
        .say(.init(.key("ready", arguments: []), priority: .low)),
        .say(.init(.text("<speak>Hi <break time=\"1s\"/> there</speak>"), ssml: true)),
        .say(.init(.text("Part two."), priority: .low, scope: "ssip-text.3", block: true)),
        .cancel(scope: nil, allClients: false), .cancel(scope: "help", allClients: true),
        .cancel(scope: nil, allClients: true, speaking: true), .cancel(scope: nil, allClients: false, client: 7),
        .cancel(scope: "help", allClients: false, client: 3),
        .cancel(scope: nil, allClients: false, speaking: true, client: 2),
        .cancel(scope: nil, allClients: false, id: 12), .cancel(scope: nil, allClients: true, id: 40),
        .cancel(scope: nil, allClients: false, client: 3, id: 9),
        .pause(allClients: false), .pause(allClients: true), .resume(allClients: true),
        .pause(allClients: false, client: 7), .resume(allClients: false, client: 7),
        .set(.init(locale: "fr", rate: 300, pitch: 40, volume: 90)), .set(.init(rate: 80)),
        .set(.init(pitch: 60, reset: [.locale, .rate, .volume])), .set(.init(effectsVolume: 80)),
        .set(.init(reset: [.effectsVolume])), .set(.init(rate: 200), allClients: true),
        .set(.init(reset: [.pitch]), client: 7),
        .set(.init(variant: "f2", punctuation: .some, capitals: .spell, spelling: true)),
        .set(.init(reset: [.variant, .punctuation, .capitals, .spelling])), .status,
        .subscribe(allClients: false), .subscribe(allClients: true),
        .play(sound: "lane_chord", arguments: [.init("left", .bool(true)), .init("lane", .integer(1))]),
        .repeat(allClients: false, priority: .default), .repeat(allClients: true, priority: .high),
        .history(limit: nil, allClients: false), .history(limit: 5, allClients: true),
    ]

    @Test("every request reads back as written", arguments: requests)
    func requestRoundTrip(request: Request) throws {
        #expect(try Request.parse(Array(request.line.utf8)) == request, "\(request.line)")
    }

    @Test("every kind of request is covered above")
    func everyKind() {
        #expect(Set(Self.requests.compactMap(\.kind)) == Set(Request.Kind.allCases))
    }

    static let replies: [Reply] = [
        .done,
        .hello(.init(protocolVersion: 1, client: "g", locale: "pl", profile: "retroracing", events: ["a", "b"])),
        .hello(
            .init(protocolVersion: 1, client: "orca", locale: "en", profile: "ssip", events: [], screenReader: true)),
        .announcement(.init(id: "7", text: "Crash! \"2\" lives\n", locale: "en", priority: .default)),
        .announcement(
            .init(id: "8", text: "x", locale: "pl", priority: .high, sound: "crash", notices: ["no Polish, English"])),
        .silent, .sound(name: "lane_pulses", milliseconds: 90),
        .voice(.init(locale: "de", rate: 300, pitch: 50, volume: 100, effectsVolume: 80)),
        .voice(
            .init(
                locale: "en", rate: 175, pitch: 50, volume: 100, effectsVolume: 100, variant: "f2", punctuation: .most,
                capitals: .icon, spelling: true)),
        .status(
            .init(
                version: "0.5.0", speaking: .init(id: "12", text: "Score 5", client: "g"), queued: 3, clients: 2,
                profile: "retroracing", profileFolder: "/p",
                output: {
                    var output = OutputState(output: "pulse", condition: .working, milliseconds: 12.5, underruns: 3)
                    output.leadMilliseconds = 120
                    return output
                }(),
                uptimeMilliseconds: 1234.567,
                counters: [.init("connections", 1), .init("requests", 9), .init("errors", 0), .init("finished", 3)])),
        .status(
            .init(
                version: "0.5.0", speaking: nil, queued: 0, clients: 1, profile: "p", profileFolder: "/p",
                output: .init(output: "null", condition: .lost(reason: "gone"), milliseconds: 0),
                uptimeMilliseconds: 0, counters: [],
                defaults: .init(
                    voice: .init(locale: "pl", rate: 300, pitch: 50, volume: 100, effectsVolume: 150), output: "auto",
                    spokenNotices: true, voices: [.init("pl", "pl+f3")],
                    origins: [.init("rate", "/home/a/.config/narrator/config:2"), .init("pitch", "built-in")],
                    file: "/home/a/.config/narrator/config"))),
        .status(
            .init(
                version: "0.5.0", speaking: nil, queued: 2,
                paused: .init(all: true, allBy: "narrator pause", clients: ["RetroRacing", "x"]), clients: 1,
                profile: "p", profileFolder: "/p", output: .init(output: "null", condition: .working, milliseconds: 0),
                uptimeMilliseconds: 0, counters: [])),
        .status(
            .init(
                version: "0.5.0", speaking: nil, queued: 0, paused: .init(clients: ["RetroRacing"]), clients: 1,
                profile: "p", profileFolder: "/p", output: .init(output: "null", condition: .working, milliseconds: 0),
                uptimeMilliseconds: 0, counters: [])),
        .status(
            .init(
                version: "0.5.0", speaking: nil, queued: 0, clients: 2,
                connected: [
                    .init(number: 3, name: "RetroRacing"), .init(number: 7, name: "orca", screenReader: true),
                ], profile: "p",
                profileFolder: "/p", output: .init(output: "null", condition: .working, milliseconds: 0),
                uptimeMilliseconds: 0, counters: [])),
        statusNamingServerAndSynthesizer,
        .history([]),
        .history([
            .init(
                id: "8", client: "RetroRacing", text: "Crash! \"2\"", priority: .default, outcome: .finished,
                milliseconds: 12.5),
            .init(id: "9", client: "client 3", text: "x", priority: .high, outcome: .started, milliseconds: 13),
            .init(id: "10", client: "c", text: "y", priority: .low, outcome: .superseded(by: 11), milliseconds: 14),
            .init(id: "11", client: "c", text: "z", priority: .low, outcome: .suspended(position: 3), milliseconds: 15),
            .init(
                id: "12", client: "spd-say", text: "<speak>a</speak>", priority: .low, outcome: .cancelled,
                milliseconds: 20, clientNumber: 4, queuedMilliseconds: 16.25, ssml: true),
        ]),
        .error(ProtocolError(.invalidJSON, "bad \"quote\" \\ and \n line \u{1}")),
    ]

    /// A status with the output's sound server and the synthesizer's state (what `narrator doctor` reads).
    static var statusNamingServerAndSynthesizer: Reply {
        var status = Reply.Status(
            version: "0.5.0", speaking: nil, queued: 0, clients: 1, profile: "p", profileFolder: "/p",
            output: .init(output: "pulse", condition: .working, milliseconds: 0), uptimeMilliseconds: 0, counters: [])
        status.output.server = "unix:/run/user/1000/pulse/native"
        status.synthesizer = .init(name: "espeak-ng", sandbox: "landlock 7, seccomp", restarts: 2)
        return .status(status)
    }

    @Test("every reply reads back as written", arguments: replies)
    func replyRoundTrip(reply: Reply) throws {
        #expect(try DaemonLine.parse(reply.line) == .reply(reply), "\(reply.line)")
    }

    static let notifications: [Notification] = [
        .outcome(.init(outcome: .finished, id: "3", client: "c", text: "Score 1", milliseconds: 12.5)),
        .outcome(.init(outcome: .superseded(by: 4), id: "3", client: "c", text: "Score 1", milliseconds: 12.5)),
        .outcome(.init(outcome: .suspended(position: 17), id: "3", client: "c", text: "x", milliseconds: 1)),
        .outcome(.init(outcome: .resumed(position: 17), id: "3", client: "c", text: "x", milliseconds: 2)),
        .outcome(.init(outcome: .failed(reason: "no sound"), id: "3", client: "c", text: "x", milliseconds: 1)),
        .outcome(.init(outcome: .interrupted(by: 5), id: "3", client: "c", text: "x", milliseconds: 1)),
        .outcome(.init(outcome: .interrupted(by: nil), id: "3", client: "c", text: "x", milliseconds: 1)),
        .output(.init(output: "pulse", condition: .lost(reason: "connection refused"), milliseconds: 99.001)),
        .output(.init(output: "pulse", condition: .working, milliseconds: 100)),
        .mark(.init(id: "3", client: "spd-say", name: "here", milliseconds: 5.25)),
    ]

    @Test("every notification reads back as written", arguments: notifications)
    func notificationRoundTrip(notification: Notification) throws {
        #expect(try DaemonLine.parse(notification.line) == .notification(notification), "\(notification.line)")
    }

    @Test("lines keep the documented member order")
    func stableLines() {
        #expect(
            Reply.announcement(.init(id: "7", text: "Hi", locale: "en", priority: .default)).line
                == #"{"ok":true,"id":"7","text":"Hi","locale":"en","priority":"default"}"#)
        #expect(Reply.done.line == #"{"ok":true}"#)
        #expect(Reply.silent.line == #"{"ok":true,"silent":true}"#)
        #expect(
            Reply.history([.init(id: "8", client: "c", text: "Hi", priority: .low, outcome: .finished, milliseconds: 1)]
            )
            .line
                == #"{"ok":true,"history":[{"id":"8","client":"c","text":"Hi","priority":"low","outcome":"finished","t_ms":1.000}]}"#
        )
        #expect(
            ProtocolError(.invalidJSON, "bad \"quote\" \\ and \n line \u{1}").replyLine
                == #"{"ok":false,"error":{"code":"invalid_json","message":"bad \"quote\" \\ and \n line \u0001"}}"#)
        #expect(
            Notification.outcome(.init(outcome: .finished, id: "3", client: "c", text: "S", milliseconds: 12.5)).line
                == #"{"event":"finished","id":"3","client":"c","text":"S","t_ms":12.500}"#)
        #expect(
            Notification.outcome(
                .init(outcome: .superseded(by: 4), id: "3", client: "c", text: "S", milliseconds: 12.5)
            ).line == #"{"event":"superseded","id":"3","client":"c","text":"S","t_ms":12.500,"by":"4"}"#)
        #expect(
            Notification.mark(.init(id: "3", client: "c", name: "m1", milliseconds: 12.5)).line
                == #"{"event":"mark","id":"3","client":"c","mark":"m1","t_ms":12.500}"#)
        #expect(
            Request.event(type: "collision", fields: [.init("lives", .integer(2))]).line
                == #"{"type":"collision","lives":2}"#)
    }

    @Test("a client reads what a newer daemon adds, and refuses what is not the protocol")
    func lenientButNotBlind() throws {
        #expect(try DaemonLine.parse(#"{"ok":true,"later":[1,{"x":2}]}"#) == .reply(.done))
        #expect(
            try DaemonLine.parse(#"{"ok":true,"speaking":{"id":"12"},"version":"9","output":{},"queued":0}"#).reply?
                .announcementID == nil)
        for line in [
            "", "[1]", #"{"x":1}"#, #"{"event":"exploded","id":"1"}"#, #"{"ok":false}"#,
            #"{"event":"superseded","id":"1"}"#, #"{"event":"interrupted","id":"1","by":"x"}"#,
        ] {
            #expect(throws: ProtocolError.self, "\(line)") { try DaemonLine.parse(line) }
        }
    }

    @Test("command-line words become a request line")
    func commandLine() throws {
        #expect(try CommandLineRequest.line(from: ["collision", "--lives", "2"]) == #"{"type":"collision","lives":2}"#)
        #expect(
            try CommandLineRequest.line(from: ["say", "--text", "2", "--priority", "high"])
                == #"{"type":"say","text":"2","priority":"high"}"#)
        #expect(
            try CommandLineRequest.line(from: ["say", "--key", "k", "--arguments", "2"])
                == #"{"type":"say","key":"k","arguments":[2]}"#)
        #expect(
            try CommandLineRequest.line(from: ["game-over", "--new-record", "true", "--x", "007", "--x", "null"])
                == #"{"type":"game-over","new_record":true,"x":["007",null]}"#)
        #expect(throws: CommandLineRequest.Failure.self) { try CommandLineRequest.line(from: ["a", "lives"]) }
        #expect(throws: CommandLineRequest.Failure.self) { try CommandLineRequest.line(from: ["a", "--lives"]) }
    }
}
