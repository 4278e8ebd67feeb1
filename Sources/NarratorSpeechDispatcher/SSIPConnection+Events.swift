import CSpeechd
import Synchronization

/// libspeechd's callbacks are plain C functions with no context pointer, called on its event thread
/// with the message and client ids: the client id leads to the connection's messages here.
let dispatcherClients = Mutex<[Int: DispatcherMessages]>([:])

extension SSIPConnection {
    /// Routes this connection's begin, end, cancel and index-mark events to `messages`.
    func route(to messages: DispatcherMessages) {
        dispatcherClients.withLock { $0[clientID] = messages }
        handle.pointee.callback_begin = { message, client, _ in dispatch(.begin, message, client) }
        handle.pointee.callback_end = { message, client, _ in dispatch(.end, message, client) }
        handle.pointee.callback_cancel = { message, client, _ in dispatch(.cancel, message, client) }
        handle.pointee.callback_im = { message, client, _, mark in
            guard let mark else { return }
            dispatch(.mark(String(cString: mark)), message, client)
        }
    }

    /// Stops routing this connection's events (before it closes).
    func unroute() {
        _ = dispatcherClients.withLock { $0.removeValue(forKey: clientID) }
    }
}

private func dispatch(_ event: DispatcherMessages.Event, _ message: Int, _ client: Int) {
    guard let messages = dispatcherClients.withLock({ $0[client] }) else { return }
    messages.report(event, message: message)
}
