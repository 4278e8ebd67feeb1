public import NarratorVoice
public import NarratorWire

/// Sends the same audio to two sinks: to play and record at once, or to compare outputs in tests.
/// A mark fires once, when both sinks have reached it.
public final class TeeSink: AudioSink {
    public let first: any AudioSink
    public let second: any AudioSink
    public var name: String { "\(first.name)+\(second.name)" }

    public init(_ first: any AudioSink, _ second: any AudioSink) {
        self.first = first
        self.second = second
    }

    public func begin(utterance id: UInt64, pan: Pan, gain: Double) {
        first.begin(utterance: id, pan: pan, gain: gain)
        second.begin(utterance: id, pan: pan, gain: gain)
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        let a = first.write(samples)
        let b = second.write(samples)
        return a && b
    }

    public func mark(_ handler: @escaping @Sendable (_ reached: Bool) -> Void) {
        let both = Both<Bool>(handler) { $0 && $1 }
        first.mark(both.arrive)
        second.mark(both.arrive)
    }

    public func finish(_ handler: @escaping @Sendable (PlaybackResult) -> Void) {
        let both = Both<PlaybackResult>(handler) { a, b in a == .played ? b : a }
        first.finish(both.arrive)
        second.finish(both.arrive)
    }

    public func interrupt(utterance id: UInt64) {
        first.interrupt(utterance: id)
        second.interrupt(utterance: id)
    }
}
