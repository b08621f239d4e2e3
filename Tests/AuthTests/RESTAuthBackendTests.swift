// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

@Suite("Auth over REST: requests and answers of each endpoint")
struct RESTAuthBackendTests {
    private let key = "key=flint-test-api-key"

    @Test func urlsAreBuiltAsTheSDKBuildsThem() throws {
        let production = RESTAuthBackend(apiKey: "k1")
        #expect(
            try production.identityToolkitURL("accounts:signUp").absoluteString
                == "https://identitytoolkit.googleapis.com/v1/accounts:signUp?key=k1")
        #expect(try production.secureTokenURL().absoluteString == "https://securetoken.googleapis.com/v1/token?key=k1")
        let emulator = RESTAuthBackend(apiKey: "k1", endpoint: .emulator(host: "127.0.0.1", port: 9099))
        #expect(
            try emulator.identityToolkitURL("accounts:signUp").absoluteString
                == "http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k1")
        #expect(
            try emulator.secureTokenURL().absoluteString
                == "http://127.0.0.1:9099/securetoken.googleapis.com/v1/token?key=k1")
        let ipv6 = RESTAuthBackend(apiKey: "k1", endpoint: .emulator(host: "::1", port: 9099))
        #expect(
            try ipv6.secureTokenURL().absoluteString == "http://[::1]:9099/securetoken.googleapis.com/v1/token?key=k1")
        let bracketed = RESTAuthBackend(apiKey: "k1", endpoint: .emulator(host: "[::1]", port: 9099))
        #expect(
            try bracketed.secureTokenURL().absoluteString
                == "http://[::1]:9099/securetoken.googleapis.com/v1/token?key=k1")
        let named = RESTAuthBackend(apiKey: "k1", endpoint: .emulator(host: "auth-emulator.local", port: 1))
        #expect(
            try named.identityToolkitURL("accounts:lookup").absoluteString
                == "http://auth-emulator.local:1/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k1")
        let odd = RESTAuthBackend(apiKey: "a&b=c")
        #expect(try odd.secureTokenURL().query == "key=a%26b%3Dc")
    }

    /// An emulator host smuggling a port, path, user or query would send the password and tokens somewhere
    /// else than the host and port named: every request fails before anything is sent.
    @Test func anEmulatorHostOrPortThatIsNotBareFailsBeforeAnyRequest() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let hosts = [
                "127.0.0.1:\(server.port)/x?", "127.0.0.1:\(server.port)#", "u@127.0.0.1:\(server.port)/",
                "attacker.example/steal?", "a@attacker.example", "host?x", "host#x", "ho st", "h\u{0}", "",
                "[::1", "::1]", "ünï.example", "a_b.example",
            ]
            for host in hosts {
                let backend = RESTAuthBackend(apiKey: "k", endpoint: .emulator(host: host, port: 1), timeout: 5)
                await #expect(throws: AuthErrorCode.internalError, "\(host.debugDescription)") {
                    try await backend.signIn(email: adaEmail, password: adaPassword)
                }
                await #expect(throws: AuthErrorCode.internalError, "\(host.debugDescription)") {
                    try await backend.refreshSession(refreshToken: "r")
                }
            }
            for port in [0, -1, 65536] {
                let backend = RESTAuthBackend(apiKey: "k", endpoint: .emulator(host: "127.0.0.1", port: port))
                await #expect(throws: AuthErrorCode.internalError, "\(port)") {
                    try await backend.sendPasswordResetEmail(email: adaEmail)
                }
            }
            // Through Auth: the sign-in fails and nothing reaches the server the host smuggled in.
            let app = try TestApp.make(libraries: [AuthLibrary.self])
            let auth = try Auth.auth(app: app)
            auth.useEmulator(withHost: "127.0.0.1:\(server.port)/steal?", port: 1)
            await #expect(throws: AuthErrorCode.internalError) {
                try await auth.signIn(withEmail: adaEmail, password: adaPassword)
            }
            #expect(auth.currentUser == nil)
            #expect(server.requests.isEmpty)
        }
    }

    @Test func aMissingAPIKeyFailsBeforeAnyRequest() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            for apiKey in [nil, ""] as [String?] {
                let backend = restBackend(server, apiKey: apiKey)
                await #expect(throws: AuthErrorCode.invalidAPIKey) { try await backend.signUpAnonymously() }
                await #expect(throws: AuthErrorCode.invalidAPIKey) {
                    try await backend.refreshSession(refreshToken: "r")
                }
                await #expect(throws: AuthErrorCode.invalidAPIKey) {
                    try await backend.sendPasswordResetEmail(email: adaEmail)
                }
            }
            #expect(server.requests.isEmpty)
        }
    }

    @Test func signUpPostsEmailAndPasswordThenLooksTheAccountUp() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let before = Date()
            let session = try await restBackend(server).signUp(email: adaEmail, password: adaPassword)
            let requests = server.requests
            try #require(requests.count == 2)
            let signUp = requests[0]
            #expect(signUp.method == "POST")
            #expect(signUp.pathWithoutQuery == "/identitytoolkit.googleapis.com/v1/accounts:signUp")
            #expect(signUp.query == key)
            #expect(signUp.headers["content-type"] == "application/json")
            #expect(signUp.headers["x-firebase-gmpid"] == FlintOptions.testing.googleAppID)
            #expect(signUp.headers["x-client-version"] == "Flint/FlintAuth/\(AuthLibrary.libraryVersion)")
            let body = signUp.jsonBody
            #expect(body.count == 3)
            #expect(body["email"] as? String == adaEmail)
            #expect(body["password"] as? String == adaPassword)
            #expect(body["returnSecureToken"] as? Bool == true)

            let lookup = requests[1]
            #expect(lookup.method == "POST")
            #expect(lookup.pathWithoutQuery == "/identitytoolkit.googleapis.com/v1/accounts:lookup")
            #expect(lookup.query == key)
            #expect(lookup.jsonBody.count == 1)
            #expect(lookup.jsonBody["idToken"] as? String == session.idToken)

            #expect(session.idToken == RESTAuthScript.idToken(provider: "password", iat: 1))
            #expect(session.refreshToken == "refresh-1")
            #expect(session.isNewUser)
            #expect(session.signInProvider == "password")
            #expect(session.expirationDate.timeIntervalSince(before) >= 3600)
            #expect(session.expirationDate.timeIntervalSinceNow <= 3600)
            #expect(
                session.account
                    == AuthAccount(
                        uid: RESTAuthScript.uid, email: adaEmail, isEmailVerified: true,
                        providerIDs: ["password"],
                        creationDate: Date(timeIntervalSince1970: 1_700_000_000),
                        lastSignInDate: Date(timeIntervalSince1970: 1_700_000_500)))
        }
    }

    @Test func anonymousSignUpPostsOnlyReturnSecureToken() async throws {
        let script = RESTAuthScript()
        script.answer(
            "accounts:signUp",
            with: .json(
                RESTAuthScript.tokens(
                    idToken: RESTAuthScript.idToken(provider: "anonymous", iat: 9), refreshToken: "anon",
                    extra: #""localId":"anon-1""#)))
        script.answer(
            "accounts:lookup",
            with: .json(#"{"users":[{"localId":"anon-1","createdAt":"1700000000000","lastLoginAt":"1700000000000"}]}"#))
        try await withTestHTTPServer(script.handler) { server in
            let session = try await restBackend(server).signUpAnonymously()
            let signUp = try #require(server.requests.first)
            #expect(signUp.pathWithoutQuery == "/identitytoolkit.googleapis.com/v1/accounts:signUp")
            #expect(signUp.jsonBody.count == 1)
            #expect(signUp.jsonBody["returnSecureToken"] as? Bool == true)
            #expect(session.account.uid == "anon-1")
            #expect(session.account.isAnonymous)
            #expect(session.account.email == nil)
            #expect(session.signInProvider == "anonymous")
            #expect(session.isNewUser)
            #expect(session.refreshToken == "anon")
        }
    }

    @Test func signInPostsToSignInWithPassword() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let session = try await restBackend(server).signIn(email: adaEmail, password: adaPassword)
            let request = try #require(server.requests.first)
            #expect(request.method == "POST")
            #expect(request.pathWithoutQuery == "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword")
            #expect(request.query == key)
            #expect(request.jsonBody["email"] as? String == adaEmail)
            #expect(request.jsonBody["password"] as? String == adaPassword)
            #expect(request.jsonBody["returnSecureToken"] as? Bool == true)
            #expect(server.requests.map(\.lastPathComponent) == ["accounts:signInWithPassword", "accounts:lookup"])
            #expect(session.refreshToken == "refresh-2")
            #expect(!session.isNewUser)
            #expect(session.account.uid == RESTAuthScript.uid)
        }
    }

    @Test func refreshPostsTheRefreshTokenToSecureToken() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let session = try await restBackend(server).refreshSession(refreshToken: "refresh-2")
            let request = try #require(server.requests.first)
            #expect(request.method == "POST")
            #expect(request.pathWithoutQuery == "/securetoken.googleapis.com/v1/token")
            #expect(request.query == key)
            #expect(request.headers["content-type"] == "application/json")
            #expect(request.jsonBody.count == 2)
            #expect(request.jsonBody["grantType"] as? String == "refresh_token")
            #expect(request.jsonBody["refreshToken"] as? String == "refresh-2")
            #expect(server.requests.map(\.lastPathComponent) == ["token", "accounts:lookup"])
            #expect(server.requests.last?.jsonBody["idToken"] as? String == session.idToken)
            #expect(session.idToken == RESTAuthScript.idToken(provider: "password", iat: 4))
            #expect(session.refreshToken == "refresh-4")
            #expect(session.expirationDate.timeIntervalSinceNow > 3500)
            #expect(!session.isNewUser)
        }
    }

    @Test func aRefreshAnswerWithoutRefreshTokenKeepsTheOldOne() async throws {
        let script = RESTAuthScript()
        script.answer(
            "token",
            with: .json(#"{"id_token":"\#(RESTAuthScript.idToken(provider: "password", iat: 5))","expires_in":1800}"#))
        try await withTestHTTPServer(script.handler) { server in
            let session = try await restBackend(server).refreshSession(refreshToken: "keep-me")
            #expect(session.refreshToken == "keep-me")
            #expect(session.expirationDate.timeIntervalSinceNow <= 1800)
        }
    }

    @Test func updatePasswordPostsToUpdate() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let session = try await restBackend(server).updatePassword(idToken: "id-1", newPassword: "new-password")
            let request = try #require(server.requests.first)
            #expect(request.pathWithoutQuery == "/identitytoolkit.googleapis.com/v1/accounts:update")
            #expect(request.query == key)
            #expect(request.jsonBody.count == 3)
            #expect(request.jsonBody["idToken"] as? String == "id-1")
            #expect(request.jsonBody["password"] as? String == "new-password")
            #expect(request.jsonBody["returnSecureToken"] as? Bool == true)
            #expect(session.refreshToken == "refresh-3")
            #expect(session.signInProvider == "password")
        }
    }

    @Test func deleteSendOobCodeAndResetPasswordPostTheirFields() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let backend = restBackend(server)
            try await backend.deleteAccount(idToken: "id-1")
            try await backend.sendPasswordResetEmail(email: adaEmail)
            try await backend.sendEmailVerification(idToken: "id-2")
            try await backend.confirmPasswordReset(code: "oob-1", newPassword: "new-password")
            let requests = server.requests
            try #require(requests.count == 4)
            #expect(
                requests.map(\.pathWithoutQuery) == [
                    "/identitytoolkit.googleapis.com/v1/accounts:delete",
                    "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode",
                    "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode",
                    "/identitytoolkit.googleapis.com/v1/accounts:resetPassword",
                ])
            #expect(requests.allSatisfy { $0.method == "POST" && $0.query == key })
            #expect(requests[0].jsonBody.count == 1)
            #expect(requests[0].jsonBody["idToken"] as? String == "id-1")
            #expect(requests[1].jsonBody.count == 2)
            #expect(requests[1].jsonBody["requestType"] as? String == "PASSWORD_RESET")
            #expect(requests[1].jsonBody["email"] as? String == adaEmail)
            #expect(requests[2].jsonBody.count == 2)
            #expect(requests[2].jsonBody["requestType"] as? String == "VERIFY_EMAIL")
            #expect(requests[2].jsonBody["idToken"] as? String == "id-2")
            #expect(requests[3].jsonBody.count == 2)
            #expect(requests[3].jsonBody["oobCode"] as? String == "oob-1")
            #expect(requests[3].jsonBody["newPassword"] as? String == "new-password")
        }
    }

    @Test func lookupParsesTheAccount() async throws {
        let script = RESTAuthScript()
        script.answer(
            "accounts:lookup",
            with: .json(
                #"{"users":[{"localId":"u9","email":"G@x.org","emailVerified":false,"disabled":true,"createdAt":1600000000000}]}"#
            ))
        try await withTestHTTPServer(script.handler) { server in
            let account = try await restBackend(server).lookup(idToken: "id-9")
            #expect(server.requests.first?.jsonBody["idToken"] as? String == "id-9")
            #expect(
                account
                    == AuthAccount(
                        uid: "u9", email: "g@x.org", isEmailVerified: false, providerIDs: [],
                        creationDate: Date(timeIntervalSince1970: 1_600_000_000),
                        lastSignInDate: Date(timeIntervalSince1970: 1_600_000_000), isDisabled: true))
        }
    }

    @Test func lookupWithoutUsersIsUserNotFound() async throws {
        let script = RESTAuthScript()
        script.answer("accounts:lookup", with: .json(#"{"kind":"identitytoolkit#GetAccountInfoResponse"}"#))
        try await withTestHTTPServer(script.handler) { server in
            await #expect(throws: AuthErrorCode.userNotFound) { try await restBackend(server).lookup(idToken: "t") }
            script.answer("accounts:lookup", with: .json(#"{"users":[]}"#))
            await #expect(throws: AuthErrorCode.userNotFound) { try await restBackend(server).lookup(idToken: "t") }
        }
    }
}
