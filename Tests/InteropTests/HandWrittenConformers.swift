// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

// Tiny hand-written conformers: what a product or a test writes without FlintTesting's fakes.

/// Valid options for this suite's private registries.
let interopTestOptions = FlintOptions(googleAppID: "1:1234567890:ios:0123456789abcdef", gcmSenderID: "1234567890")

final class TinyAuth: AuthInterop {
    func getToken(forcingRefresh: Bool) async throws -> String? { forcingRefresh ? "fresh-token" : "cached-token" }
    func getUserID() -> String? { "tiny-user" }
}

final class TinyAuthUser: AuthUserInterop {
    var currentUserID: String? { "tiny-user" }
    var isAnonymous: Bool { true }
    var email: String? { nil }
}

final class TinyAuthSignIn: AuthSignInInterop {
    private let signedOut = Locked(false)
    var didSignOut: Bool { signedOut.withLock { $0 } }
    func signInAnonymously() async throws -> String { "anonymous-uid" }
    func signOut() throws { signedOut.withLock { $0 = true } }
}

final class TinyTokenResult: AppCheckTokenResultInterop {
    let token: String
    let error: (any Error)?
    init(token: String, error: (any Error)? = nil) {
        self.token = token
        self.error = error
    }
}

final class TinyAppCheck: AppCheckInterop {
    func getToken(forcingRefresh: Bool) async -> any AppCheckTokenResultInterop {
        TinyTokenResult(token: forcingRefresh ? "fresh-app-check" : "cached-app-check")
    }
    func getLimitedUseToken() async -> any AppCheckTokenResultInterop {
        TinyTokenResult(token: "limited-use")
    }
}

final class TinyMessaging: MessagingInterop {
    var fcmToken: String? { "tiny-fcm-token" }
}

final class TinyAnalytics: AnalyticsInterop {
    private let events = Locked<[String]>([])
    var logged: [String] { events.withLock { $0 } }
    func logEvent(_ name: String, parameters: [String: String]) {
        let rendered = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        events.withLock { $0.append("\(name)(\(rendered))") }
    }
    func setUserProperty(_ value: String?, forName name: String) {
        events.withLock { $0.append("\(name):=\(value ?? "nil")") }
    }
}
