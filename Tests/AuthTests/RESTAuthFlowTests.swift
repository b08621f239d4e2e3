// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

@Suite("Auth over REST: the public Auth API against an emulator")
struct RESTAuthFlowTests {
    @Test func useEmulatorSwitchesToRESTWithTheAppsKeyAndID() async throws {
        try await withTestHTTPServer(RESTAuthScript().handler) { server in
            let app = try TestApp.make(libraries: [AuthLibrary.self])
            let auth = try Auth.auth(app: app)
            auth.useEmulator(withHost: "127.0.0.1", port: server.port)
            let backend = try #require(auth.backend as? RESTAuthBackend)
            #expect(backend.endpoint == .emulator(host: "127.0.0.1", port: server.port))
            #expect(backend.apiKey == FlintOptions.testing.apiKey)
            #expect(backend.appID == FlintOptions.testing.googleAppID)
            #expect(
                try backend.identityToolkitURL("accounts:signUp").absoluteString
                    == "http://127.0.0.1:\(server.port)/identitytoolkit.googleapis.com/v1/accounts:signUp?key=flint-test-api-key"
            )
            // The container's backend is unchanged: only this Auth switched.
            #expect(try app.container.require(AuthBackend.self) is LocalAuthBackend)
        }
    }

    @Test func createUserSignInRefreshUpdateResetAndDelete() async throws {
        try await withTestHTTPServer(RESTAuthScript().handler) { server in
            let auth = try emulatedAuth(server)
            let states = UserRecorder()
            auth.addStateDidChangeListener(states.listener)

            let created = try await auth.createUser(withEmail: adaEmail, password: adaPassword)
            #expect(created.user.uid == RESTAuthScript.uid)
            #expect(created.user.email == adaEmail)
            #expect(created.user.isEmailVerified)
            #expect(created.additionalUserInfo?.isNewUser == true)
            #expect(created.additionalUserInfo?.providerID == "password")
            #expect(auth.currentUser?.uid == RESTAuthScript.uid)

            try auth.signOut()
            let signedIn = try await auth.signIn(withEmail: adaEmail, password: adaPassword)
            #expect(signedIn.additionalUserInfo?.isNewUser == false)
            #expect(try await auth.signedInUser().getIDToken() == RESTAuthScript.idToken(provider: "password", iat: 2))

            let refreshed = try await auth.signedInUser().getIDTokenResult(forcingRefresh: true)
            #expect(refreshed.token == RESTAuthScript.idToken(provider: "password", iat: 4))
            #expect(refreshed.standardClaims.firebase.signInProvider == "password")

            try await auth.signedInUser().updatePassword(to: "difference-engine")
            #expect(try await auth.signedInUser().getIDToken() == RESTAuthScript.idToken(provider: "password", iat: 3))

            try await auth.sendPasswordReset(withEmail: adaEmail)
            try await auth.confirmPasswordReset(withCode: "oob", newPassword: "difference-engine-2")
            try await auth.signedInUser().delete()
            #expect(auth.currentUser == nil)

            #expect(
                server.requests.map(\.lastPathComponent) == [
                    "accounts:signUp", "accounts:lookup",
                    "accounts:signInWithPassword", "accounts:lookup",
                    "token", "accounts:lookup",
                    "accounts:update", "accounts:lookup",
                    "accounts:sendOobCode", "accounts:resetPassword",
                    "accounts:delete",
                ])
            #expect(server.requests.allSatisfy { $0.query == "key=flint-test-api-key" })
            #expect(
                server.requests[6].jsonBody["idToken"] as? String
                    == RESTAuthScript.idToken(provider: "password", iat: 4))
            #expect(
                server.requests[10].jsonBody["idToken"] as? String
                    == RESTAuthScript.idToken(provider: "password", iat: 3))
            #expect(states.uids == [nil, RESTAuthScript.uid, nil, RESTAuthScript.uid, nil])
        }
    }

    @Test func anonymousSignInThroughAuth() async throws {
        let script = RESTAuthScript()
        script.answer(
            "accounts:signUp",
            with: .json(
                RESTAuthScript.tokens(
                    idToken: RESTAuthScript.idToken(provider: "anonymous", iat: 7), refreshToken: "anon",
                    extra: #""localId":"anon-1""#)))
        script.answer("accounts:lookup", with: .json(#"{"users":[{"localId":"anon-1","createdAt":"1700000000000"}]}"#))
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            let result = try await auth.signInAnonymously()
            #expect(result.user.isAnonymous)
            #expect(result.user.uid == "anon-1")
            #expect(result.additionalUserInfo?.providerID == "")
            #expect(result.additionalUserInfo?.isNewUser == true)
            #expect(server.requests.first?.jsonBody.count == 1)
        }
    }

    @Test func serverErrorsReachCallersAsTheirCodes() async throws {
        let script = RESTAuthScript()
        script.fail("accounts:signInWithPassword", message: "INVALID_LOGIN_CREDENTIALS")
        script.fail("accounts:signUp", message: "EMAIL_EXISTS")
        script.fail("accounts:sendOobCode", message: "MISSING_EMAIL")
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            await #expect(throws: AuthErrorCode.invalidCredential) {
                try await auth.signIn(withEmail: adaEmail, password: "x")
            }
            await #expect(throws: AuthErrorCode.emailAlreadyInUse) {
                try await auth.createUser(withEmail: adaEmail, password: adaPassword)
            }
            await #expect(throws: AuthErrorCode.missingEmail) { try await auth.sendPasswordReset(withEmail: "") }
            #expect(auth.currentUser == nil)
        }
    }

    @Test func anExpiredSessionAtRefreshSignsTheUserOut() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            try await auth.signIn(withEmail: adaEmail, password: adaPassword)
            script.fail("token", message: "TOKEN_EXPIRED")
            await #expect(throws: AuthErrorCode.userTokenExpired) {
                try await auth.signedInUser().getIDToken(forcingRefresh: true)
            }
            #expect(auth.currentUser == nil)
        }
    }

    @Test func aDroppedConnectionKeepsTheUserSignedIn() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            try await auth.signIn(withEmail: adaEmail, password: adaPassword)
            script.answer("token", with: .closeWithoutResponse)
            await #expect(throws: AuthErrorCode.networkError) {
                try await auth.signedInUser().getIDToken(forcingRefresh: true)
            }
            #expect(auth.currentUser?.uid == RESTAuthScript.uid)
        }
    }

    @Test func withoutAnAPIKeyNothingIsSent() async throws {
        var options = FlintOptions.testing
        options.apiKey = nil
        try await withTestHTTPServer(RESTAuthScript().handler) { server in
            let auth = try emulatedAuth(server, options: options)
            await #expect(throws: AuthErrorCode.invalidAPIKey) { try await auth.signInAnonymously() }
            #expect(server.requests.isEmpty)
        }
    }

    @Test func theRESTBackendOverrideUsesProductionWithTheAppsOptions() throws {
        let app = try TestApp.make(libraries: [AuthLibrary.self], overrides: [AuthLibrary.restBackend()])
        let backend = try #require(try Auth.auth(app: app).backend as? RESTAuthBackend)
        #expect(backend.endpoint == .production)
        #expect(backend.apiKey == FlintOptions.testing.apiKey)
        #expect(backend.appID == FlintOptions.testing.googleAppID)
        #expect(
            try backend.identityToolkitURL("accounts:lookup").absoluteString
                == "https://identitytoolkit.googleapis.com/v1/accounts:lookup?key=flint-test-api-key")
        #expect(
            try backend.secureTokenURL().absoluteString
                == "https://securetoken.googleapis.com/v1/token?key=flint-test-api-key")
    }

    @Test func theRESTBackendOverrideCanTargetAnEmulator() async throws {
        try await withTestHTTPServer(RESTAuthScript().handler) { server in
            let app = try TestApp.make(
                libraries: [AuthLibrary.self],
                overrides: [AuthLibrary.restBackend(endpoint: .emulator(host: server.host, port: server.port))])
            let auth = try Auth.auth(app: app)
            try await auth.signIn(withEmail: adaEmail, password: adaPassword)
            #expect(auth.currentUser?.uid == RESTAuthScript.uid)
            #expect(server.requests.count == 2)
        }
    }
}
