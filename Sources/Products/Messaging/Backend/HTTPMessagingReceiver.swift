// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The receive channel of ``HTTPMessagingBackend`` for one token, on a server that announces one
/// (`flint-emulator`): `GET {registrations}/emulator/v1/registrations/{token}/messages` with
/// `Accept: text/event-stream`, kept open until ``remove()``.
///
/// Each `message` event's data is `{"messageId", "from", "data": {…}, "sentTime": milliseconds}`, handed to
/// `receive` as a ``MessagingRemoteMessage``; other events and comments (keep-alives) are ignored, and so is a
/// malformed event. A 404 (the token is not registered) ends the channel; a dropped connection, a failure to
/// connect or another status reconnects after 1, 2, 4, … (at most 30) seconds. A line longer than
/// ``maximumLineSize`` closes the connection (and reconnects).
final class HTTPMessagingReceiver: ListenerRegistration {
    /// The longest event line read (a message's data is at most 4 KiB; its JSON a few times that).
    static let maximumLineSize = 64 << 10
    /// The longest wait between two connection attempts.
    static let maximumBackoff = 30

    private static let failures = StreamingDataTask.Failures(
        notHTTP: { URLError(.badServerResponse) }, cancelled: { CancellationError() },
        beforeHead: { error in error ?? URLError(.badServerResponse) }, midBody: { error in error })

    private let listen = StreamingListenTask()
    private let url: URL
    private let receive: @Sendable (MessagingRemoteMessage) -> Void

    /// A channel reading `url`'s events into `receive`; nothing is sent before ``start()``.
    init(url: URL, receive: @escaping @Sendable (MessagingRemoteMessage) -> Void) {
        self.url = url
        self.receive = receive
    }

    /// Connects, from a task of its own (later calls, and calls after ``remove()``, do nothing).
    func start() {
        listen.start { [self] in await run() }
    }

    /// Closes the channel; nothing more is delivered.
    func remove() {
        listen.remove()
    }

    private var isRemoved: Bool { listen.isRemoved }

    private func run() async {
        var failures = 0
        while !Task.isCancelled, !isRemoved {
            switch await connect() {
            case .ended: return
            case .dropped(let receivedData): failures = receivedData ? 1 : failures + 1
            }
            let delay = min(Self.maximumBackoff, 1 << min(failures - 1, 5))
            do {
                try await Task.sleep(for: .seconds(delay))
            } catch {
                return
            }
        }
    }

    private enum Outcome {
        /// The token is not registered, or the channel was removed: stop.
        case ended
        /// The connection ended: reconnect after a backoff (restarted when it had delivered something).
        case dropped(receivedData: Bool)
    }

    /// One connection, its messages delivered until it ends.
    private func connect() async -> Outcome {
        let connection = StreamingDataTask(failures: Self.failures, maximumUnreadSize: 4 * Self.maximumLineSize)
        guard listen.open(connection) else { return .ended }
        defer { connection.cancel() }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        let head: StreamingDataTask.Head
        do {
            head = try await connection.start(request) { .ephemeral }
        } catch {
            return .dropped(receivedData: false)
        }
        if head.statusCode == 404 { return .ended }
        guard head.statusCode == 200 else { return .dropped(receivedData: false) }
        var lines = LineSplitter(maximumLineSize: Self.maximumLineSize)
        var type = "message"
        var data: [String] = []
        var receivedData = false
        do {
            for try await chunk in head.body {
                guard let completed = lines.append(chunk) else { return .dropped(receivedData: receivedData) }
                for line in completed.map({ String(decoding: $0, as: UTF8.self) }) {
                    if line.isEmpty {
                        if type == "message", !data.isEmpty, let message = Self.message(data.joined(separator: "\n")) {
                            receivedData = true
                            if !isRemoved { receive(message) }
                        }
                        type = "message"
                        data = []
                    } else if line.hasPrefix("event:") {
                        type = line.dropFirst("event:".count).trimmingCharacters(in: .whitespaces)
                    } else if line.hasPrefix("data:") {
                        var value = line.dropFirst("data:".count)
                        if value.first == " " { value = value.dropFirst() }
                        data.append(String(value))
                    }
                }
            }
        } catch {}
        return .dropped(receivedData: receivedData)
    }

    /// The message of a `message` event's data; nil when it is not one.
    static func message(_ text: String) -> MessagingRemoteMessage? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let messageID = object["messageId"] as? String, let from = object["from"] as? String,
            let appData = (object["data"] ?? [String: String]()) as? [String: String]
        else { return nil }
        let milliseconds = (object["sentTime"] as? NSNumber)?.doubleValue ?? 0
        return MessagingRemoteMessage(
            messageID: messageID, from: from, appData: appData,
            sentTime: Date(timeIntervalSince1970: milliseconds / 1000))
    }
}
