// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

extension AppCheck {
    /// Every new token App Check obtains for its cache (after a refresh or a forced refresh), as a stream.
    ///
    /// ```swift
    /// for await token in appCheck.tokenChanges {
    ///     socket.updateAppCheckToken(token.token)
    /// }
    /// ```
    ///
    /// Each access registers its own ``addTokenDidChangeListener(_:)`` listener, removed when the loop ends,
    /// breaks, or its task is cancelled, or the stream is dropped. The stream finishes (the loop ends) when the
    /// app is deleted; one made after that is already finished. A state stream: only the newest token is
    /// buffered (`.bufferingNewest(1)`). It does not start with the cached token: ask ``token(forcingRefresh:)``.
    public var tokenChanges: AsyncStream<AppCheckToken> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: AppCheckToken.self, bufferingPolicy: .bufferingNewest(1))
        let registrations = StreamRegistrations()
        continuation.onTermination = { _ in registrations.removeAll() }
        registrations.add(addTokenDidChangeListener { token in continuation.yield(token) })
        // Registered before the flag is read: a deletion either sees this listener or is seen here.
        registrations.add(deletionListeners.addListener { continuation.finish() })
        if isDeleted { continuation.finish() }
        return stream
    }
}

/// A stream's listener registrations, removed together when it terminates; one added after that is removed
/// at once.
final class StreamRegistrations: Sendable {
    private let registrations = Locked<[any ListenerRegistration]?>([])

    func add(_ registration: any ListenerRegistration) {
        let added = registrations.withLock { registrations -> Bool in
            guard registrations != nil else { return false }
            registrations?.append(registration)
            return true
        }
        if !added { registration.remove() }
    }

    func removeAll() {
        let removed = registrations.withLock { registrations in
            defer { registrations = nil }
            return registrations ?? []
        }
        for registration in removed { registration.remove() }
    }
}
