// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

/// A scriptable, recording stand-in for App Check.
///
/// ```swift
/// let appCheck = FakeAppCheck(token: "attested")
/// let app = try TestApp.make(overrides: appCheck.components)
/// // ... code under test sends a request ...
/// #expect(appCheck.getTokenCalls == [false])
/// ```
///
/// Like Firebase, a token request never throws: set ``error`` to make every result carry it, together
/// with ``placeholderToken`` instead of the real token. Thread-safe; all state sits behind one `Locked`.
public final class FakeAppCheck: AppCheckInterop, Sendable {
    private struct State {
        var token: String
        var limitedUseToken: String
        var placeholderToken: String
        var error: (any Error)?
        var getTokenCalls: [Bool] = []
        var limitedUseTokenCallCount = 0
    }

    private let state: Locked<State>

    /// A fake App Check that issues `token` and `limitedUseToken`.
    public init(
        token: String = "fake-app-check-token",
        limitedUseToken: String = "fake-limited-use-app-check-token",
        placeholderToken: String = "fake-app-check-placeholder-token"
    ) {
        state = Locked(State(token: token, limitedUseToken: limitedUseToken, placeholderToken: placeholderToken))
    }

    /// A component serving this instance as `AppCheckInterop`, for `overrides`.
    public var components: [Component] {
        [Component.instance(self, as: AppCheckInterop.self)]
    }

    // MARK: - Scripting

    /// The token ``getToken(forcingRefresh:)`` returns on success.
    public var token: String {
        get { state.withLock { $0.token } }
        set { state.withLock { $0.token = newValue } }
    }

    /// The token ``getLimitedUseToken()`` returns on success.
    public var limitedUseToken: String {
        get { state.withLock { $0.limitedUseToken } }
        set { state.withLock { $0.limitedUseToken = newValue } }
    }

    /// The token both calls return while ``error`` is set (Firebase's "dummy token").
    public var placeholderToken: String {
        get { state.withLock { $0.placeholderToken } }
        set { state.withLock { $0.placeholderToken = newValue } }
    }

    /// When set, every result carries this error and ``placeholderToken`` (until set back to nil).
    public var error: (any Error)? {
        get { state.withLock { $0.error } }
        set { state.withLock { $0.error = newValue } }
    }

    // MARK: - Recorded calls

    /// The `forcingRefresh` argument of every ``getToken(forcingRefresh:)`` call, in order.
    public var getTokenCalls: [Bool] { state.withLock { $0.getTokenCalls } }

    /// How many times ``getLimitedUseToken()`` was called.
    public var limitedUseTokenCallCount: Int { state.withLock { $0.limitedUseTokenCallCount } }

    /// Forgets every recorded call; scripted state is kept.
    public func resetRecordedCalls() {
        state.withLock {
            $0.getTokenCalls = []
            $0.limitedUseTokenCallCount = 0
        }
    }

    // MARK: - AppCheckInterop

    /// Records the call and returns ``token`` (or ``placeholderToken`` with ``error``).
    public func getToken(forcingRefresh: Bool) async -> any AppCheckTokenResultInterop {
        state.withLock {
            $0.getTokenCalls.append(forcingRefresh)
            return Self.result(token: $0.token, state: $0)
        }
    }

    /// Records the call and returns ``limitedUseToken`` (or ``placeholderToken`` with ``error``).
    public func getLimitedUseToken() async -> any AppCheckTokenResultInterop {
        state.withLock {
            $0.limitedUseTokenCallCount += 1
            return Self.result(token: $0.limitedUseToken, state: $0)
        }
    }

    private static func result(token: String, state: State) -> FakeAppCheckTokenResult {
        if let error = state.error {
            return FakeAppCheckTokenResult(token: state.placeholderToken, error: error)
        }
        return FakeAppCheckTokenResult(token: token)
    }
}
