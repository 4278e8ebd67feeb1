import Synchronization

/// Calls a handler once both sides of a `TeeSink` have reported, with true only if both did.
final class Both: Sendable {
    private let state = Mutex<(count: Int, reached: Bool)>((0, true))
    private let handler: @Sendable (Bool) -> Void

    init(_ handler: @escaping @Sendable (Bool) -> Void) {
        self.handler = handler
    }

    @Sendable func arrive(_ reached: Bool) {
        let result: Bool? = state.withLock { state in
            state.count += 1
            state.reached = state.reached && reached
            return state.count == 2 ? state.reached : nil
        }
        if let result { handler(result) }
    }
}
