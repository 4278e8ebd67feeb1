/// The road above the player: the top four rows of the 5 x 3 grid. The fifth, bottom row is the
/// player's own and holds only the player (`RaceGame.lane`).
///
/// Row 0 is the top, where new rows enter; row 3 is directly ahead of the player and is the one the next
/// tick resolves. A row entering on tick t is row 2 after tick t + 2, row 3 after tick t + 3 and is resolved
/// (overtaken or crashed into) on tick t + 4.
public struct TrafficGrid: Hashable, Sendable, CustomStringConvertible {
    /// Rows in the whole grid, the player's row included.
    public static let rowCount = 5
    /// Rows of traffic above the player.
    public static let trafficRowCount = rowCount - 1
    /// The index of the row directly ahead of the player.
    public static let aheadIndex = trafficRowCount - 1

    /// Top to bottom; always `trafficRowCount` rows.
    public private(set) var rows: [TrafficRow]

    /// An empty road, as at the start and after a crash.
    public init() {
        rows = Array(repeating: .empty, count: Self.trafficRowCount)
    }

    /// A road with these rows, top to bottom (exactly four of them).
    public init(rows: [TrafficRow]) {
        precondition(rows.count == Self.trafficRowCount, "the road has \(Self.trafficRowCount) rows of traffic")
        self.rows = rows
    }

    /// The row the next tick resolves.
    public var ahead: TrafficRow { rows[Self.aheadIndex] }

    /// Whether the two rows directly ahead of the player (rows 2 and 3) are empty, as they must be at a
    /// speed-up.
    public var isClearAhead: Bool {
        rows[Self.aheadIndex].isEmpty && rows[Self.aheadIndex - 1].isEmpty
    }

    /// Whether the whole road is empty.
    public var isEmpty: Bool { rows.allSatisfy(\.isEmpty) }

    public func hasCar(row: Int, lane: Int) -> Bool {
        rows.indices.contains(row) && rows[row].hasCar(inLane: lane)
    }

    /// Drops the row directly ahead (it has been resolved) and lets `entering` in at the top.
    mutating func advance(entering: TrafficRow) {
        rows.removeLast()
        rows.insert(entering, at: 0)
    }

    /// One line per row, top first: `X.X`.
    public var description: String {
        rows.map(\.description).joined(separator: "\n")
    }
}
