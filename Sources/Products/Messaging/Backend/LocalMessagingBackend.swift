// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// The embedded messaging server: issues registration tokens, keeps topic subscriptions, and delivers messages
/// sent to a token, a topic or a topic condition to the app instances connected to it, in process.
///
/// Each app gets its own by default. Give several apps one backend (override ``MessagingBackend``) and they can
/// message each other:
///
/// ```swift
/// let server = LocalMessagingBackend()
/// let overrides = [Component.instance(server as any MessagingBackend, as: (any MessagingBackend).self)]
/// // ... configure both apps with these overrides, then:
/// let token = try await receiver.token()
/// try server.send(["text": "hello"], to: .token(token))           // receiver.foregroundMessages yields it
/// try server.send(["text": "rain"], to: .condition("'weather' in topics && 'paris' in topics"))
/// ```
///
/// Delivery is synchronous: ``send(_:to:)`` calls each connected receiver on the caller's thread, with no lock
/// held, before it returns. Nothing is queued for a token without a receiver, and nothing is persisted.
public final class LocalMessagingBackend: MessagingBackend, Sendable {
    /// The largest data payload (keys and values, UTF-8) of a message to a token or a condition (FCM: 4096).
    public static let maximumPayloadBytes = 4096
    /// The largest data payload of a message to a topic (FCM: 2048).
    public static let maximumTopicPayloadBytes = 2048
    /// The prefix of a notification's fields in a delivered message's data (`gcm.notification.title`, …).
    public static let notificationPrefix = "gcm.notification."

    private struct Registration {
        var installationID: String
        var senderID: String
        var topics: Set<String> = []
        /// Whether the key is an installation ID (``registerInstallation(_:)``) rather than a token.
        var isInstallation = false
        /// The request the registration was made with (its APNs token among others).
        var request: MessagingRegistrationRequest
    }

    private struct State {
        var registrations: [String: Registration] = [:]
        var receivers: [String: [Int: @Sendable (MessagingRemoteMessage) -> Void]] = [:]
        var nextReceiverID = 0
        var nextMessageNumber = 1
    }

    private let state = Locked(State())
    private let projectID: String
    private let now: @Sendable () -> Date

    /// A backend with no registrations; message names use `projectID`, `sentTime` comes from `now`.
    public init(projectID: String = "flint", now: @escaping @Sendable () -> Date = { Date() }) {
        self.projectID = projectID
        self.now = now
    }

    // MARK: - Server side: sending

    /// Sends a data message with `data` to `target` and delivers it at once to every connected app instance
    /// it is for.
    ///
    /// - Throws: ``MessagingError`` `invalidRequest` for a token that is not registered (never issued, or
    ///   deleted), a malformed condition, a payload over ``maximumPayloadBytes`` (``maximumTopicPayloadBytes``
    ///   for a topic) or a reserved key (`from`, `message_type`, `gcm`, `gcm.…`, `google.…`);
    ///   `invalidTopicName` for a bad topic name.
    @discardableResult
    public func send(_ data: [String: String], to target: MessagingTarget) throws(MessagingError) -> MessagingSendResult
    {
        try send(data, notification: [:], to: target)
    }

