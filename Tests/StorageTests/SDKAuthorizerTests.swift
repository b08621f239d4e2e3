// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The Firebase SDK's `StorageAuthorizerTests.swift` (firebase-ios-sdk, FirebaseStorage/Tests/Unit), ported on the
/// wire. Not ported: `testIsAuthorizing`, `testStopAuthorizingNoop`, `testEmail` (GTMSessionFetcher's authorizer
/// protocol), `testAuthAndAppCheckTokenHeadersAreMutatedSerially` (`NSMutableURLRequest` threading; Flint builds
/// each request's headers once), `testDynamicAllowInsecureTokenAttachment` (an SDK-internal switch). The SDK's
/// `10.0.0.1` is `0.0.0.0` here, which is not loopback by name yet reaches the local test server.
@Suite("SDK: StorageAuthorizerTests")
struct SDKAuthorizerTests {
    private static let authToken = "1234-5678-9012-3456-7890"

    /// The headers of the first request a `getMetadata` makes with `auth` and `appCheck`, to `host`.
    private func headers(
        auth: FakeAuth?, appCheck: FakeAppCheck?, host: String = "127.0.0.1"
    ) async throws -> [String: String] {
        var headers: [String: String] = [:]
        let overrides = (auth?.components ?? []) + (appCheck?.components ?? [])
        try await withTestHTTPServer(SDKTest.answer(200, SDKTest.objectJSON())) { server in
            let storage = try SDKTest.storage(overrides: overrides)
            storage.useEmulator(withHost: host, port: server.port, sleep: { _ in })
            _ = try await storage.reference(withPath: "object").getMetadata()
            let request = try #require(server.requests.first)
            for name in ["Authorization", "X-Firebase-AppCheck"] { headers[name] = request.headers[name] }
        }
        return headers
    }

    /// `testSuccessfulAuth`.
    @Test func aSignedInUsersTokenIsSentAsFirebaseAuthorization() async throws {
        let headers = try await headers(auth: FakeAuth(userID: "alice", token: Self.authToken), appCheck: nil)
        #expect(headers == ["Authorization": "Firebase \(Self.authToken)"])
    }

