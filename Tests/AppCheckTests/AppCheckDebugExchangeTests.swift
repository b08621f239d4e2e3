// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The exchanging debug provider against `TestHTTPServer`: the `exchangeDebugToken` wire protocol, the answers
/// it reads and the failures it maps, and App Check's cache on top of it.
@Suite("App Check: debug token exchange", .timeLimit(.minutes(3)))
struct AppCheckDebugExchangeTests {
    static let appPath = "/v1/projects/flint-test/apps/1:1234567890:ios:0123456789abcdef:exchangeDebugToken"

    /// An exchanging provider for a test app pointed at `server`.
    static func provider(
        _ server: TestHTTPServer, clock: TestClock = TestClock(), options: FlintOptions = .testing,
        debugToken: String? = "debug-secret",
        environment: [String: String] = [:]
    ) throws -> AppCheckDebugProvider {
        AppCheckDebugProvider(
            exchangingWith: try TestApp.make(options: options),
            endpoint: .emulator(host: server.host, port: server.port),
            debugToken: debugToken, environment: environment, timeout: 20, now: clock.closure)
    }

    /// The App Check error `body` throws, with its exchange failure.
    static func failure(_ body: () async throws -> AppCheckToken) async -> AppCheckError? {
        do {
            _ = try await body()
            Issue.record("expected an AppCheckError")
            return nil
        } catch let error as AppCheckError {
            return error
        } catch {
            Issue.record("expected an AppCheckError, got \(error)")
            return nil
        }
    }

    // MARK: The request and the answer