    /// Sends a message with `data` and a `notification` (FCM's `title`, `body`, `image`, …) to `target`, as
    /// ``send(_:to:)`` does: each notification field reaches the app's ``MessagingRemoteMessage/appData`` as
    /// `gcm.notification.{field}`, the key FCM delivers a notification's fields under. The payload limits count
    /// the notification too.
    ///
    /// - Throws: as ``send(_:to:)``.
    @discardableResult
    public func send(_ data: [String: String], notification: [String: String], to target: MessagingTarget)
        throws(MessagingError) -> MessagingSendResult
    {
        let limit: Int
        let select: (String, Registration) -> Bool
        var from: String?
        switch target {
        case .token(let token):
            limit = Self.maximumPayloadBytes
            select = { candidate, registration in candidate == token && !registration.isInstallation }
            guard state.withLock({ $0.registrations[token].map { !$0.isInstallation } ?? false }) else {
                throw MessagingError(
                    .invalidRequest, message: "The registration token is not registered: \(Self.shorten(token)).")
            }
        case .installationID(let installationID):
            limit = Self.maximumPayloadBytes
            select = { candidate, registration in candidate == installationID && registration.isInstallation }
            guard state.withLock({ $0.registrations[installationID]?.isInstallation ?? false }) else {
                throw MessagingError(
                    .invalidRequest,
                    message: "The installation ID is not registered: \(Self.shorten(installationID)).")
            }
        case .topic(let topic):
            guard let name = MessagingTopic.normalize(topic) else {
                throw MessagingError(.invalidTopicName, message: "Invalid topic name '\(Self.shorten(topic))'.")
            }
            limit = Self.maximumTopicPayloadBytes
            from = MessagingTopic.prefix + name
            select = { _, registration in registration.topics.contains(name) }
        case .condition(let text):
            let condition = try TopicCondition(parsing: text)
            limit = Self.maximumPayloadBytes
            select = { _, registration in condition.matches(registration.topics) }
        }
        try Self.check(data, limit: limit)
        var payload = data
        for (key, value) in notification { payload[Self.notificationPrefix + key] = value }
        let size = payload.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
        guard size <= limit else {
            throw MessagingError(
                .invalidRequest, message: "The message's payload is \(size) bytes; the limit is \(limit).")
        }
        let sentTime = now()
        let (number, deliveries) = state.withLock { state in
            let number = state.nextMessageNumber
            state.nextMessageNumber += 1
            let recipients = state.registrations.filter { select($0.key, $0.value) }.sorted { $0.key < $1.key }
            return (
                number,
                recipients.map { token, registration in
                    (
                        token, registration.senderID,
                        Array((state.receivers[token] ?? [:]).sorted { $0.key < $1.key }.map(\.value))
                    )
                }
            )
        }
        var delivered = 0
        for (_, senderID, receivers) in deliveries {
            let message = MessagingRemoteMessage(
                messageID: "0:\(number)%flint", from: from ?? senderID,
                appData: payload, sentTime: sentTime)
            if !receivers.isEmpty { delivered += 1 }
            for receive in receivers { receive(message) }
        }
        return MessagingSendResult(
            name: "projects/\(projectID)/messages/\(number)", recipients: deliveries.map(\.0),
            deliveredCount: delivered)
    }

    // MARK: - Inspection

    /// The registered tokens, sorted.
    public var registeredTokens: [String] {
        state.withLock { $0.registrations.keys.sorted() }
    }

    /// The topics the instance of `token` is subscribed to (bare names), or nil for an unregistered token.
    public func topics(of token: String) -> Set<String>? {
        state.withLock { $0.registrations[token]?.topics }
    }

    /// The request `token` (or a registered installation ID) was registered with, APNs token included; nil when it
    /// is not registered.
    public func registrationRequest(for token: String) -> MessagingRegistrationRequest? {
        state.withLock { $0.registrations[token]?.request }
    }

    /// How many receivers are connected for `token`.
    public func receiverCount(for token: String) -> Int {
        state.withLock { $0.receivers[token]?.count ?? 0 }
    }

    // MARK: - MessagingBackend

    /// Issues a new token: the installation ID, `:APA91b`, then 64 random URL-safe characters.
    public func register(_ request: MessagingRegistrationRequest) async throws -> String {
        let token = "\(request.installationID):APA91b\(Self.randomSuffix())"
        state.withLock {
            $0.registrations[token] = Registration(
                installationID: request.installationID, senderID: request.senderID, request: request)
        }
        return token
    }

