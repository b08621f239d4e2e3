// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

// An interop provider: Auth offers three interop protocols (AuthInterop, AuthUserInterop,
// AuthSignInInterop) from ONE instance per app, using the guide's combined-protocol pattern.

/// Refines every protocol Auth serves, so one cacheable component can hold the shared instance.
///
/// Internal, so no other module can ask a container for it: that is what keeps it private to the product.
/// (A `private` type would work too, but its reflected name, used in errors, graphs and profiles, carries
/// an unstable `(unknown context at $…)` part.)
protocol AuthCombinedInterop: AuthInterop, AuthUserInterop, AuthSignInInterop {}

/// A tiny Auth: anonymous sign-in only, no network.
final class DemoAuth: AuthCombinedInterop, ComponentLifecycleMaintainer, CustomStringConvertible {
    /// The app this Auth belongs to.
    let appName: String
    private let serial = Serial.next("DemoAuth")
    private let userID = Locked<String?>(nil)

    init(appName: String) {
        self.appName = appName
    }

    var description: String { "DemoAuth #\(serial)" }

    // AuthInterop
    func getToken(forcingRefresh: Bool) async throws -> String? {
        userID.withLock { $0.map { "id-token-of-\($0)" } }
    }

    func getUserID() -> String? { userID.withLock { $0 } }

    // AuthUserInterop
    var currentUserID: String? { getUserID() }
    var isAnonymous: Bool { currentUserID != nil }
    var email: String? { nil }

    // AuthSignInInterop
    func signInAnonymously() async throws -> String {
        userID.withLock { userID in
            if let current = userID { return current }
            let uid = "anonymous-\(serial)"
            userID = uid
            return uid
        }
    }

    func signOut() throws { userID.withLock { $0 = nil } }

    // ComponentLifecycleMaintainer
    func appWillBeDeleted(_ app: FlintApp) async {
        try? signOut()
        componentSays("\(self)", "appWillBeDeleted(\(app.displayName)): signed out")
    }

    /// The public entry point, like Firebase's `Auth.auth(app:)`.
    static func auth(app: FlintApp) throws -> DemoAuth {
        // The only conformer of the combined protocol is DemoAuth.
        try app.container.require(AuthCombinedInterop.self) as! DemoAuth
    }
}

/// Registers Auth exactly as the Firebase guide's "Providing Multiple Components and Sharing Instances".
enum AuthLibrary: FlintLibrary {
    static let libraryName = "flint-demo-auth"
    static let libraryVersion = "1.0.0"

    static func componentsToRegister() -> [Component] {
        // A self dependency on the combined component, declared by each public-protocol component.
        let combined = Dependency.required(AuthCombinedInterop.self)
        return [
            // The one cacheable instance per app.
            Component(AuthCombinedInterop.self) { container, isCacheable in
                isCacheable = true
                let auth = DemoAuth(appName: container.appName)
                componentSays("\(auth)", "created for \(FlintApp.displayName(forAppNamed: container.appName))")
                return auth
            },
            // One non-cacheable component per public protocol, each returning the combined instance.
            Component(AuthInterop.self, dependencies: [combined]) { container, _ in
                try container.require(AuthCombinedInterop.self)
            },
            Component(AuthUserInterop.self, dependencies: [combined]) { container, _ in
                try container.require(AuthCombinedInterop.self)
            },
            Component(AuthSignInInterop.self, dependencies: [combined]) { container, _ in
                try container.require(AuthCombinedInterop.self)
            },
        ]
    }
}
