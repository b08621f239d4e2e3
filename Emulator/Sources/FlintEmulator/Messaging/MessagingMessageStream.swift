// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintMessaging
import Foundation
import Hummingbird

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
        EmulatorEventStream.response(keepAlive: ": keep-alive\n\n", interval: Self.keepAliveInterval) { continuation in
            let receiver = backend.addReceiver(token: token) { message in
                continuation.yield(Self.event(message))
            }
            // An opening comment, so that the client has the head at once.
            return (": connected\n\n", { receiver.remove() })
        }
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
