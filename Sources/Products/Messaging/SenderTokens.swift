// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The tokens a ``Messaging`` instance holds for senders other than its app's (``Messaging/retrieveFCMToken(forSenderID:)``):
/// one per sender, fetched once (concurrent requests share the fetch), connected to the instance's messages,
/// all dropped when the installation ID changes, each dropped by ``Messaging/deleteFCMToken(forSenderID:)``.
final class SenderTokens: Sendable {
    private struct Entry {
        var token: String
        var request: MessagingRegistrationRequest
        var receiver: any ListenerRegistration
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var fetches: [String: (epoch: Int, task: Task<String, any Error>)] = [:]
        /// Bumped for every sender by an installation ID change, and per sender by a deletion: a fetch that
        /// started in an older epoch is discarded.
        var epoch = 0
        var isClosed = false
    }

    private let state = Locked(State())

    private enum Step {
        case closed
        case done(String)
        case wait(Task<String, any Error>)
    }

    /// The cached token of `sender`, or one fetched with `register` and connected with `connect`.
    func token(
        for sender: String,
        register: @escaping @Sendable () async throws -> (String, MessagingRegistrationRequest),
        connect: @escaping @Sendable (String) -> any ListenerRegistration,
        delete: @escaping @Sendable (String, MessagingRegistrationRequest) async -> Void
    )
        async throws(MessagingError) -> String
    {
        for _ in 0..<Messaging.maximumAttempts {
            let step = state.withLock { state -> Step in
                if state.isClosed { return .closed }
                if let entry = state.entries[sender] { return .done(entry.token) }
                if let fetch = state.fetches[sender], fetch.epoch == state.epoch { return .wait(fetch.task) }
                let epoch = state.epoch
                let task = Task { [weak self] () async throws -> String in
                    let (token, request) = try await register()
                    let receiver = connect(token)
                    let kept =
                        self?.state.withLock { state -> Bool in
                            guard !state.isClosed, state.epoch == epoch else { return false }
                            state.entries[sender] = Entry(token: token, request: request, receiver: receiver)
                            return true
                        } ?? false
                    guard kept else {
                        receiver.remove()
                        await delete(token, request)
                        throw Messaging.Superseded()
                    }
                    return token
                }
                state.fetches[sender] = (epoch, task)
                return .wait(task)
            }
            switch step {
            case .closed:
                throw Messaging.appDeletedError
            case .done(let token):
                return token
            case .wait(let task):
                let result = await task.result
                state.withLock { state in
                    if state.fetches[sender]?.task == task { state.fetches[sender] = nil }
                }
                switch result {
                case .success(let token): return token
                case .failure(let error) where error is Messaging.Superseded: continue
                case .failure(let error): throw Messaging.messagingError(error)
                }
            }
        }
        throw MessagingError(
            .operationInProgress,
            message: "The token was invalidated while it was being fetched, \(Messaging.maximumAttempts) times.")
    }

    /// Forgets the token of `sender` (and discards a fetch in flight); returns it to delete at the backend.
    func remove(_ sender: String) throws(MessagingError) -> (String, MessagingRegistrationRequest)? {
        let removed = state.withLock { state -> Entry?? in
            guard !state.isClosed else { return .none }
            state.epoch += 1
            state.fetches[sender] = nil
            return .some(state.entries.removeValue(forKey: sender))
        }
        guard case .some(let entry) = removed else { throw Messaging.appDeletedError }
        entry?.receiver.remove()
        return entry.map { ($0.token, $0.request) }
    }

    /// Forgets every token (the installation ID changed); returns them to delete at the backend.
    func invalidateAll() -> [(String, MessagingRegistrationRequest)] {
        let entries = state.withLock { state -> [Entry] in
            state.epoch += 1
            state.fetches = [:]
            defer { state.entries = [:] }
            return Array(state.entries.values)
        }
        for entry in entries { entry.receiver.remove() }
        return entries.map { ($0.token, $0.request) }
    }

    /// Disconnects every token and refuses later requests (the app was deleted). The tokens stay registered.
    func close() {
        let entries = state.withLock { state -> [Entry] in
            state.isClosed = true
            state.fetches = [:]
            defer { state.entries = [:] }
            return Array(state.entries.values)
        }
        for entry in entries { entry.receiver.remove() }
    }

    /// The senders with a token, sorted.
    var senders: [String] { state.withLock { $0.entries.keys.sorted() } }
}
