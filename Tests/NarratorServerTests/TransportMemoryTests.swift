import Foundation
import Logging
import NIOCore
import NIOEmbedded
import NarratorCore
import NarratorVoice
import NarratorWire
import Synchronization
import Testing

@testable import NarratorServer

#if canImport(Glibc)
    import Glibc
#endif

/// Holds the connection's outbound writes unwritten until released, as a socket whose peer does
/// not read would, and counts the reads the connection lets through. Optionally fails a chosen
/// write the way NIO does when a socket's peer has gone: the channel closes, then the write fails.
/// Used on the loop, and read by the test only after the loop has run (never at the same time).
final class StallingSocket: ChannelOutboundHandler, @unchecked Sendable {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    var stalling = false
    /// The zero-based index of the write that fails, closing the channel.
    var failWrite: Int?
    private(set) var held: [(ByteBuffer, EventLoopPromise<Void>?)] = []
    private(set) var reads = 0
    private var writes = 0
    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        defer { writes += 1 }
        if writes == failWrite {
            context.close(promise: nil)
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        let buffer = unwrapOutboundIn(data)
        if stalling {
            held.append((buffer, promise))
        } else {
            context.write(wrapOutboundOut(buffer), promise: promise)
        }
    }

    func read(context: ChannelHandlerContext) {
        reads += 1
        context.read()
    }

    /// Lets `count` held writes through, as the peer reads them. On the loop.
    func release(_ count: Int) {
        guard let context else { return }
        let now = held.prefix(count)
        held.removeFirst(now.count)
        for (buffer, promise) in now { context.write(wrapOutboundOut(buffer), promise: promise) }
        context.flush()
    }
}

/// A fake speaker that notes, at each `speak`, how many writes the connection had handed to the
/// socket: the order of reply and speech, seen from the speech side. Used on the loop only.
final class WatchingSpeaker: Speaker, @unchecked Sendable {
    let inner = FakeSpeaker()
    var writesSoFar: () -> Int = { 0 }
    private(set) var writesAtSpeak: [Int] = []

    func speak(_ request: SpeechRequest, observer: @escaping @Sendable (SpeakerEvent) -> Void) throws(SpeakerError) {
        writesAtSpeak.append(writesSoFar())
        try inner.speak(request, observer: observer)
    }

    func stop(_ id: AnnouncementID) { inner.stop(id) }

    var voices: any VoiceCatalog { inner }

    func voice(for locale: String) throws(SpeakerError) -> VoiceChoice { try inner.voice(for: locale) }

    func voice(named name: String) throws(SpeakerError) -> VoiceChoice { try inner.voice(named: name) }

    var texts: [String] { inner.requests.withLock { $0.map(\.text) } }
}

/// The connection handler in memory: NIO's testing channel and event loop (NIOEmbedded) stand for
/// the socket and the daemon's loop, the conductor is real, above a fake speaker. Beside the
/// real-socket tests, these reach what a socket cannot be made to do on cue.
@Suite("Transport in memory")
struct TransportMemoryTests {
    let loop = NIOAsyncTestingEventLoop()
    let speaker = WatchingSpeaker()
    let conductor: ConductorShell
    let channel: NIOAsyncTestingChannel

