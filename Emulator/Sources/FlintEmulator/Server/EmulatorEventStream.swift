// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Hummingbird
import ServiceLifecycle

/// A long-lived streaming answer (`text/event-stream` unless `contentType` says otherwise): the `initial` text
/// `subscribe` returns (none when empty), then each event it yields to the
/// continuation it is given (those yielded before `subscribe` returns come after `initial`), and `keepAlive`
/// every `interval`. Before each event, `ending` is asked whether the stream must end: when it returns a last event
/// (the Database's `cancel` once the rules refuse the read), that event is sent and the stream ends. It ends too
/// when the client goes away (the next write fails) or the emulator stops; then the `unsubscribe` closure
/// `subscribe` returned runs (to remove its listener).
enum EmulatorEventStream {
    static func response(
        keepAlive: String, interval: Duration, contentType: String = "text/event-stream",
        bufferingPolicy: AsyncStream<String>.Continuation.BufferingPolicy = .unbounded,
        ending: @escaping @Sendable () -> String? = { nil },
        subscribe: (AsyncStream<String>.Continuation) -> (initial: String, unsubscribe: @Sendable () -> Void)
    ) -> Response {
        let (events, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: bufferingPolicy)
        let (initial, unsubscribe) = subscribe(continuation)
        let keepAliveTask = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: interval)
                continuation.yield(keepAlive)
            }
        }
        continuation.onTermination = { _ in
            unsubscribe()
            keepAliveTask.cancel()
        }
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-cache"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                defer { continuation.finish() }
                // An empty write would be an empty chunk: the end of a chunked body.
                if !initial.isEmpty { try await writer.write(ByteBuffer(string: initial)) }
                for await event in events.cancelOnGracefulShutdown() {
                    if let last = ending() {
                        try await writer.write(ByteBuffer(string: last))
                        break
                    }
                    try await writer.write(ByteBuffer(string: event))
                }
                try await writer.finish(nil)
            })
    }
}