    @Test func theExchangeSendsTheDebugTokenAndReadsTokenAndTTL() async throws {
        let clock = TestClock()
        try await withTestHTTPServer({ _ in .json(#"{"token":"server-token","ttl":"3600s"}"#) }) { server in
            let provider = try Self.provider(server, clock: clock)
            let token = try await provider.getToken()
            #expect(token == AppCheckToken(token: "server-token", expirationDate: clock.now().addingTimeInterval(3600)))
            let request = try #require(server.requests.first)
            #expect(server.requests.count == 1)
            #expect(request.method == "POST")
            #expect(request.path == Self.appPath)
            #expect(request.headers["X-Goog-Api-Key"] == "flint-test-api-key")
            #expect(request.headers["content-type"] == "application/json")
            let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
            #expect(body.count == 2)
            #expect(body["debug_token"] as? String == "debug-secret")
            #expect(body["limited_use"] as? Bool == false)
        }
    }

    @Test func aLimitedUseTokenIsExchangedWithLimitedUse() async throws {
        let clock = TestClock()
        try await withTestHTTPServer({ _ in .json(#"{"token":"limited","ttl":"300s"}"#) }) { server in
            let token = try await Self.provider(server, clock: clock).getLimitedUseToken()
            #expect(token.expirationDate == clock.now().addingTimeInterval(300))
            let request = try #require(server.requests.first)
            let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
            #expect(body["limited_use"] as? Bool == true)
        }
    }

    @Test func theExpirationIsReadWhenTheAnswerArrives() async throws {
        let clock = TestClock()
        try await withTestHTTPServer({ _ in
            clock.advance(by: 7)  // the server takes its time (on the injected clock)
            return .json(#"{"token":"t","ttl":"3600.5s"}"#)
        }) { server in
            let start = clock.now()
            let token = try await Self.provider(server, clock: clock).getToken()
            #expect(token.expirationDate == start.addingTimeInterval(7 + 3600.5))
        }
    }

    @Test(arguments: [("3600s", 3600.0), ("3600.5s", 3600.5), ("0.25s", 0.25), ("1s", 1.0)])
    func timeToLiveIsADurationInSeconds(ttl: String, seconds: TimeInterval) throws {
        #expect(try AppCheckDebugExchange.timeToLive(ttl) == seconds)
    }

    @Test(arguments: [
        "3600", "s", "0s", "0.0s", "-5s", "1e3s", "3600.s", ".5s", "3600ss", "abc", "", " 3600s", "3600 s",
        "inf s", "nans",
    ])
    func anInvalidTimeToLiveIsRejected(ttl: String) async throws {
        #expect(throws: AppCheckExchangeFailure.invalidTTL(ttl)) { try AppCheckDebugExchange.timeToLive(ttl) }
    }

    @Test func aBadTTLOnTheWireIsAnUnknownError() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"token":"t","ttl":"soon"}"#) }) { server in
            let provider = try Self.provider(server)
            let error = try #require(await Self.failure { try await provider.getToken() })
            #expect(error.code == .unknown)
            #expect(error.underlyingError as? AppCheckExchangeFailure == .invalidTTL("soon"))
            #expect(error.failureReason?.contains("ttl") == true)
        }
    }

    @Test(arguments: [
        (#"not json"#, AppCheckExchangeFailure.invalidJSON),
        (#"["token","ttl"]"#, .invalidJSON),
        ("", .emptyResponse),
        (#"{"ttl":"3600s"}"#, .missingField("token")),
        (#"{"token":"","ttl":"3600s"}"#, .missingField("token")),
        (#"{"token":7,"ttl":"3600s"}"#, .missingField("token")),
        (#"{"token":"t"}"#, .missingField("ttl")),
        (#"{"token":"t","ttl":3600}"#, .missingField("ttl")),
    ])
    func aMalformedAnswerIsAnUnknownError(body: String, failure: AppCheckExchangeFailure) async throws {
        try await withTestHTTPServer({ _ in .json(body) }) { server in
            let provider = try Self.provider(server)
            let error = try #require(await Self.failure { try await provider.getToken() })
            #expect(error.code == .unknown)
            #expect(error.underlyingError as? AppCheckExchangeFailure == failure)
        }
    }

    // MARK: Failures

    @Test(arguments: [400, 401, 403, 404, 429, 500, 503])
    func anHTTPErrorStatusIsAnUnknownErrorWithTheStatus(status: Int) async throws {
        let body = #"{"error":{"code":\#(status),"message":"nope","status":"PERMISSION_DENIED"}}"#
        try await withTestHTTPServer({ _ in .json(body, status: status) }) { server in
            let provider = try Self.provider(server)
            let error = try #require(await Self.failure { try await provider.getToken() })
            #expect(error.code == .unknown)
            #expect(error.underlyingError as? AppCheckExchangeFailure == .httpStatus(status, body: body))
            #expect(error.failureReason?.contains("\(status)") == true)
            #expect(server.requests.count == 1)
        }
    }

    @Test func aDroppedConnectionIsServerUnreachable() async throws {
        try await withTestHTTPServer({ _ in .closeWithoutResponse }) { server in
            let provider = try Self.provider(server)
            let error = try #require(await Self.failure { try await provider.getToken() })
            #expect(error.code == .serverUnreachable)
            #expect(error.underlyingError is URLError)
            #expect(server.requests.count == 1)
        }
    }

    // MARK: Configuration, checked before anything is sent

    @Test func missingOptionsFailBeforeAnyRequest() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"token":"t","ttl":"3600s"}"#) }) { server in
            var noProject = FlintOptions.testing
            noProject.projectID = nil
            var noKey = FlintOptions.testing
            noKey.apiKey = ""
            for (options, failure) in [(noProject, AppCheckExchangeFailure.missingProjectID), (noKey, .missingAPIKey)] {
                let provider = try Self.provider(server, options: options)
                let error = try #require(await Self.failure { try await provider.getToken() })
                #expect(error.code == .invalidConfiguration)
                #expect(error.underlyingError as? AppCheckExchangeFailure == failure)
            }
            #expect(server.requests.isEmpty)
        }
    }

    @Test func anEmptyDebugTokenFailsBeforeAnyRequest() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"token":"t","ttl":"3600s"}"#) }) { server in
            let provider = try Self.provider(server, debugToken: "")
            let error = try #require(await Self.failure { try await provider.getToken() })
            #expect(error.code == .unknown)
            #expect(error.underlyingError as? AppCheckExchangeFailure == .emptyDebugToken)
            #expect(server.requests.isEmpty)
        }
    }

    @Test(arguments: [
        "", "evil.example/x", "user@127.0.0.1", "http://127.0.0.1", "127.0.0.1:80", "127.0.0.1?x",
        "127.0.0.1#x", "host name", "-host", "[::1", "[]", "héllo",
    ])
    func anEmulatorHostMustBeBare(host: String) async throws {
        let provider = AppCheckDebugProvider(
            exchangingWith: try TestApp.make(),
            endpoint: .emulator(host: host, port: 9099), debugToken: "s",
            environment: [:])
        let error = try #require(await Self.failure { try await provider.getToken() })
        #expect(error.code == .invalidConfiguration)
        #expect(error.underlyingError as? AppCheckExchangeFailure == .invalidEmulatorHost(host))
    }

    @Test(arguments: [0, -1, 65536])
    func anEmulatorPortMustBeValid(port: Int) async throws {
        let provider = AppCheckDebugProvider(
            exchangingWith: try TestApp.make(),
            endpoint: .emulator(host: "127.0.0.1", port: port), debugToken: "s",
            environment: [:])
        let error = try #require(await Self.failure { try await provider.getToken() })
        #expect(error.code == .invalidConfiguration)
        #expect(error.underlyingError as? AppCheckExchangeFailure == .invalidEmulatorPort(port))
    }

    @Test(arguments: ["localhost", "127.0.0.1", "[::1]", "appcheck-emulator.internal", "10.0.2.2"])
    func bareHostsAreAccepted(host: String) throws {
        let exchange = AppCheckDebugExchange(
            endpoint: .emulator(host: host, port: 9099), projectID: "p",
            googleAppID: "1:2:ios:3", apiKey: "k", session: .shared, timeout: 5,
            now: { Date() })
        let url = try #require(try exchange.request(debugToken: "s", limitedUse: false).url)
        #expect(url.absoluteString == "http://\(host):9099/v1/projects/p/apps/1:2:ios:3:exchangeDebugToken")
    }

    @Test func productionGoesToTheAppCheckService() throws {
        let exchange = AppCheckDebugExchange(
            endpoint: .production, projectID: "flint-test",
            googleAppID: "1:1234567890:ios:0123456789abcdef", apiKey: "k",
            session: .shared, timeout: 5, now: { Date() })
        let request = try exchange.request(debugToken: "s", limitedUse: false)
        #expect(request.url?.absoluteString == "https://firebaseappcheck.googleapis.com" + Self.appPath)
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "X-Goog-Api-Key") == "k")
    }

    @Test func theProjectAndAppIDsStayInThePath() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"token":"t","ttl":"3600s"}"#) }) { server in
            var options = FlintOptions.testing
            options.projectID = "p/../x?y#z@evil.example"
            _ = try await Self.provider(server, options: options).getToken()
            #expect(
                server.requests.map(\.pathWithoutQuery)
                    == [
                        "/v1/projects/p%2F..%2Fx%3Fy%23z@evil.example/apps/1:1234567890:ios:0123456789abcdef:exchangeDebugToken"
                    ])
            #expect(server.requests.first?.query == nil)
        }
        let dots = AppCheckDebugExchange(
            endpoint: .production, projectID: "..", googleAppID: "1:2:ios:3",
            apiKey: "k", session: .shared, timeout: 5, now: { Date() })
        #expect(throws: AppCheckExchangeFailure.invalidResourceName("projects/../apps/1:2:ios:3")) {
            try dots.request(debugToken: "s", limitedUse: false)
        }
    }

    // MARK: The debug token

    @Test func theEnvironmentVariableWinsOverTheSetting() throws {
        let server = try TestHTTPServer.start { _ in .json("{}") }
        defer { server.stop() }
        let fromEnvironment = try Self.provider(
            server, debugToken: "setting",
            environment: ["FIRAAppCheckDebugToken": "from-env"])
        #expect(fromEnvironment.debugToken == "from-env")
        let emptyEnvironment = try Self.provider(
            server, debugToken: "setting", environment: ["FIRAAppCheckDebugToken": ""])
        #expect(emptyEnvironment.debugToken == "setting")
        let generated = try Self.provider(server, debugToken: nil, environment: [:])
        #expect(UUID(uuidString: generated.debugToken) != nil)
        let embedded = AppCheckDebugProvider(app: try TestApp.make(), debugToken: "setting")
        #expect(embedded.debugToken == "setting")
        #expect(embedded.endpoint == nil)
    }

    // MARK: Through App Check

    @Test func appCheckCachesExchangedTokensUntilNearExpiry() async throws {
        let clock = TestClock()
        let count = Locked(0)
        try await withTestHTTPServer({ _ in
            let number = count.withLock { count -> Int in
                count += 1
                return count
            }
            return .json(#"{"token":"exchanged-\#(number)","ttl":"3600s"}"#)
        }) { server in
            let factory = AppCheckDebugProviderFactory(
                endpoint: .emulator(host: server.host, port: server.port),
                debugToken: "debug-secret", now: clock.closure)
            let app = try TestApp.make(
                libraries: [AppCheckLibrary.self],
                overrides: [
                    AppCheckLibrary.providerFactory(factory),
                    AppCheckLibrary.settings(AppCheckSettings(now: clock.closure, isTokenAutoRefreshEnabled: false)),
                ])
            let appCheck = try AppCheck.appCheck(app: app)
            let first = try await appCheck.token(forcingRefresh: false)
            #expect(first == AppCheckToken(token: "exchanged-1", expirationDate: clock.now().addingTimeInterval(3600)))
            clock.advance(by: 3600 - AppCheck.refreshHeadStart - 1)  // 5 min + 1 s left: still cached
            #expect(try await appCheck.token(forcingRefresh: false).token == "exchanged-1")
            #expect(server.requests.count == 1)
            clock.advance(by: 2)  // under five minutes left: refreshed
            #expect(try await appCheck.token(forcingRefresh: false).token == "exchanged-2")
            #expect(try await appCheck.token(forcingRefresh: true).token == "exchanged-3")
            #expect(try await appCheck.limitedUseToken().token == "exchanged-4")
            #expect(try await appCheck.token(forcingRefresh: false).token == "exchanged-3")
            #expect(server.requests.count == 4)
            #expect(server.requests.allSatisfy { $0.path == Self.appPath })
        }
    }

    @Test func appCheckReportsExchangeErrorsUnwrapped() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"error":{}}"#, status: 403) }) { server in
            let factory = AppCheckDebugProviderFactory(
                endpoint: .emulator(host: server.host, port: server.port),
                debugToken: "debug-secret")
            let app = try TestApp.make(
                libraries: [AppCheckLibrary.self],
                overrides: [AppCheckLibrary.providerFactory(factory)])
            let appCheck = try AppCheck.appCheck(app: app)
            let error = try #require(await Self.failure { try await appCheck.token(forcingRefresh: false) })
            #expect(error.code == .unknown)
            #expect(error.underlyingError as? AppCheckExchangeFailure == .httpStatus(403, body: #"{"error":{}}"#))
            #expect((error as NSError).domain == "com.firebase.appCheck")
        }
    }
}
