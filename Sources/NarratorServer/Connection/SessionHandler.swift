import Logging
import NIOCore
import NarratorWire

/// The last handler of every connection, whatever its door: the client's life with the conductor.
///
/// It runs on the conductor's own event loop, so a message is read, decided and answered in one turn
/// of the loop (`ConductorShell.respond`: the answer is on the socket before the speech it starts).
/// The conductor never writes to a connection itself: notifications reach it through the one
/// callback given at `connect`, which only queues. Failures end this connection only.
final class SessionHandler<Session: DoorSession>: ChannelInboundHandler {
    typealias InboundIn = Session.Inbound
    typealias OutboundOut = OutboundLine

    /// The connection's life, in one place.
    private enum Life {
        /// Not active yet (or refused before it could be).
        case waiting
        /// A client of the conductor.
        case open(ClientID)
        /// Its session ended (the client closed its side, said goodbye, or the channel closed);
        /// what it asked for is still said.
        case ended
    }

    private var life = Life.waiting
    /// The door's session, made once the conductor knows the client.
    private var session: Session?
    private let makeSession: (ClientID) -> Session
    private let conductor: ConductorShell
    private let logger: Logger

    init(conductor: ConductorShell, logger: Logger, session: @escaping (ClientID) -> Session) {
        self.makeSession = session
        self.conductor = conductor
        self.logger = logger
    }

    func channelActive(context: ChannelHandlerContext) {
        guard case .waiting = life else { return }
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let connection = NIOLoopBound(context, eventLoop: context.eventLoop)
        let client = conductor.assumeIsolated { conductor in
            conductor.connect(notifications: { handler.value.notified($0, connection.value) })
        }
        life = .open(client)
        session = makeSession(client)
        conductor.respond(for: client, write: { (_: Void) in }) { ask in session?.open(ask: ask) }
        logger.debug("Client connected", metadata: ["client.id": "\(client.rawValue)"])
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .open(let client) = life else { return }
        let message = unwrapInboundIn(data)
        var next = DoorAnswer.Next.read
        conductor.respond(
            for: client,
            write: { (text: String?) in
                if let text { context.writeAndFlush(wrapOutboundOut(OutboundLine(text, .reply)), promise: nil) }
            }
        ) { ask in
            let answer = session?.answer(message, ask: ask)
            next = answer?.next ?? .read
            return answer?.text
        }
        switch next {
        case .read: break
        case .tell(let event): context.triggerUserOutboundEvent(event, promise: nil)
        case .close: end(context)
        }
    }

    /// A notification for this client: queued, flushed by the backlog at the end of the turn.
    private func notified(_ notification: Notification, _ context: ChannelHandlerContext) {
        guard case .open = life, let text = session?.word(notification) else { return }
        context.write(wrapOutboundOut(OutboundLine(text, .notification)), promise: nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard case ChannelEvent.inputClosed = event else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        // The client will send nothing more (`narrator send`, socat at end of input). What it
        // asked for is still said; it gets its pending lines, then the connection closes.
        end(context)
    }

    /// A reply that fails to be written closes the channel inside `channelRead`, between two of
    /// the messages read at once: the ones after it still count (a client may write and leave at
    /// once), so the conductor hears of the end in a turn of its own, after them.
    func channelInactive(context: ChannelHandlerContext) {
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.execute { handler.value.disconnect() }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.debug("Connection ended", metadata: ["error": "\(error)"])
        context.close(promise: nil)
    }

    /// The session ends; the connection closes once what it was sent is written.
    private func end(_ context: ChannelHandlerContext) {
        disconnect()
        context.triggerUserOutboundEvent(CloseWhenDrained(), promise: nil)
    }

    private func disconnect() {
        guard case .open(let client) = life else { return }
        life = .ended
        conductor.assumeIsolated { $0.disconnect(client) }
    }
}
