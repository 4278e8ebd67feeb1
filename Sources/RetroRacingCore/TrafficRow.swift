/// One row of rival cars across the three lanes (0 left, 1 middle, 2 right).
///
/// A row never fills all three lanes: there is always a way through, so a tick scores at most 2 points.
public struct TrafficRow: Hashable, Sendable, CustomStringConvertible {
    public static let laneCount = 3
    /// The most cars a row may hold.
    public static let maximumCars = 2
    public static let empty = TrafficRow(mask: 0)

    /// Bit `n` set: a rival car in lane `n`.
    public let mask: UInt8

    /// A row with rival cars in `lanes` (each 0...2, at most two of them; anything else is a programming error).
    public init(cars lanes: Set<Int>) {
        precondition(lanes.allSatisfy { (0..<Self.laneCount).contains($0) }, "lanes are 0, 1 and 2")
        self.init(mask: lanes.reduce(0) { $0 | UInt8(1) << UInt8($1) })
    }

    init(mask: UInt8) {
        precondition(mask < 1 << Self.laneCount, "a row has three lanes")
        precondition(mask.nonzeroBitCount <= Self.maximumCars, "a row keeps at least one lane free")
        self.mask = mask
    }

    public func hasCar(inLane lane: Int) -> Bool {
        (0..<Self.laneCount).contains(lane) && mask & (1 << UInt8(lane)) != 0
    }

    /// The cars in this row, which is also the points the row is worth when it is overtaken.
    public var carCount: Int { mask.nonzeroBitCount }

    public var isEmpty: Bool { mask == 0 }

    /// The lanes with a rival car, left to right.
    public var cars: [Int] { (0..<Self.laneCount).filter(hasCar(inLane:)) }

    /// The lanes without one, left to right: the safe lanes when this row is directly ahead.
    public var freeLanes: [Int] { (0..<Self.laneCount).filter { !hasCar(inLane: $0) } }

    /// `X` for a car and `.` for a free lane, left to right: `X.X`.
    public var description: String {
        String((0..<Self.laneCount).map { hasCar(inLane: $0) ? "X" : "." })
    }

    /// A new row for the top of the road: each lane holds a car with even odds; when all three come up,
    /// one of them, chosen at random, is taken away.
    static func random(using source: inout SplitMix64) -> TrafficRow {
        let drawn = UInt8(source.next(below: 1 << laneCount))
        guard drawn.nonzeroBitCount > maximumCars else { return TrafficRow(mask: drawn) }
        let cleared = source.next(below: laneCount)
        return TrafficRow(mask: drawn & ~(1 << UInt8(cleared)))
    }
}
