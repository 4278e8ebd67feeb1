import Logging
import NIOCore

extension SSIPHandler {
    /// Queues text for the client: a reply is written and flushed at once, before the command's
    /// speech starts; an event is flushed at the end of the loop's turn. Past the backlog's limit an
    /// event is dropped (replies never are: reading stops long before).
    func queue(_ text: String, _ kind: LineKind) {
        queue(text: text, kind, dropping: "An SSIP client does not read what it is sent; dropping its events")
    }

    func read(context: ChannelHandlerContext) { readUnlessBacklogged(context) }
}
