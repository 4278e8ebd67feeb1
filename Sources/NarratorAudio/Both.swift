import Synchronization

/// Calls a handler once both sides of a `TeeSink` have reported, with their results combined.
final class Both<Value: Sendable>: Sendable {
    private let state = Mutex<(count: Int, value: Value?)>((0, nil))
    private let handler: @Sendable (Value) -> Void
    private let combine: @Sendable (Value, Value) -> Value

    init(_ handler: @escaping @Sendable (Value) -> Void, combine: @escaping @Sendable (Value, Value) -> Value) {
        self.handler = handler
        self.combine = combine
    }

    @Sendable func arrive(_ value: Value) {
        let result: Value? = state.withLock { state in
            state.count += 1
            state.value = state.value.map { combine($0, value) } ?? value
            return state.count == 2 ? state.value : nil
        }
        if let result { handler(result) }
    }
}
