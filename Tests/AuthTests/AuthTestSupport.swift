// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation

@testable import FlintAuth

/// A backend that forwards to a ``LocalAuthBackend``, counts refresh requests and can hold them at a gate.
final class SpyAuthBackend: AuthBackend {
    let local: LocalAuthBackend
    private let refreshCount = Locked(0)
    private let signInCount = Locked(0)
    private let refreshGate: Gate?

    init(local: LocalAuthBackend, refreshGate: Gate? = nil) {
        self.local = local
        self.refreshGate = refreshGate
    }

    /// How many token refreshes reached the backend.
    var refreshRequests: Int { refreshCount.withLock { $0 } }

    /// How many email-and-password sign-ins reached the backend.
    var signInRequests: Int { signInCount.withLock { $0 } }

    func signUp(email: String, password: String) async throws -> AuthBackendSession {
        try await local.signUp(email: email, password: password)
    }

    func signUpAnonymously() async throws -> AuthBackendSession {
        try await local.signUpAnonymously()
    }

    func signIn(email: String, password: String) async throws -> AuthBackendSession {
        signInCount.withLock { $0 += 1 }
        return try await local.signIn(email: email, password: password)
    }

    func refreshSession(refreshToken: String) async throws -> AuthBackendSession {
        refreshCount.withLock { $0 += 1 }
        await refreshGate?.wait()
        return try await local.refreshSession(refreshToken: refreshToken)
    }

    func updatePassword(idToken: String, newPassword: String) async throws -> AuthBackendSession {
        try await local.updatePassword(idToken: idToken, newPassword: newPassword)
    }

    func deleteAccount(idToken: String) async throws {
        try await local.deleteAccount(idToken: idToken)
    }

    func sendPasswordResetEmail(email: String) async throws {
        try await local.sendPasswordResetEmail(email: email)
    }

    func confirmPasswordReset(code: String, newPassword: String) async throws {
        try await local.confirmPasswordReset(code: code, newPassword: newPassword)
    }
}

/// A backend whose every request throws `error` (for errors that are not `AuthErrorCode`s).
final class FailingAuthBackend: AuthBackend {
    let error: any Error
    init(_ error: any Error) { self.error = error }
    func signUp(email: String, password: String) async throws -> AuthBackendSession { throw error }
    func signUpAnonymously() async throws -> AuthBackendSession { throw error }
    func signIn(email: String, password: String) async throws -> AuthBackendSession { throw error }
    func refreshSession(refreshToken: String) async throws -> AuthBackendSession { throw error }
    func updatePassword(idToken: String, newPassword: String) async throws -> AuthBackendSession { throw error }
    func deleteAccount(idToken: String) async throws { throw error }
    func sendPasswordResetEmail(email: String) async throws { throw error }
    func confirmPasswordReset(code: String, newPassword: String) async throws { throw error }
}

/// Records what a listener was called with, in order.
final class UserRecorder: Sendable {
    private let calls = Locked<[User?]>([])

    /// A listener appending to ``values``.
    var listener: @Sendable (Auth, User?) -> Void {
        { _, user in self.calls.withLock { $0.append(user) } }
    }

    var values: [User?] { calls.withLock { $0 } }

    /// The uids of ``values`` (nil for signed out).
    var uids: [String?] { values.map { $0?.uid } }
}

/// An app with Auth in a private registry, a local backend and a test clock shared by Auth and backend.
///
/// `serving` puts another backend (a spy around `backend`) in the container instead of `backend`.
struct AuthFixture {
    let app: FlintApp
    let auth: Auth
    let backend: LocalAuthBackend
    let clock: TestClock

    init(
        name: String = FlintApp.defaultName,
        configuration: LocalAuthBackend.Configuration = .init(),
        clock: TestClock = TestClock(),
        backend: LocalAuthBackend? = nil,
        serving servedBackend: (any AuthBackend)? = nil,
        persistenceDirectory: URL? = nil,
        registry: AppRegistry? = nil,
        extraOverrides: [Component] = []
    ) throws {
        let backend =
            backend ?? LocalAuthBackend(projectID: "flint-test", configuration: configuration, now: clock.closure)
        let overrides =
            [
                AuthLibrary.backend(servedBackend ?? backend),
                AuthLibrary.settings(AuthSettings(persistenceDirectory: persistenceDirectory, now: clock.closure)),
            ]
            + extraOverrides
        if let registry {
            try registry.register(AuthLibrary.self)
            app = try registry.configure(name: name, options: .testing, overrides: overrides)
        } else {
            app = try TestApp.make(name: name, libraries: [AuthLibrary.self], overrides: overrides)
        }
        auth = try Auth.auth(app: app)
        self.backend = backend
        self.clock = clock
    }
}

/// A new temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flint-auth-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

let adaEmail = "ada@example.com"
let adaPassword = "analytical-engine"
let graceEmail = "grace@example.com"
let gracePassword = "compiler-1952"

extension Auth {
    /// The signed-in user, or ``AuthErrorCode/nullUser`` (a test's shorthand for `currentUser!` that fails as
    /// an error rather than a crash).
    func signedInUser() throws(AuthErrorCode) -> User {
        guard let currentUser else { throw .nullUser }
        return currentUser
    }
}
