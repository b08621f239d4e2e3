// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

/// A scriptable, recording stand-in for Auth that plays all three Auth interop roles with one instance,
/// exactly like the real Auth's private combined protocol.
///
/// ```swift
/// let auth = FakeAuth(userID: "alice", token: "alice-token")
/// let app = try TestApp.make(overrides: auth.components)
/// // code under test resolves AuthInterop, AuthUserInterop or AuthSignInInterop and gets `auth`
/// #expect(auth.getTokenCalls == [false])
/// ```
///
/// State (who is signed in, the token, injected errors) is settable at any time; every interop call is
/// recorded. The fake is thread-safe: all state sits behind one `Locked`, never held while anything else runs.
///
/// Behavior, following Firebase:
/// - ``getToken(forcingRefresh:)`` throws ``getTokenError`` when set; otherwise returns ``token`` when a
///   user is signed in and nil (no error) when nobody is.
/// - ``signInAnonymously()`` throws ``signInError`` when set; returns the current uid when an anonymous
///   user is already signed in; otherwise signs in ``anonymousUserID`` as an anonymous user.
/// - ``signOut()`` throws ``signOutError`` when set; otherwise clears the user (a no-op when signed out).
/// - ``addUserChangeListener(_:)`` listeners hear every change of the uid, however it was made (scripted or
///   by a call), so tests can switch users under a product that follows them (Firestore's write queue).
public final class FakeAuth: AuthInterop, AuthUserInterop, AuthSignInInterop, Sendable {
    private struct State {
        var currentUserID: String?
        var isAnonymous: Bool
        var email: String?
        var token: String?
        var anonymousUserID: String
        var getTokenError: (any Error)?
        var signInError: (any Error)?
        var signOutError: (any Error)?
        var getTokenCalls: [Bool] = []
        var getUserIDCallCount = 0
        var signInAnonymouslyCallCount = 0
        var signOutCallCount = 0
        var userChangeListeners: [Int: @Sendable (String?) -> Void] = [:]
        var nextListenerID = 0
    }

    private let state: Locked<State>

    /// A fake Auth, signed in as `userID` (nil: signed out).
    ///
    /// - Parameters:
    ///   - userID: the signed-in user's uid, or nil for signed out.
    ///   - token: the ID token ``getToken(forcingRefresh:)`` returns while someone is signed in.
    ///   - email: the signed-in user's email.
    ///   - isAnonymous: whether the signed-in user is anonymous.
    ///   - anonymousUserID: the uid ``signInAnonymously()`` signs in.
    public init(
        userID: String? = nil,
        token: String? = "fake-id-token",
        email: String? = nil,
        isAnonymous: Bool = false,
        anonymousUserID: String = "fake-anonymous-uid"
    ) {
        state = Locked(
            State(
                currentUserID: userID,
                isAnonymous: userID != nil && isAnonymous,
                email: userID == nil ? nil : email,
                token: token,
                anonymousUserID: anonymousUserID))
    }

    // MARK: - Overrides

    /// Components that serve this one instance as `AuthInterop`, `AuthUserInterop` and
    /// `AuthSignInInterop`; pass them as `overrides` to replace a registered Auth (or stand in for
    /// a missing one).
    public var components: [Component] {
        [
            Component.instance(self, as: AuthInterop.self),
            Component.instance(self, as: AuthUserInterop.self),
            Component.instance(self, as: AuthSignInInterop.self),
        ]
    }

    // MARK: - Scripting

    /// The signed-in user's uid, or nil when signed out. Setting it does not record a call; setting nil
    /// also clears ``email`` and ``isAnonymous``.
    public var currentUserID: String? {
        get { state.withLock { $0.currentUserID } }
        set {
            changingUser {
                $0.currentUserID = newValue
                if newValue == nil {
                    $0.email = nil
                    $0.isAnonymous = false
                }
            }
        }
    }

    /// Whether the signed-in user is anonymous.
    public var isAnonymous: Bool {
        get { state.withLock { $0.isAnonymous } }
        set { state.withLock { $0.isAnonymous = newValue } }
    }

    /// The signed-in user's email.
    public var email: String? {
        get { state.withLock { $0.email } }
        set { state.withLock { $0.email = newValue } }
    }

    /// The ID token returned while a user is signed in.
    public var token: String? {
        get { state.withLock { $0.token } }
        set { state.withLock { $0.token = newValue } }
    }

    /// The uid that ``signInAnonymously()`` signs in.
    public var anonymousUserID: String {
        get { state.withLock { $0.anonymousUserID } }
        set { state.withLock { $0.anonymousUserID = newValue } }
    }

    /// When set, ``getToken(forcingRefresh:)`` throws it (until it is set back to nil).
    public var getTokenError: (any Error)? {
        get { state.withLock { $0.getTokenError } }
        set { state.withLock { $0.getTokenError = newValue } }
    }

    /// When set, ``signInAnonymously()`` throws it (until it is set back to nil).
    public var signInError: (any Error)? {
        get { state.withLock { $0.signInError } }
        set { state.withLock { $0.signInError = newValue } }
    }

