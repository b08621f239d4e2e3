// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import NIOCore
import NIOHTTP1
import NIOPosix

/// One HTTP/1.1 connection on SwiftNIO, for load tests: requests one after another on a kept-alive connection,
/// and event streams read as they arrive. (FoundationNetworking's URLSession polls every open connection of the
/// process on each event, so 200 open streams slow every other request down by an order of magnitude.)
struct RawHTTPConnection: ~Copyable {
    typealias Channel = NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>

    /// The `Host` header of the requests.
    private let host: String
    private let channel: Channel

    /// Connects to `host:port`; requests carry `Host: hostHeader` (`host` when nil).
    init(host: String, port: Int, hostHeader: String? = nil) async throws {
        self.host = hostHeader ?? host
        channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try Channel(wrappingChannelSynchronously: channel)
                }
            }
    }

    /// Runs `body` with the connection's request writer and response reader, then closes it.
    consuming func run<T>(_ body: (Exchange) async throws -> T) async throws -> T {
        let host = host
        return try await channel.executeThenClose { inbound, outbound in
            try await body(Exchange(host: host, inbound: inbound.makeAsyncIterator(), outbound: outbound))
        }
    }

    /// Requests and responses on an open connection.
    final class Exchange {
        let host: String
        var inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator
        let outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>

        init(
            host: String, inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator,
            outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>
        ) {
            self.host = host
            self.inbound = inbound
            self.outbound = outbound
        }

        /// Sends a request.
        func send(_ method: HTTPMethod, _ uri: String, body: String? = nil, headers: [(String, String)] = [])
            async throws
        {
            var fields = HTTPHeaders([("Host", host)] + headers)
            if let body { fields.add(name: "Content-Length", value: "\(body.utf8.count)") }
            try await outbound.write(
                .head(HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: fields)))
            if let body { try await outbound.write(.body(.byteBuffer(ByteBuffer(string: body)))) }
            try await outbound.write(.end(nil))
        }

        /// Reads the next response's status and whole body.
        func response() async throws -> (status: Int, body: String) {
            var status = -1
            var body = ""
            while let part = try await inbound.next() {
                switch part {
                case .head(let head): status = Int(head.status.code)
                case .body(let buffer): body += String(buffer: buffer)
                case .end: return (status, body)
                }
            }
            throw RawHTTPConnectionClosed()
        }

        /// Reads the response's head, then calls `onBody` with each body chunk as it arrives until it returns false
        /// (or the response ends).
        func stream(_ onBody: (ByteBuffer) throws -> Bool) async throws -> Int {
            var status = -1
            while let part = try await inbound.next() {
                switch part {
                case .head(let head): status = Int(head.status.code)
                case .body(let buffer): if try !onBody(buffer) { return status }
                case .end: return status
                }
            }
            return status
        }
    }
}

/// The server closed the connection before answering.
struct RawHTTPConnectionClosed: Error {}