    init() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Localization")
        let profile = try Profile.load(folder: root.appendingPathComponent("retroracing").path, extraTables: [])
        conductor = ConductorShell(
            profile: profile, speaker: speaker, sounds: FakeSounds(), logger: Logger(label: "test"), eventLoop: loop)
        channel = NIOAsyncTestingChannel(loop: loop)
    }

    /// Adds the handler (behind `socket`, when given) and connects, as a peer of `uid`.
    private func open(
        uid: UInt32 = getuid(), lineLimit: Int = 64 * 1024, socket: StallingSocket? = nil
    ) async throws {
        let (conductor, logger) = (conductor, Logger(label: "test"))
        try await loop.executeInContext { [channel] in
            if let socket { try channel.pipeline.syncOperations.addHandler(socket) }
            try Door.json(lineLimit: lineLimit).install(
                on: channel, conductor: conductor, logger: logger,
                credentials: { _ in PeerCredentials(pid: 1, uid: uid) })
        }
        try await channel.connect(to: SocketAddress(unixDomainSocketPath: "/memory")).get()
    }

    private func send(_ text: String) async throws {
        try await channel.writeInbound(ByteBuffer(string: text))
    }

    /// Every line written to the client so far, after the loop has run what was queued.
    private func written() async throws -> [String] {
        await loop.run()
        var text = ""
        while let buffer = try await channel.readOutbound(as: ByteBuffer.self) {
            text += String(buffer: buffer)
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test("A line split over reads is one request; lines joined in one read are answered in order")
    func framing() async throws {
        try await open()
        try await send(#"{"type":"hel"#)
        #expect(try await written().isEmpty)
        try await send(#"lo","client":"a"}"# + "\n" + #"{"type":"hello","client":"b"}"# + "\r\n")
        #expect(try await written().map { fields($0)["client"] as? String } == ["a", "b"])
        try await send("   \n" + #"{"type":"status"}"# + "\n" + #"{"type":"hello","client":"c"}"#)
        let lines = try await written()
        #expect(lines.count == 1 && fields(lines[0])["uptime_ms"] != nil)
        try await send("\n")
        #expect(try await written().map { fields($0)["client"] as? String } == ["c"])
    }

    @Test("A line over the limit is refused with line_too_long; the next line is read as usual")
    func lineLimit() async throws {
        try await open(lineLimit: 64)
        try await send(#"{"type":"hello","client":""# + String(repeating: "x", count: 40))
        try await send(String(repeating: "y", count: 40) + #""}"# + "\n" + #"{"type":"hello","client":"ok"}"# + "\n")
        let lines = try await written()
        #expect(lines.count == 2)
        #expect(lines.first.flatMap(errorCode) == "line_too_long")
        #expect(lines.last.map { fields($0)["client"] as? String } == "ok")
    }

    @Test(
        "A line of exactly the limit ended by \\r\\n is read however its last bytes arrive; one byte more never is",
        arguments: [0, 1, 2])
    func returnNewlineAtTheLimit(split: Int) async throws {
        try await open(lineLimit: 64)
        let exact = #"{"type":"hello","client":""# + String(repeating: "x", count: 64 - 28) + #""}"#
        let over = #"{"type":"hello","client":""# + String(repeating: "x", count: 64 - 27) + #""}"#
        #expect(exact.utf8.count == 64 && over.utf8.count == 65)
        for (line, fits) in [(exact, true), (over, false)] {
            // The line, then "\r\n" cut `split` bytes before its end: together, between, or apart.
            let whole = Array((line + "\r\n").utf8)
            try await send(String(decoding: whole[..<(whole.count - split)], as: UTF8.self))
            if split > 0 { try await send(String(decoding: whole[(whole.count - split)...], as: UTF8.self)) }
            let replies = try await written()
            #expect(replies.count == 1)
            #expect(replies.first.flatMap(errorCode) == (fits ? nil : "line_too_long"), "\(line.utf8.count) bytes")
        }
    }

    @Test("The reply to a say is written before the say reaches the speaker")
    func replyBeforeSpeech() async throws {
        let socket = StallingSocket()
        try await open(socket: socket)
        socket.stalling = true
        speaker.writesSoFar = { socket.held.count }
        try await send(#"{"type":"status"}"# + "\n" + #"{"type":"say","text":"Hello."}"# + "\n")
        // Both replies, the say's too, were handed to the socket by the time the speaker heard it.
        #expect(speaker.writesAtSpeak == [2])
        #expect(speaker.texts == ["Hello."])
        #expect(socket.held.last.map { fields(String(buffer: $0.0))["text"] as? String } == "Hello.")
    }

    @Test("While too many lines wait unwritten the connection stops reading; it reads again once they drain")
    func backpressure() async throws {
        let socket = StallingSocket()
        try await open(socket: socket)
        socket.stalling = true
        let count = OutboundBacklog.pauseAbove.lines + 10
        // Short replies ({"ok":true}): the count of lines is the limit that holds here.
        try await send(String(repeating: #"{"type":"subscribe"}"# + "\n", count: count))
        #expect(socket.held.count == count)
        let before = socket.reads
        channel.pipeline.read()
        await loop.run()
        #expect(socket.reads == before, "a read went through with \(count) lines unwritten")
        // Down to just above half the limit: still held.
        try await loop.executeInContext { socket.release(count - OutboundBacklog.pauseAbove.lines / 2 - 1) }
        await loop.run()
        #expect(socket.reads == before)
        try await loop.executeInContext { socket.release(1) }
        await loop.run()
        #expect(socket.reads == before + 1, "the held read was not issued once the lines drained")
        try await loop.executeInContext { socket.release(socket.held.count) }
        #expect(try await written().count == count)
    }

    @Test("Long replies hold reading by their bytes, long before the count of lines would")
    func backpressureInBytes() async throws {
        let socket = StallingSocket()
        try await open(socket: socket)
        socket.stalling = true
        // Each reply carries its 2,500-byte text back: 30 of them pass 64 KiB (and stay within the
        // 32 announcements one client may have).
        let text = String(repeating: "a", count: 2500)
        let count = 30
        try await send(String(repeating: #"{"type":"say","text":"\#(text)","priority":"low"}"# + "\n", count: count))
        #expect(socket.held.count == count)
        let before = socket.reads
        channel.pipeline.read()
        await loop.run()
        #expect(socket.reads == before, "a read went through with \(count * 2500) bytes unwritten")
        // Released one by one, reading resumes exactly when what waits is down to half of 64 KiB.
        while socket.held.reduce(0, { $0 + $1.0.readableBytes }) > OutboundBacklog.pauseAbove.bytes / 2 {
            #expect(socket.reads == before)
            try await loop.executeInContext { socket.release(1) }
            await loop.run()
        }
        #expect(socket.reads == before + 1, "the held read was not issued once the bytes drained")
    }

    @Test("After a half-close the requests already read are answered, then the connection closes")
    func halfClose() async throws {
        let socket = StallingSocket()
        try await open(socket: socket)
        socket.stalling = true
        try await send(#"{"type":"say","text":"Bye."}"# + "\n" + #"{"type":"status"}"# + "\n" + #"{"type":"sta"#)
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        await loop.run()
        #expect(channel.isActive, "closed with two replies unwritten")
        try await loop.executeInContext { socket.release(2) }
        await loop.run()
        #expect(!channel.isActive)
        let lines = try await written()
        #expect(lines.count == 2 && fields(lines[0])["text"] as? String == "Bye.")
        #expect(speaker.texts == ["Bye."])
    }

    @Test("A reply write that fails closes the connection, and the requests read with it are still carried out")
    func writeFailsMidRead() async throws {
        let socket = StallingSocket()
        socket.failWrite = 0
        try await open(socket: socket)
        try await send(
            #"{"type":"say","text":"One."}"# + "\n" + #"{"type":"say","text":"Two."}"# + "\n"
                + #"{"type":"say","text":"Three."}"# + "\n")
        await loop.run()
        #expect(!channel.isActive)
        // All three are carried out: Two cuts One (default interrupts default; the fake speaker
        // confirms the stop) and speaks, Three waits its turn behind it (nothing ever finishes).
        #expect(speaker.texts == ["One.", "Two."])
        let (sessions, live) = try await loop.executeInContext { [conductor] in
            conductor.assumeIsolated { shell in
                (
                    shell.conductor.sessions.count,
                    shell.conductor.ledger.records.values.filter { !$0.phase.hasEnded }.map(\.text).sorted()
                )
            }
        }
        #expect(live == ["Three.", "Two."])
        // The conductor forgot the connection after those requests, in a turn of its own.
        #expect(sessions == 0)
    }

    @Test("A peer of another user is refused with not_allowed and its requests are not read")
    func refusedPeer() async throws {
        try await open(uid: getuid() &+ 1)
        try await send(#"{"type":"say","text":"Intruder."}"# + "\n")
        let lines = try await written()
        #expect(lines.count == 1 && lines.first.flatMap(errorCode) == "not_allowed")
        #expect(speaker.texts.isEmpty)
        // (An embedded channel closes whole where a socket closes only its output; the real-socket
        // tests cover the refused client that keeps writing.)
        await loop.advanceTime(by: .seconds(5))
        #expect(!channel.isActive)
    }
}
