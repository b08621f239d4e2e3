// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import Testing

/// "Providing Multiple Components and Sharing Instances": a private combined protocol refining the three
/// Auth protocols, one cacheable component for it, and one component per public protocol that depends on
/// it and returns the same instance.
private protocol TinyAuthCombinedInterop: AuthInterop, AuthUserInterop, AuthSignInInterop {}

private final class TinyFullAuth: TinyAuthCombinedInterop {
    private let uid = Locked<String?>(nil)
    func getToken(forcingRefresh: Bool) async throws -> String? { uid.withLock { $0.map { "token-of-\($0)" } } }
    func getUserID() -> String? { uid.withLock { $0 } }
    var currentUserID: String? { uid.withLock { $0 } }
    var isAnonymous: Bool { currentUserID != nil }
    var email: String? { nil }
    func signInAnonymously() async throws -> String {
        uid.withLock {
            if let current = $0 { return current }
            $0 = "anon-1"
            return "anon-1"
        }
    }
    func signOut() throws { uid.withLock { $0 = nil } }
}

private enum TinyAuthLibrary: FlintLibrary {
    static let libraryName = "interop-test-auth"
    static let libraryVersion = "1.0.0"

    static func componentsToRegister() -> [Component] {
        let combined = Dependency.required(TinyAuthCombinedInterop.self)
        return [
            Component(TinyAuthCombinedInterop.self) { _, isCacheable in
                isCacheable = true
                return TinyFullAuth()
            },
            Component(AuthInterop.self, dependencies: [combined]) { container, _ in
                try container.require(TinyAuthCombinedInterop.self)
            },
            Component(AuthUserInterop.self, dependencies: [combined]) { container, _ in
                try container.require(TinyAuthCombinedInterop.self)
            },
            Component(AuthSignInInterop.self, dependencies: [combined]) { container, _ in
                try container.require(TinyAuthCombinedInterop.self)
            },
        ]
    }
}

@Suite struct CombinedAuthInteropTests {
    private func configure() throws -> FlintApp {
        let registry = AppRegistry()
        try registry.register(TinyAuthLibrary.self)
        return try registry.configure(options: interopTestOptions)
    }

    @Test func allThreeAuthProtocolsResolveToTheIdenticalInstance() throws {
        let app = try configure()
        let auth = try app.container.require(AuthInterop.self)
        let user = try app.container.require(AuthUserInterop.self)
        let signIn = try app.container.require(AuthSignInInterop.self)
        #expect(auth === user)
        #expect(user === signIn)
        #expect(try app.container.require(AuthInterop.self) === auth)
    }

    @Test func aSignInThroughOneProtocolIsVisibleThroughTheOthers() async throws {
        let app = try configure()
        let signIn = try app.container.require(AuthSignInInterop.self)
        let user = try app.container.require(AuthUserInterop.self)
        let auth = try app.container.require(AuthInterop.self)
        #expect(user.currentUserID == nil)
        #expect(try await auth.getToken(forcingRefresh: false) == nil)

        let uid = try await signIn.signInAnonymously()
        #expect(user.currentUserID == uid)
        #expect(user.isAnonymous)
        #expect(auth.getUserID() == uid)
        #expect(try await auth.getToken(forcingRefresh: false) == "token-of-\(uid)")

        try signIn.signOut()
        #expect(user.currentUserID == nil)
        #expect(auth.getUserID() == nil)
    }

    @Test func eachAppGetsItsOwnCombinedInstance() throws {
        let registry = AppRegistry()
        try registry.register(TinyAuthLibrary.self)
        let first = try registry.configure(name: "first", options: interopTestOptions)
        let second = try registry.configure(name: "second", options: interopTestOptions)
        #expect(try first.container.require(AuthInterop.self) !== second.container.require(AuthInterop.self))
    }
}
