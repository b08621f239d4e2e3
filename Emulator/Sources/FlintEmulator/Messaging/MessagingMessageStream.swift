// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintMessaging
import Foundation
import Hummingbird
import ServiceLifecycle

/// The receive channel of one registration, `GET /emulator/v1/registrations/{token}/messages` (Flint's own: FCM
/// pushes over platform channels no HTTP client reaches): a `text/event-stream` with a `message` event per
/// message delivered to the token, `{"messageId", "from", "data": {…}, "sentTime": milliseconds}`, and a
/// `: keep-alive` comment every ``keepAliveInterval``. It ends when the client goes away or the emulator stops.
struct MessagingMessageStream {
    let backend: LocalMessagingBackend
    let token: String

    /// How often an idle stream sends a comment, so that proxies and clients keep it open.
    static let keepAliveInterval = Duration.seconds(30)

    func response() -> Response {
        let (events, continuation) = AsyncStream.makeStream(of: String.self)
        let receiver = backend.addReceiver(token: token) { message in
            continuation.yield(Self.event(message))
        }
        let keepAlive = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: Self.keepAliveInterval)
                continuation.yield(": keep-alive\n\n")
            }
        }
        continuation.onTermination = { _ in
            receiver.remove()
            keepAlive.cancel()
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                defer { continuation.finish() }
                // An opening comment, so that the client has the head (and the connection counts as ready) at once.
                try await writer.write(ByteBuffer(string: ": connected\n\n"))
                for await event in events.cancelOnGracefulShutdown() {
                    try await writer.write(ByteBuffer(string: event))
                }
                try await writer.finish(nil)
            })
    }

    /// The `message` event of `message`.
    static func event(_ message: MessagingRemoteMessage) -> String {
        let payload: [String: Any] = [
            "messageId": message.messageID, "from": message.from, "data": message.appData,
            "sentTime": Int64((message.sentTime.timeIntervalSince1970 * 1000).rounded(.down)),
        ]
        let json =
            (try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys, .withoutEscapingSlashes]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "event: message\ndata: \(json)\n\n"
    }
}
