// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import Foundation

/// A scriptable, recording stand-in for Installations' interop side: the installation ID and its auth token.
///
/// ```swift
/// let installations = FakeInstallations(installationID: "cXd1Y2tsZXMtZmlkLTAwMQ")
/// let app = try TestApp.make(overrides: installations.components)
/// // ... code under test fetches Remote Config ...
/// #expect(installations.authTokenCalls == [false])
/// installations.installationID = "eW91LWdvdC1hLW5ldy1maWQ"   // tells the change listeners
/// ```
///
/// Set ``error`` to make both calls throw it. Thread-safe; all state sits behind one `Locked`, and listeners
/// are called after the lock is released.
public final class FakeInstallations: InstallationsInterop, Sendable {
    private struct State {
        var installationID: String
        var authToken: String
        var expirationDate: Date
        var error: (any Error)?
        var installationIDCallCount = 0
        var authTokenCalls: [Bool] = []
        var listeners: [Int: @Sendable (String) -> Void] = [:]
        var nextListenerID = 0
    }

    private let state: Locked<State>

    /// A fake Installations whose ID is `installationID` and whose token is `authToken`, valid until
    /// `expirationDate` (default: one hour from now).
    public init(
        installationID: String = "ZmFrZS1maWQtMDAwMDAwMD",
        authToken: String = "fake-installations-auth-token",
        expirationDate: Date = Date().addingTimeInterval(3600)
    ) {
        state = Locked(State(installationID: installationID, authToken: authToken, expirationDate: expirationDate))
    }

    /// A component serving this instance as `InstallationsInterop`, for `overrides`.
    public var components: [Component] {
        [Component.instance(self, as: InstallationsInterop.self)]
    }

    // MARK: - Scripting

    /// The installation ID. Setting a different value calls every change listener with it.
    public var installationID: String {
        get { state.withLock { $0.installationID } }
        set {
            let listeners: [@Sendable (String) -> Void] = state.withLock {
                guard $0.installationID != newValue else { return [] }
                $0.installationID = newValue
                return $0.listeners.sorted { $0.key < $1.key }.map(\.value)
            }
            for listener in listeners { listener(newValue) }
        }
    }

    /// The auth token ``authToken(forcingRefresh:)`` returns.
    public var authToken: String {
        get { state.withLock { $0.authToken } }
        set { state.withLock { $0.authToken = newValue } }
    }

    /// When the returned token expires.
    public var expirationDate: Date {
        get { state.withLock { $0.expirationDate } }
        set { state.withLock { $0.expirationDate = newValue } }
    }

    /// When set, ``installationID()`` and ``authToken(forcingRefresh:)`` throw it (until set back to nil).
    public var error: (any Error)? {
        get { state.withLock { $0.error } }
        set { state.withLock { $0.error = newValue } }
    }

    // MARK: - Recorded calls

    /// How many times ``installationID()`` was called.
    public var installationIDCallCount: Int { state.withLock { $0.installationIDCallCount } }

    /// The `forcingRefresh` argument of every ``authToken(forcingRefresh:)`` call, in order.
    public var authTokenCalls: [Bool] { state.withLock { $0.authTokenCalls } }

    /// How many change listeners are registered now.
    public var listenerCount: Int { state.withLock { $0.listeners.count } }

    // MARK: - InstallationsInterop

    /// Records the call and returns ``installationID`` (or throws ``error``).
    public func installationID() async throws -> String {
        try state.withLock {
            $0.installationIDCallCount += 1
            if let error = $0.error { throw error }
            return $0.installationID
        }
    }

    /// Records the call and returns ``authToken`` expiring at ``expirationDate`` (or throws ``error``).
    public func authToken(forcingRefresh: Bool) async throws -> any InstallationsAuthTokenInterop {
        try state.withLock {
            $0.authTokenCalls.append(forcingRefresh)
            if let error = $0.error { throw error }
            return FakeInstallationsAuthToken(authToken: $0.authToken, expirationDate: $0.expirationDate)
        }
    }

    /// Registers `listener`, called with the new ID each time ``installationID`` is set to a different value.
    public func addInstallationIDChangeListener(
        _ listener: @escaping @Sendable (String) -> Void
    ) -> any ListenerRegistration {
        let id = state.withLock {
            let id = $0.nextListenerID
            $0.nextListenerID += 1
            $0.listeners[id] = listener
            return id
        }
        return ClosureListenerRegistration { [state] in
            _ = state.withLock { $0.listeners.removeValue(forKey: id) }
        }
    }
}
