// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The SDK's completion-handler forms. Each runs the `async` form in a new task and calls `completion` once, from
/// that task, with the value or the error (a ``MessagingError``).
extension Messaging {
    /// ``token()`` with a completion: the token, or the error.
    public func token(completion: @escaping @Sendable (String?, (any Error)?) -> Void) {
        complete(completion) { try await $0.token() }
    }

    /// ``deleteToken()`` with a completion: nil on success, or the error.
    public func deleteToken(completion: @escaping @Sendable ((any Error)?) -> Void) {
        complete(completion) { try await $0.deleteToken() }
    }

    /// ``retrieveFCMToken(forSenderID:)`` with a completion: the token, or the error.
    public func retrieveFCMToken(
        forSenderID senderID: String, completion: @escaping @Sendable (String?, (any Error)?) -> Void
    ) {
        complete(completion) { try await $0.retrieveFCMToken(forSenderID: senderID) }
    }

    /// ``deleteFCMToken(forSenderID:)`` with a completion: nil on success, or the error.
    public func deleteFCMToken(forSenderID senderID: String, completion: @escaping @Sendable ((any Error)?) -> Void) {
        complete(completion) { try await $0.deleteFCMToken(forSenderID: senderID) }
    }

    /// ``subscribe(toTopic:)`` with an optional completion: nil on success, or the error.
    public func subscribe(toTopic topic: String, completion: (@Sendable ((any Error)?) -> Void)?) {
        complete(completion ?? { _ in }) { try await $0.subscribe(toTopic: topic) }
    }

    /// ``unsubscribe(fromTopic:)`` with an optional completion: nil on success, or the error.
    public func unsubscribe(fromTopic topic: String, completion: (@Sendable ((any Error)?) -> Void)?) {
        complete(completion ?? { _ in }) { try await $0.unsubscribe(fromTopic: topic) }
    }

    /// ``register()`` with a completion: nil on success, or the error.
    public func register(completion: @escaping @Sendable ((any Error)?) -> Void) {
        complete(completion) { try await $0.register() }
    }

    /// ``unregister()`` with a completion: nil on success, or the error.
    public func unregister(completion: @escaping @Sendable ((any Error)?) -> Void) {
        complete(completion) { try await $0.unregister() }
    }

    /// ``deleteData()`` with a completion: nil on success, or the error.
    public func deleteData(completion: @escaping @Sendable ((any Error)?) -> Void) {
        complete(completion) { try await $0.deleteData() }
    }

    /// Runs `operation` in a new task and hands its value or error to `completion`.
    private func complete<Value: Sendable>(
        _ completion: @escaping @Sendable (Value?, (any Error)?) -> Void,
        _ operation: @escaping @Sendable (Messaging) async throws -> Value
    ) {
        Task { [self] in
            do {
                completion(try await operation(self), nil)
            } catch {
                completion(nil, error)
            }
        }
    }

    /// Runs `operation` in a new task and hands its error (nil on success) to `completion`.
    private func complete(
        _ completion: @escaping @Sendable ((any Error)?) -> Void,
        _ operation: @escaping @Sendable (Messaging) async throws -> Void
    ) {
        complete({ (_: Void?, error) in completion(error) }, operation)
    }
}
