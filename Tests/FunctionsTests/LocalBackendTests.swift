// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintProductSupport
import FlintTesting
import Foundation
import Testing

@testable import FlintFunctions

/// The embedded backend: handlers by name, the caller's context from the tokens, server-exact answers.
@Suite("LocalFunctionsBackend", .timeLimit(.minutes(3)))
struct LocalBackendTests {
    /// The default Functions of a new app using `backend`, plus `overrides`.
    private func functions(_ backend: LocalFunctionsBackend, _ overrides: [Component] = []) throws -> Functions {
        try FunctionsTests.functions(using: backend, overrides: overrides)
    }

    @Test func aHandlerReceivesTheDataAndReturnsTheResult() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "add") { data, _ in
            .int((data["a"]?.intValue ?? 0) + (data["b"]?.intValue ?? 0))
        }
        let result = try await functions(backend).httpsCallable("add").call(["a": 2, "b": .int(Int64.max - 2)])
        #expect(result.data == .int(Int64.max))
    }

    @Test func theDefaultBackendOfTheAppServesRegisteredHandlers() async throws {
        let functions = try Functions.functions(app: makeFunctionsApp())
        let backend = try #require(functions.localBackend)
        backend.register(name: "ping") { _, _ in "pong" }
        #expect(try await functions.httpsCallable("ping").call().data == "pong")
        #expect(backend.functionNames == ["ping"])
    }

    @Test func theHandlerSeesTheCallersUidDecodedFromTheIDToken() async throws {
        let backend = LocalFunctionsBackend()
        let seen = Locked<CallableAuthContext?>(nil)
        backend.register(name: "whoAmI") { _, context in
            seen.withLock { $0 = context.auth }
            return .string(context.auth?.uid ?? "nobody")
        }
        let token = idToken(uid: "alice", email: "alice@example.com")
        let auth = FakeAuth(userID: "alice", token: token)
        let result = try await functions(backend, auth.components).httpsCallable("whoAmI").call()
        #expect(result.data == "alice")
        let context = try #require(seen.withLock { $0 })
        #expect(context.rawToken == token)
        #expect(context.token["email"] == "alice@example.com")
        #expect(context.token["sub"] == "alice")
    }

    @Test func theUidComesFromSubWhenThereIsNoUserID() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "whoAmI") { _, context in .string(context.auth?.uid ?? "nobody") }
        let auth = FakeAuth(userID: "x", token: LocalJWT.encode(["sub": "bob"] as [String: CallableValue]))
        #expect(try await functions(backend, auth.components).httpsCallable("whoAmI").call().data == "bob")
    }

    @Test func withoutAuthTheHandlerSeesNoCaller() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "whoAmI") { _, context in context.auth == nil ? "nobody" : "somebody" }
        #expect(try await functions(backend).httpsCallable("whoAmI").call().data == "nobody")
    }

    @Test func signedOutTheHandlerSeesNoCaller() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "whoAmI") { _, context in context.auth == nil ? "nobody" : "somebody" }
        let auth = FakeAuth(userID: nil, token: idToken(uid: "ghost"))
        #expect(try await functions(backend, auth.components).httpsCallable("whoAmI").call().data == "nobody")
    }

    @Test func aTokenThatIsNotALocalJWTIsUnauthenticated() async throws {
        let backend = LocalFunctionsBackend()
        let called = Locked(false)
        backend.register(name: "f") { _, _ in
            called.withLock { $0 = true }
            return nil
        }
        let auth = FakeAuth(userID: "alice", token: "not-a-jwt")
        await #expect(throws: FunctionsError(.unauthenticated, message: "Unauthenticated")) {
            _ = try await functions(backend, auth.components).httpsCallable("f").call()
        }
        #expect(called.withLock { $0 } == false)
    }

    /// firebase-functions' https.spec.ts "should handle auth - case insensitive" and "should ignore charset".
    @Test func theBearerSchemeIsCaseInsensitiveAndTheCharsetIgnored() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "f") { _, context in .string(context.auth?.uid ?? "nobody") }
        for scheme in ["bearer", "BEARER", "Bearer"] {
            let response = try await backend.send(
                CallableRequest(
                    url: URL(string: "https://x/f")!,
                    headers: [
                        "Content-Type": "application/json; charset=utf-8",
                        "Authorization": "\(scheme) \(idToken(uid: "alice"))",
                    ],
                    body: Data(#"{"data":null}"#.utf8), timeout: 1))
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"result":"alice"}"#, "\(scheme)")
        }
    }

    @Test func aTokenWithoutUidIsUnauthenticated() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "f") { _, _ in nil }
        let auth = FakeAuth(userID: "alice", token: LocalJWT.encode(["email": "a@b.c"] as [String: CallableValue]))
        await #expect(throws: FunctionsError(.unauthenticated, message: "Unauthenticated")) {
            _ = try await functions(backend, auth.components).httpsCallable("f").call()
        }
    }

    @Test func anExpiredTokenIsUnauthenticated() async throws {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let backend = LocalFunctionsBackend(now: { now })
        backend.register(name: "f") { _, context in .string(context.auth?.uid ?? "nobody") }
        let valid = FakeAuth(userID: "alice", token: idToken(uid: "alice", expiresAt: 1_000_001))
        #expect(try await functions(backend, valid.components).httpsCallable("f").call().data == "alice")
        let expired = FakeAuth(userID: "alice", token: idToken(uid: "alice", expiresAt: 1_000_000))
        await #expect(throws: FunctionsError(.unauthenticated, message: "Unauthenticated")) {
            _ = try await functions(backend, expired.components).httpsCallable("f").call()
        }
    }

    @Test func anUnknownFunctionIsNotFound() async throws {
        await #expect(throws: FunctionsError(.notFound)) {
            _ = try await functions(LocalFunctionsBackend()).httpsCallable("missing").call()
        }
    }

    @Test func anUnregisteredFunctionIsNotFound() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "f") { _, _ in nil }
        backend.unregister(name: "f")
        await #expect(throws: FunctionsError(.notFound)) {
            _ = try await functions(backend).httpsCallable("f").call()
        }
    }

    @Test func aThrownFunctionsErrorReachesTheCallerWithCodeMessageAndDetails() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "transfer") { _, _ in
            throw FunctionsError(
                .failedPrecondition, message: "Insufficient funds.", details: ["balance": 5, "needed": 8.5])
        }
        await #expect(
            throws: FunctionsError(
                .failedPrecondition, message: "Insufficient funds.",
                details: ["balance": 5, "needed": 8.5])
        ) {
            _ = try await functions(backend).httpsCallable("transfer").call()
        }
    }

    @Test(arguments: FunctionsErrorCode.allCases.filter { $0 != .ok && $0 != .internal })
    func everyThrownCodeReachesTheCaller(code: FunctionsErrorCode) async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "fail") { _, _ in throw FunctionsError(code, message: "m") }
        await #expect(throws: FunctionsError(code, message: "m")) {
            _ = try await functions(backend).httpsCallable("fail").call()
        }
    }

    @Test func anInternalErrorHidesItsMessage() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "fail") { _, _ in throw FunctionsError(.internal, message: "stack trace") }
        await #expect(throws: FunctionsError(.internal, message: "INTERNAL")) {
            _ = try await functions(backend).httpsCallable("fail").call()
        }
    }

    @Test func anyOtherErrorIsInternal() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "fail") { _, _ in throw FakeError("database exploded") }
        await #expect(throws: FunctionsError(.internal)) {
            _ = try await functions(backend).httpsCallable("fail").call()
        }
    }

    @Test func aNonFiniteResultIsInternal() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "nan") { _, _ in .double(.nan) }
        await #expect(throws: FunctionsError(.internal)) {
            _ = try await functions(backend).httpsCallable("nan").call()
        }
    }

    @Test func theAnswersAreWhatACallableServerSends() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "ok") { data, _ in ["echo": data] }
        backend.register(name: "denied") { _, _ in throw FunctionsError(.permissionDenied, message: "No.", details: [1])
        }
        let body = Data(#"{"data":{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"7"}}"#.utf8)
        func request(_ name: String) -> CallableRequest {
            CallableRequest(
                url: URL(string: "https://us-central1-p.cloudfunctions.net/\(name)")!,
                headers: ["Content-Type": "application/json"], body: body, timeout: 70)
        }
        let ok = try await backend.send(request("ok"))
        #expect(ok.statusCode == 200)
        #expect(String(decoding: ok.body, as: UTF8.self) == #"{"result":{"echo":7}}"#)
        let denied = try await backend.send(request("denied"))
        #expect(denied.statusCode == 403)
        #expect(
            String(decoding: denied.body, as: UTF8.self)
                == #"{"error":{"details":[1],"message":"No.","status":"PERMISSION_DENIED"}}"#)
        let missing = try await backend.send(request("missing"))
        #expect(missing.statusCode == 404)
    }

    @Test func aBodyWithoutDataIsABadRequest() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "f") { _, _ in nil }
        let url = try #require(URL(string: "https://x/f"))
        for (headers, body) in [
            (["Content-Type": "application/json"], #"{"other":1}"#),
            (["Content-Type": "application/json"], "[1]"),
            (["Content-Type": "text/plain"], #"{"data":1}"#),
            // firebase-functions' https.spec.ts "should reject extra body fields".
            (["Content-Type": "application/json"], #"{"data":1,"extra":"bad"}"#),
            (["Content-Type": "application/jsonp"], #"{"data":1}"#),
        ] {
            let response = try await backend.send(
                CallableRequest(url: url, headers: headers, body: Data(body.utf8), timeout: 1))
            #expect(response.statusCode == 400)
            #expect(
                String(decoding: response.body, as: UTF8.self)
                    == #"{"error":{"message":"Bad Request","status":"INVALID_ARGUMENT"}}"#)
        }
    }

    @Test func theHandlerSeesTheAppCheckAndFCMTokens() async throws {
        let backend = LocalFunctionsBackend()
        let seen = Locked<CallableContext?>(nil)
        backend.register(name: "f") { _, context in
            seen.withLock { $0 = context }
            return nil
        }
        let appCheckToken = LocalJWT.encode(["sub": "1:1234567890:ios:0123456789abcdef"] as [String: CallableValue])
        let overrides = FakeAppCheck(token: appCheckToken).components + FakeMessaging(fcmToken: "device-1").components
        _ = try await functions(backend, overrides).httpsCallable("f").call()
        let context = try #require(seen.withLock { $0 })
        #expect(context.functionName == "f")
        #expect(context.appCheckToken == appCheckToken)
        #expect(context.app?.appID == "1:1234567890:ios:0123456789abcdef")
        #expect(context.instanceIDToken == "device-1")
        #expect(context.auth == nil)
    }

    @Test func anOpaqueAppCheckTokenIsPassedWithoutClaims() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "f") { _, context in
            ["token": .string(context.appCheckToken ?? ""), "hasClaims": .bool(context.app != nil)]
        }
        let result = try await functions(backend, FakeAppCheck(token: "opaque").components).httpsCallable("f").call()
        #expect(result.data == ["token": "opaque", "hasClaims": false])
    }

    @Test func twoAppsSharingOneBackendCallTheSameFunctions() async throws {
        let backend = LocalFunctionsBackend()
        let counter = Locked(0)
        backend.register(name: "increment") { _, _ in
            .int(
                Int64(
                    counter.withLock {
                        $0 += 1
                        return $0
                    }))
        }
        let first = try Functions.functions(
            app: makeFunctionsApp(name: "first", overrides: [.instance(backend, as: FunctionsTransport.self)]))
        let second = try Functions.functions(
            app: makeFunctionsApp(name: "second", overrides: [.instance(backend, as: FunctionsTransport.self)]))
        #expect(try await first.httpsCallable("increment").call().data == 1)
        #expect(try await second.httpsCallable("increment").call().data == 2)
        #expect(first.localBackend === second.localBackend)
    }

    @Test func handlersAreFoundByNameInEveryRegionAndDomain() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "f") { _, _ in "f" }
        let app = try makeFunctionsApp(overrides: [.instance(backend, as: FunctionsTransport.self)])
        #expect(try await Functions.functions(app: app, region: "asia-east1").httpsCallable("f").call().data == "f")
        #expect(
            try await Functions.functions(app: app, customDomain: "https://my.example").httpsCallable("f").call().data
                == "f")
    }

    @Test func aCallTakingLongerThanItsTimeoutIsDeadlineExceeded() async throws {
        let backend = LocalFunctionsBackend()
        let (never, _) = AsyncStream<Void>.makeStream()
        backend.register(name: "hang") { _, _ in
            for await _ in never {}
            return nil
        }
        let callable = try functions(backend).httpsCallable("hang")
        callable.timeoutInterval = 0.2
        await #expect(throws: FunctionsError(.deadlineExceeded)) { _ = try await callable.call() }
    }

    @Test func aHandlerIgnoringCancellationDoesNotDelayTheDeadline() async throws {
        let backend = LocalFunctionsBackend()
        let release = OneShot()
        backend.register(name: "stubborn") { _, _ in
            await release.wait()  // ignores cancellation on purpose
            return nil
        }
        let callable = try functions(backend).httpsCallable("stubborn")
        callable.timeoutInterval = 0.2
        await #expect(throws: FunctionsError(.deadlineExceeded)) { _ = try await callable.call() }
        release.fire()
    }

    @Test func cancellingTheCallingTaskIsCancelled() async throws {
        let backend = LocalFunctionsBackend()
        let entered = Gate()
        let (never, _) = AsyncStream<Void>.makeStream()
        backend.register(name: "hang") { _, _ in
            entered.open()
            for await _ in never {}
            return nil
        }
        let callable = try functions(backend).httpsCallable("hang")
        let call = Task { try await callable.call() }
        try await entered.wait(timeout: defaultTestTimeout)
        call.cancel()
        await #expect(throws: FunctionsError(.cancelled)) { _ = try await value(of: call) }
    }
}

/// A one-shot signal for tests whose unbounded ``wait()`` ignores cancellation, unlike `Gate.wait()`: for a
/// handler that must keep running after its call was cancelled, or for a process's exit.
final class OneShot: Sendable {
    private let gate = Gate()

    /// Lets every waiter, present and future, through; later calls do nothing.
    func fire() {
        gate.open()
    }

    /// Returns once ``fire()`` was called (before or after), even when the calling task is cancelled.
    ///
    /// Unbounded: only for work that something else bounds or releases (a handler the test releases
    /// itself); a test, or a helper a test calls, uses ``wait(timeout:)``.
    func wait() async {
        // `Gate.wait()` returns when its task is cancelled; an unstructured task is never cancelled by ours.
        let gate = self.gate
        await Task { await gate.wait() }.value
    }

    /// Returns once ``fire()`` was called (before or after), waiting at most `timeout`.
    ///
    /// - Throws: `TestTimeoutError.gateNotOpened(timeout:)` when `fire()` was not called within `timeout`.
    func wait(timeout: Duration) async throws(TestTimeoutError) {
        try await gate.wait(timeout: timeout)
    }
}