    /// When set, ``signOut()`` throws it (until it is set back to nil).
    public var signOutError: (any Error)? {
        get { state.withLock { $0.signOutError } }
        set { state.withLock { $0.signOutError = newValue } }
    }

    /// Signs `userID` in without recording a call, as if it happened outside the code under test.
    public func simulateSignIn(userID: String, email: String? = nil, isAnonymous: Bool = false) {
        changingUser {
            $0.currentUserID = userID
            $0.email = email
            $0.isAnonymous = isAnonymous
        }
    }

    /// Signs the user out without recording a call.
    public func simulateSignOut() {
        currentUserID = nil
    }

    // MARK: - Recorded calls

    /// The `forcingRefresh` argument of every ``getToken(forcingRefresh:)`` call, in order.
    public var getTokenCalls: [Bool] { state.withLock { $0.getTokenCalls } }

    /// How many times ``getUserID()`` was called.
    public var getUserIDCallCount: Int { state.withLock { $0.getUserIDCallCount } }

    /// How many times ``signInAnonymously()`` was called (including calls that threw).
    public var signInAnonymouslyCallCount: Int { state.withLock { $0.signInAnonymouslyCallCount } }

    /// How many times ``signOut()`` was called (including calls that threw).
    public var signOutCallCount: Int { state.withLock { $0.signOutCallCount } }

    /// Forgets every recorded call; scripted state is kept.
    public func resetRecordedCalls() {
        state.withLock {
            $0.getTokenCalls = []
            $0.getUserIDCallCount = 0
            $0.signInAnonymouslyCallCount = 0
            $0.signOutCallCount = 0
        }
    }

    // MARK: - AuthInterop

    /// Records the call, then throws ``getTokenError`` if set, else returns ``token`` when signed in and
    /// nil when signed out.
    public func getToken(forcingRefresh: Bool) async throws -> String? {
        let result: Result<String?, any Error> = state.withLock {
            $0.getTokenCalls.append(forcingRefresh)
            if let error = $0.getTokenError { return .failure(error) }
            return .success($0.currentUserID == nil ? nil : $0.token)
        }
        return try result.get()
    }

    /// Records the call and returns ``currentUserID``.
    public func getUserID() -> String? {
        state.withLock {
            $0.getUserIDCallCount += 1
            return $0.currentUserID
        }
    }

    /// Registers `listener` for user changes: called whenever the signed-in uid changes (by
    /// ``currentUserID``, ``simulateSignIn(userID:email:isAnonymous:)``, ``simulateSignOut()``,
    /// ``signInAnonymously()`` or ``signOut()``), on the thread that made the change, with no lock held.
    /// Unlike the real Auth, it is not called at registration.
    public func addUserChangeListener(_ listener: @escaping @Sendable (String?) -> Void) -> any ListenerRegistration {
        let id = state.withLock { state in
            state.nextListenerID += 1
            state.userChangeListeners[state.nextListenerID] = listener
            return state.nextListenerID
        }
        return ClosureListenerRegistration { [weak self] in
            _ = self?.state.withLock { $0.userChangeListeners.removeValue(forKey: id) }
        }
    }

    /// The number of registered user-change listeners.
    public var userChangeListenerCount: Int { state.withLock { $0.userChangeListeners.count } }

    /// Runs `body` on the state, then tells the user-change listeners (outside the lock) if the uid changed.
    private func changingUser<Result>(_ body: (inout State) -> Result) -> Result {
        let (result, listeners, uid) = state.withLock { state -> (Result, [@Sendable (String?) -> Void], String?) in
            let before = state.currentUserID
            let result = body(&state)
            guard state.currentUserID != before else { return (result, [], nil) }
            return (
                result, state.userChangeListeners.keys.sorted().map { state.userChangeListeners[$0]! },
                state.currentUserID
            )
        }
        for listener in listeners { listener(uid) }
        return result
    }

    // MARK: - AuthSignInInterop

    /// Records the call, then throws ``signInError`` if set; otherwise returns the current uid when an
    /// anonymous user is signed in, or signs in ``anonymousUserID`` anonymously and returns it.
    public func signInAnonymously() async throws -> String {
        let result: Result<String, any Error> = changingUser {
            $0.signInAnonymouslyCallCount += 1
            if let error = $0.signInError { return .failure(error) }
            if let current = $0.currentUserID, $0.isAnonymous { return .success(current) }
            $0.currentUserID = $0.anonymousUserID
            $0.isAnonymous = true
            $0.email = nil
            return .success($0.anonymousUserID)
        }
        return try result.get()
    }

    /// Records the call, then throws ``signOutError`` if set; otherwise signs out.
    public func signOut() throws {
        let error: (any Error)? = changingUser {
            $0.signOutCallCount += 1
            if let error = $0.signOutError { return error }
            $0.currentUserID = nil
            $0.email = nil
            $0.isAnonymous = false
            return nil
        }
        if let error { throw error }
    }
}
