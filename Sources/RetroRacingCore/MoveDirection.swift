/// A step sideways.
public enum MoveDirection: String, CaseIterable, Hashable, Sendable {
    case left
    case right

    /// -1 for left, +1 for right.
    public var laneOffset: Int {
        switch self {
        case .left: -1
        case .right: 1
        }
    }
}
