// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// An app of its own with Auth on the embedded backend and a test clock.
struct AuthFixture {
    let app: FlintApp
    let auth: Auth
    let backend: LocalAuthBackend
    let clock = TestClock()

    init(configuration: LocalAuthBackend.Configuration = .init()) throws {
        let backend = LocalAuthBackend(projectID: "flint-test", configuration: configuration, now: clock.closure)
        app = try TestApp.make(
            libraries: [AuthLibrary.self],
            overrides: [AuthLibrary.backend(backend), AuthLibrary.settings(AuthSettings(now: clock.closure))])
        auth = try Auth.auth(app: app)
        self.backend = backend
    }
}

let adaEmail = "ada@example.com"
let adaPassword = "analytical-engine"
let graceEmail = "grace@example.com"
let gracePassword = "compiler-1952"

/// The continue URL of the action-code settings the tests send.
let continueURL = "https://example.com/finishSignIn"

/// A Google credential for the fake identity `sub` (`LocalAuthBackend.fakeIdPToken(...)`), asserting `email`.
func googleCredential(sub: String = "google-ada", email: String? = adaEmail, verified: Bool = true) -> AuthCredential {
    GoogleAuthProvider.credential(
        withIDToken: LocalAuthBackend.fakeIdPToken(sub: sub, email: email, emailVerified: verified, name: "Ada"),
        accessToken: "google-access")
}

extension AuthFixture {
    /// Creates (and signs in) Ada's email account with `displayName` set.
    func createAda(displayName: String) async throws -> User {
        let user = try await auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let change = user.createProfileChangeRequest()
        change.displayName = displayName
        try await change.commitChanges()
        return user
    }

    /// Sends an email sign-in link to `email` and returns the link the email would have carried (read from
    /// `LocalAuthBackend.oobCodes`).
    func signInLink(to email: String) async throws -> String {
        let settings = ActionCodeSettings()
        settings.url = URL(string: continueURL)
        settings.handleCodeInApp = true
        try await auth.sendSignInLink(toEmail: email, actionCodeSettings: settings)
        return try #require(backend.oobCodes.last { $0.requestType == "EMAIL_SIGNIN" }).oobLink
    }
}