    /// Registers the installation ID of `request` (again: a registration that exists is replaced, its topics
    /// kept) and returns it.
    ///
    /// - Throws: ``MessagingError`` `invalidRequest` when the request has no APNs token ("APNS token missing in
    ///   options.", as Firebase refuses to register without one).
    public func registerInstallation(_ request: MessagingRegistrationRequest) async throws -> String {
        guard request.apnsToken != nil else {
            throw MessagingError(.invalidRequest, message: "APNS token missing in options.")
        }
        let installationID = request.installationID
        state.withLock {
            let topics = $0.registrations[installationID]?.topics ?? []
            $0.registrations[installationID] = Registration(
                installationID: installationID, senderID: request.senderID, topics: topics, isInstallation: true,
                request: request)
        }
        return installationID
    }

    /// Forgets the registration of `installationID` and its subscriptions.
    ///
    /// - Throws: ``MessagingError`` `invalidRequest` when it is not registered.
    public func deleteInstallationRegistration(installationID: String, request: MessagingRegistrationRequest)
        async throws
    {
        let removed = state.withLock { state in
            guard state.registrations[installationID]?.isInstallation == true else { return false }
            state.registrations[installationID] = nil
            return true
        }
        guard removed else {
            throw MessagingError(
                .invalidRequest, message: "The installation ID is not registered: \(Self.shorten(installationID)).")
        }
    }

    /// Forgets `token` and its subscriptions; connected receivers stay but get nothing more.
    public func deleteRegistration(token: String, request: MessagingRegistrationRequest) async throws {
        let removed = state.withLock { state in
            guard state.registrations[token].map({ !$0.isInstallation }) ?? false else { return false }
            state.registrations[token] = nil
            return true
        }
        guard removed else {
            throw MessagingError(
                .invalidRequest, message: "The registration token is not registered: \(Self.shorten(token)).")
        }
    }

    /// Adds `topic` to the subscriptions of `token`.
    public func subscribe(token: String, toTopic topic: String, request: MessagingRegistrationRequest) async throws {
        try updateTopics(of: token) { $0.insert(topic) }
    }

    /// Removes `topic` from the subscriptions of `token` (no error when it was not subscribed).
    public func unsubscribe(token: String, fromTopic topic: String, request: MessagingRegistrationRequest) async throws
    {
        try updateTopics(of: token) { $0.remove(topic) }
    }

    /// Connects `receive` to the messages sent to `token`, until the registration is removed.
    public func addReceiver(token: String, _ receive: @escaping @Sendable (MessagingRemoteMessage) -> Void)
        -> any ListenerRegistration
    {
        let id = state.withLock { state in
            let id = state.nextReceiverID
            state.nextReceiverID += 1
            state.receivers[token, default: [:]][id] = receive
            return id
        }
        return ClosureListenerRegistration { [state] in
            state.withLock { state in
                state.receivers[token]?[id] = nil
                if state.receivers[token]?.isEmpty == true { state.receivers[token] = nil }
            }
        }
    }

    // MARK: - Internals

    private func updateTopics(of token: String, _ change: (inout Set<String>) -> Void) throws(MessagingError) {
        let found = state.withLock { state in
            guard var registration = state.registrations[token] else { return false }
            change(&registration.topics)
            state.registrations[token] = registration
            return true
        }
        guard found else {
            throw MessagingError(
                .invalidRequest, message: "The registration token is not registered: \(Self.shorten(token)).")
        }
    }

    /// Refuses reserved keys and payloads over `limit` bytes.
    private static func check(_ data: [String: String], limit: Int) throws(MessagingError) {
        for key in data.keys
        where key == "from" || key == "message_type" || key == "gcm" || key.hasPrefix("gcm.")
            || key.hasPrefix("google.")
        {
            throw MessagingError(.invalidRequest, message: "The data key '\(shorten(key))' is reserved by FCM.")
        }
        let size = data.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
        guard size <= limit else {
            throw MessagingError(
                .invalidRequest, message: "The message's data is \(size) bytes; the limit is \(limit).")
        }
    }

    private static func randomSuffix() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var generator = SystemRandomNumberGenerator()
        return String((0..<64).map { _ in alphabet[Int(generator.next() % 64)] })
    }

    private static func shorten(_ text: String) -> String {
        text.count > 80 ? String(text.prefix(80)) + "…" : text
    }
}