    /// `testUnsuccessfulAuth`.
    @Test func failingToGetTheTokenIsUnauthenticatedWithTheSDKsMessage() async throws {
        let auth = FakeAuth(userID: "alice", token: Self.authToken)
        auth.getTokenError = StorageError(.unknown, message: "token service down")
        let storage = try SDKTest.storage(overrides: auth.components)
        let error = try await #require(throws: StorageError.self) {
            _ = try await storage.reference(withPath: "object").getMetadata()
        }
        let nsError = error as NSError
        #expect(nsError.domain == "FIRStorageErrorDomain")
        #expect(nsError.code == StorageErrorCode.unauthenticated.rawValue)
        #expect(
            nsError.localizedDescription
                == "User is not authenticated, please authenticate using Firebase Authentication and try again.")
    }

    /// `testSuccessfulUnauthenticatedAuth`, `testInsecureHostSucceedsWhenAuthProviderIsPresentButUserSignedOut`
    /// (on the loopback host).
    @Test func withoutAuthOrASignedInUserNoAuthorizationIsSent() async throws {
        #expect(try await headers(auth: nil, appCheck: nil).isEmpty)
        #expect(try await headers(auth: FakeAuth(), appCheck: nil).isEmpty)
    }

    /// `testSuccessfulAppCheckNoAuth`, `testSuccessfulAppCheckAndAuth`.
    @Test func theAppCheckTokenIsSentWithOrWithoutAuth() async throws {
        let appCheck = FakeAppCheck(token: "token")
        #expect(try await headers(auth: nil, appCheck: appCheck) == ["X-Firebase-AppCheck": "token"])
        let both = try await headers(auth: FakeAuth(userID: "alice", token: Self.authToken), appCheck: appCheck)
        #expect(both == ["Authorization": "Firebase \(Self.authToken)", "X-Firebase-AppCheck": "token"])
    }

    /// `testAppCheckError`: App Check's placeholder ("dummy") token is sent.
    @Test func anAppCheckErrorSendsThePlaceholderToken() async throws {
        let appCheck = FakeAppCheck(token: "token", placeholderToken: "dummy token")
        appCheck.error = StorageError(.unknown, message: "testAppCheckError")
        let headers = try await headers(auth: FakeAuth(userID: "alice", token: Self.authToken), appCheck: appCheck)
        #expect(headers == ["Authorization": "Firebase \(Self.authToken)", "X-Firebase-AppCheck": "dummy token"])
    }

    /// `testInsecureHostFailsWhenTokensPresent`, `testInsecureHostFailsWhenOnlyAppCheckTokenIsPresent`,
    /// `testInsecureHostFailsWhenOnlyAuthTokenIsPresent`: nothing is sent.
    @Test(arguments: [(true, true), (false, true), (true, false)])
    func tokensForAPlainHTTPHostThatIsNotLoopbackAreUnauthenticated(withAuth: Bool, withAppCheck: Bool) async throws {
        let auth = withAuth ? FakeAuth(userID: "alice", token: Self.authToken) : nil
        let appCheck = withAppCheck ? FakeAppCheck(token: "token") : nil
        try await withTestHTTPServer(SDKTest.answer(200, SDKTest.objectJSON())) { server in
            let storage = try SDKTest.storage(overrides: (auth?.components ?? []) + (appCheck?.components ?? []))
            storage.useEmulator(withHost: "0.0.0.0", port: server.port, sleep: { _ in })
            let error = try await #require(throws: StorageError.self) {
                _ = try await storage.reference(withPath: "object").getMetadata()
            }
            #expect((error as NSError).domain == StorageErrorDomain)
            #expect(error.code == .unauthenticated)
            #expect(server.requests.isEmpty)
        }
    }

    /// `testInsecureHostSucceedsWhenNoTokensPresent`, `testInsecureHostSucceedsWhenAuthProviderIsPresentButUserSignedOut`.
    @Test func withoutTokensAPlainHTTPHostThatIsNotLoopbackIsCalled() async throws {
        #expect(try await headers(auth: nil, appCheck: nil, host: "0.0.0.0").isEmpty)
        #expect(try await headers(auth: FakeAuth(), appCheck: nil, host: "0.0.0.0").isEmpty)
    }

    /// `testLocalhostDoesAttachTokensOverHttp` (the loopback address; the name `localhost` is treated alike).
    @Test func aLoopbackHostGetsTheTokensOverPlainHTTP() async throws {
        let headers = try await headers(
            auth: FakeAuth(userID: "alice", token: Self.authToken), appCheck: FakeAppCheck(token: "token"))
        #expect(headers == ["Authorization": "Firebase \(Self.authToken)", "X-Firebase-AppCheck": "token"])
    }

    /// A host that only starts like a loopback address is another machine: nothing is sent to it.
    @Test func aHostThatOnlyLooksLikeLoopbackGetsNoTokens() async throws {
        let storage = try SDKTest.storage(overrides: FakeAuth(userID: "alice", token: Self.authToken).components)
        storage.useEmulator(withHost: "127.0.0.1.example.invalid", port: 9199, sleep: { _ in })
        let error = try await #require(throws: StorageError.self) {
            _ = try await storage.reference(withPath: "object").getMetadata()
        }
        #expect(error.code == .unauthenticated)
    }

    #if DEBUG
        /// `testDynamicAllowInsecureTokenAttachment`: the switch is read at each request, so setting it after
        /// `useEmulator` counts.
        @Test func allowInsecureTokenAttachmentSendsTheTokensToAHostThatIsNotLoopback() async throws {
            let overrides =
                FakeAuth(userID: "alice", token: Self.authToken).components + FakeAppCheck(token: "token").components
            try await withTestHTTPServer(SDKTest.answer(200, SDKTest.objectJSON())) { server in
                let storage = try SDKTest.storage(overrides: overrides)
                storage.useEmulator(withHost: "0.0.0.0", port: server.port, sleep: { _ in })
                storage.allowInsecureTokenAttachment = true
                _ = try await storage.reference(withPath: "object").getMetadata()
                let request = try #require(server.requests.first)
                #expect(request.headers["Authorization"] == "Firebase \(Self.authToken)")
                #expect(request.headers["X-Firebase-AppCheck"] == "token")
            }
        }
    #endif

    /// An emulator host that could carry a path, a query or another port is refused: every operation fails with
    /// `invalidArgument` naming it, and nothing is sent.
    @Test(arguments: ["127.0.0.1:9000/x?", "", "user@127.0.0.1", "http://127.0.0.1"])
    func aBadEmulatorHostFailsEveryOperation(host: String) async throws {
        let storage = try SDKTest.storage(overrides: FakeAuth(userID: "alice", token: Self.authToken).components)
        storage.useEmulator(withHost: host, port: 9199, sleep: { _ in })
        let error = try await #require(throws: StorageError.self) {
            _ = try await storage.reference(withPath: "object").getMetadata()
        }
        #expect(error.code == .invalidArgument)
        #expect(error.localizedDescription.contains("emulator host"))
    }
}
