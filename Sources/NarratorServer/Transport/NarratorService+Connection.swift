import Logging
import NIOCore
import NarratorCore
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

extension NarratorService {
    /// One client: refuse another user's process, then answer line by line until it leaves or the
    /// daemon shuts down. Never throws: a failing client ends only its own connection.
    func serve(_ connection: NIOAsyncChannel<InboundLine, ByteBuffer>) async {
        let peer = await PeerCredentials.of(connection.channel)
        do {
            try await connection.executeThenClose { inbound, outbound in
                if let peer, peer.uid != getuid() {
                    logger.warning("Refused a client of another user (uid \(peer.uid), pid \(peer.pid))")
                    let refusal = ProtocolError(
                        .notAllowed, "this narrator belongs to user \(getuid()); connect to your own narrator")
                    try await outbound.write(ByteBuffer(string: refusal.replyLine + "\n"))
                    return
                }
                let (lines, sink) = AsyncStream.makeStream(of: String.self)
                let backlog = OutboundBacklog()
                let log = logger
                let client = await conductor.connect { line in
                    let (accepted, firstDrop) = backlog.enqueue()
                    if accepted {
                        sink.yield(line)
                    } else if firstDrop {
                        log.warning("A client does not read what it is sent; dropping its notifications")
                    }
                }
                logger.debug(
                    "Client connected", metadata: ["client.id": "\(client.rawValue)", "peer.pid": "\(peer?.pid ?? -1)"])
                do {
                    try await exchange(client, inbound, outbound, lines, sink, backlog)
                } catch {
                    await conductor.disconnect(client)
                    throw error
                }
                await conductor.disconnect(client)
            }
        } catch {
            logger.debug("Connection ended", metadata: ["error": "\(error)"])
        }
    }

    /// Writes queued lines while reading requests; ends when the client closes its side.
    private func exchange(
        _ client: ClientID, _ inbound: NIOAsyncChannelInboundStream<InboundLine>,
        _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, _ lines: AsyncStream<String>,
        _ sink: AsyncStream<String>.Continuation, _ backlog: OutboundBacklog
    ) async throws {
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask {
                for await line in lines {
                    try await outbound.write(ByteBuffer(string: line + "\n"))
                    backlog.written()
                }
            }
            defer { sink.finish() }
            for try await item in inbound.cancelOnGracefulShutdown() {
                // A client that does not read its replies is not read from either.
                await backlog.waitForRoom()
                switch item {
                case .line(let bytes):
                    if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
                    do throws(ProtocolError) {
                        await conductor.handle(try Request.parse(bytes), from: client)
                    } catch {
                        await conductor.reject(error, from: client)
                    }
                case .tooLong(let limit):
                    await conductor.reject(
                        ProtocolError(
                            .lineTooLong, "a request line may hold \(limit) bytes; the rest of this one was discarded"),
                        from: client)
                }
            }
        }
    }
}
