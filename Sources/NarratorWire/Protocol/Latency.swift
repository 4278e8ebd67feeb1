import NarratorJSON

/// How long an announcement took to be heard, and to fall silent when it was stopped, as the daemon
/// measured it from its sound server (docs/AUDIO.md, W19); in `history` entries and in the outcome
/// notifications that end an announcement (docs/PROTOCOL.md).
public struct AnnouncementLatency: Sendable, Hashable {
    /// From the request (or, for one that waited its turn, from when its turn came) to its first
    /// sample handed to the sound output.
    public var handedMilliseconds: Double?
    /// From the same instant to its first sample heard.
    public var audibleMilliseconds: Double?
    /// From the request that stopped it to its last sample heard.
    public var silentMilliseconds: Double?

    public init(
        handedMilliseconds: Double? = nil, audibleMilliseconds: Double? = nil, silentMilliseconds: Double? = nil
    ) {
        self.handedMilliseconds = handedMilliseconds
        self.audibleMilliseconds = audibleMilliseconds
        self.silentMilliseconds = silentMilliseconds
    }

    public var isEmpty: Bool { handedMilliseconds == nil && audibleMilliseconds == nil && silentMilliseconds == nil }

    /// `handed_ms`, `audible_ms`, `silent_ms`, each only when known.
    func add(to object: inout JSONObjectWriter) {
        handedMilliseconds.map { object.add("handed_ms", milliseconds: $0) }
        audibleMilliseconds.map { object.add("audible_ms", milliseconds: $0) }
        silentMilliseconds.map { object.add("silent_ms", milliseconds: $0) }
    }

    /// Read back from an entry or a notification; nil when it has none of the three.
    static func read(from object: inout WireObject) throws(ProtocolError) -> AnnouncementLatency? {
        let latency = AnnouncementLatency(
            handedMilliseconds: try object.decimal("handed_ms"), audibleMilliseconds: try object.decimal("audible_ms"),
            silentMilliseconds: try object.decimal("silent_ms"))
        return latency.isEmpty ? nil : latency
    }
}

/// A distribution of latencies in `status`: how many, and the median, 95th percentile and worst, in
/// milliseconds (nil when there are none).
public struct LatencySummary: Sendable, Hashable {
    public var count: Int
    public var median: Double?
    public var p95: Double?
    public var worst: Double?

    public init(count: Int = 0, median: Double? = nil, p95: Double? = nil, worst: Double? = nil) {
        self.count = count
        self.median = median
        self.p95 = p95
        self.worst = worst
    }

    /// `{"count":8,"median_ms":4.2,"p95_ms":6.1,"worst_ms":7.0}`, only the count when there are none.
    var object: JSONObjectWriter {
        var object = JSONObjectWriter()
        object.add("count", count)
        median.map { object.add("median_ms", milliseconds: $0) }
        p95.map { object.add("p95_ms", milliseconds: $0) }
        worst.map { object.add("worst_ms", milliseconds: $0) }
        return object
    }

    static func read(_ object: inout WireObject) throws(ProtocolError) -> LatencySummary {
        LatencySummary(
            count: try object.integer("count") ?? 0, median: try object.decimal("median_ms"),
            p95: try object.decimal("p95_ms"), worst: try object.decimal("worst_ms"))
    }
}

/// The output's latencies in `status`, each over the last minute and since the daemon started:
/// speech heard (`audible`), stopped speech silent (`silent`), sounds heard (`sound`).
public struct OutputLatency: Sendable, Hashable {
    /// One kind of latency over two spans.
    public struct Spans: Sendable, Hashable {
        public var lastMinute: LatencySummary
        public var sinceStart: LatencySummary

        public init(lastMinute: LatencySummary = .init(), sinceStart: LatencySummary = .init()) {
            self.lastMinute = lastMinute
            self.sinceStart = sinceStart
        }
    }

    public var audible: Spans
    public var silent: Spans
    public var sound: Spans

    public init(audible: Spans = .init(), silent: Spans = .init(), sound: Spans = .init()) {
        self.audible = audible
        self.silent = silent
        self.sound = sound
    }

    /// `{"audible":{"minute":{...},"all":{...}},"silent":{...},"sound":{...}}`, each kind once it
    /// was measured (`{}` before anything was).
    var object: JSONObjectWriter {
        var object = JSONObjectWriter()
        for (name, spans) in [("audible", audible), ("silent", silent), ("sound", sound)]
        where spans.sinceStart.count > 0 {
            var pair = JSONObjectWriter()
            pair.add("minute", object: spans.lastMinute.object)
            pair.add("all", object: spans.sinceStart.object)
            object.add(name, object: pair)
        }
        return object
    }

    static func read(_ object: inout WireObject) throws(ProtocolError) -> OutputLatency {
        func spans(_ name: String) throws(ProtocolError) -> Spans {
            guard var pair = try object.object(name) else { return Spans() }
            var spans = Spans()
            if var minute = try pair.object("minute") { spans.lastMinute = try LatencySummary.read(&minute) }
            if var all = try pair.object("all") { spans.sinceStart = try LatencySummary.read(&all) }
            return spans
        }
        return OutputLatency(audible: try spans("audible"), silent: try spans("silent"), sound: try spans("sound"))
    }
}
