// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintFunctions

/// What a call puts in the request, checked on a recording transport (the HTTP suite checks the wire).
@Suite("Requests")
struct RequestTests {
    @Test func aCallIsAPostOfJSONData() async throws {
        let transport = RecordingTransport()
        _ = try await functions(using: transport).httpsCallable("f").call(["text": "hi", "ok": true, "ratio": 0.5])
        let request = try #require(transport.onlyRequest)
        #expect(request.httpMethod == "POST")
        #expect(request.headers == ["Content-Type": "application/json"])
        #expect(request.bodyText == #"{"data":{"ok":true,"ratio":0.5,"text":"hi"}}"#)
    }

    @Test func aCallWithoutDataSendsNull() async throws {
        let transport = RecordingTransport()
        _ = try await functions(using: transport).httpsCallable("f").call()
        #expect(transport.onlyRequest?.bodyText == #"{"data":null}"#)
    }

    @Test func integersTravelAsInt64Values() async throws {
        let transport = RecordingTransport()
        _ = try await functions(using: transport).httpsCallable("f").call(["n": 42, "all": [.int(Int64.max)]])
        #expect(
            transport.onlyRequest?.bodyText
                == #"{"data":{"all":[{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"9223372036854775807"}],"#
                + #""n":{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"42"}}}"#)
    }

    @Test func theSignedInUsersIDTokenIsSentAsBearer() async throws {
        let transport = RecordingTransport()
        let auth = FakeAuth(userID: "alice", token: "alice-token")
        _ = try await functions(using: transport, overrides: auth.components).httpsCallable("f").call()
        #expect(transport.onlyRequest?.headers["Authorization"] == "Bearer alice-token")
        #expect(auth.getTokenCalls == [false])
    }

    @Test func nobodySignedInMeansNoAuthorizationHeader() async throws {
        let transport = RecordingTransport()
        let auth = FakeAuth(userID: nil)
        _ = try await functions(using: transport, overrides: auth.components).httpsCallable("f").call()
        #expect(transport.onlyRequest?.headers == ["Content-Type": "application/json"])
        #expect(auth.getTokenCalls == [false])
    }

    @Test func withoutAuthRegisteredTheRequestHasNoAuthorizationAndIsOtherwiseTheSame() async throws {
        let withAuth = RecordingTransport()
        let without = RecordingTransport()
        let data: CallableValue = ["x": 1]
        _ = try await functions(using: withAuth, overrides: FakeAuth(userID: "u").components).httpsCallable("f").call(
            data)
        _ = try await functions(using: without).httpsCallable("f").call(data)
        var expected = try #require(withAuth.onlyRequest)
        expected.headers["Authorization"] = nil
        #expect(without.onlyRequest == expected)
    }

    @Test func anIDTokenErrorFailsTheCallWithThatError() async throws {
        let transport = RecordingTransport()
        let auth = FakeAuth(userID: "alice")
        auth.getTokenError = FakeError("token refresh failed")
        await #expect(throws: FakeError("token refresh failed")) {
            _ = try await functions(using: transport, overrides: auth.components).httpsCallable("f").call()
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func theFCMTokenIsSent() async throws {
        let transport = RecordingTransport()
        let messaging = FakeMessaging(fcmToken: "device-1")
        _ = try await functions(using: transport, overrides: messaging.components).httpsCallable("f").call()
        #expect(transport.onlyRequest?.headers["Firebase-Instance-ID-Token"] == "device-1")
    }

    @Test func noFCMTokenMeansNoHeader() async throws {
        let transport = RecordingTransport()
        let messaging = FakeMessaging(fcmToken: nil)
        _ = try await functions(using: transport, overrides: messaging.components).httpsCallable("f").call()
        #expect(transport.onlyRequest?.headers == ["Content-Type": "application/json"])
        #expect(messaging.fcmTokenReadCount == 1)
    }

    @Test func theAppCheckTokenIsSent() async throws {
        let transport = RecordingTransport()
        let appCheck = FakeAppCheck(token: "attested")
        _ = try await functions(using: transport, overrides: appCheck.components).httpsCallable("f").call()
        #expect(transport.onlyRequest?.headers["X-Firebase-AppCheck"] == "attested")
        #expect(appCheck.getTokenCalls == [false])
        #expect(appCheck.limitedUseTokenCallCount == 0)
    }

    @Test func aLimitedUseAppCheckTokenIsSentWhenRequired() async throws {
        let transport = RecordingTransport()
        let appCheck = FakeAppCheck(token: "cached", limitedUseToken: "one-shot")
        let options = HTTPSCallableOptions(requireLimitedUseAppCheckTokens: true)
        _ = try await functions(using: transport, overrides: appCheck.components).httpsCallable("f", options: options)
            .call()
        #expect(transport.onlyRequest?.headers["X-Firebase-AppCheck"] == "one-shot")
        #expect(appCheck.limitedUseTokenCallCount == 1)
        #expect(appCheck.getTokenCalls.isEmpty)
    }

    @Test func anAppCheckFailureSendsThePlaceholderToken() async throws {
        let transport = RecordingTransport()
        let appCheck = FakeAppCheck(placeholderToken: "placeholder")
        appCheck.error = FakeError("attestation failed")
        _ = try await functions(using: transport, overrides: appCheck.components).httpsCallable("f").call()
        #expect(transport.onlyRequest?.headers["X-Firebase-AppCheck"] == "placeholder")
    }

    @Test func allThreeTokensTogether() async throws {
        let transport = RecordingTransport()
        let overrides =
            FakeAuth(userID: "u", token: "id").components + FakeAppCheck(token: "ac").components
            + FakeMessaging(fcmToken: "fcm").components
        _ = try await functions(using: transport, overrides: overrides).httpsCallable("f").call()
        #expect(
            transport.onlyRequest?.headers == [
                "Content-Type": "application/json", "Authorization": "Bearer id",
                "X-Firebase-AppCheck": "ac", "Firebase-Instance-ID-Token": "fcm",
            ])
    }

    @Test func aCallWithTokensOverPlainHTTPToAnotherHostFailsBeforeAnythingIsSent() async throws {
        let transport = RecordingTransport()
        let app = try makeFunctionsApp(
            overrides: [.instance(transport, as: FunctionsTransport.self)]
                + FakeAuth(userID: "u", token: "id").components + FakeMessaging().components)
        let callable = try Functions.functions(app: app, customDomain: "http://functions.example.com")
            .httpsCallable("f")
        let error = await #expect(throws: FunctionsError.self) { try await callable.call() }
        #expect(error?.code == .unauthenticated)
        #expect(error?.localizedDescription.contains("functions.example.com") == true)
        #expect(transport.requests.isEmpty)
    }

    @Test func anAppCheckTokenAloneOverPlainHTTPToAnotherHostFailsToo() async throws {
        let transport = RecordingTransport()
        let app = try makeFunctionsApp(
            overrides: [.instance(transport, as: FunctionsTransport.self)] + FakeAppCheck(token: "ac").components)
        let callable = try Functions.functions(app: app, customDomain: "http://10.0.2.2:5001").httpsCallable("f")
        let error = await #expect(throws: FunctionsError.self) { try await callable.call() }
        #expect(error?.code == .unauthenticated)
        #expect(transport.requests.isEmpty)
    }

    @Test func aSignedOutCallOverPlainHTTPToAnotherHostGoesWithoutItsFCMToken() async throws {
        let transport = RecordingTransport()
        let app = try makeFunctionsApp(
            overrides: [.instance(transport, as: FunctionsTransport.self)]
                + FakeAuth().components + FakeMessaging(fcmToken: "fcm").components)
        _ = try await Functions.functions(app: app, customDomain: "http://functions.example.com").httpsCallable("f")
            .call()
        #expect(transport.onlyRequest?.headers == ["Content-Type": "application/json"])
    }

    #if DEBUG
        @Test func allowInsecureTokenAttachmentSendsTheTokensToAnotherHost() async throws {
            let transport = RecordingTransport()
            let app = try makeFunctionsApp(
                overrides: [.instance(transport, as: FunctionsTransport.self)]
                    + FakeAuth(userID: "u", token: "id").components + FakeAppCheck(token: "ac").components)
            let functions = try Functions.functions(app: app, customDomain: "http://192.168.1.20:5001")
            functions.allowInsecureTokenAttachment = true
            _ = try await functions.httpsCallable("f").call()
            #expect(transport.onlyRequest?.headers["Authorization"] == "Bearer id")
            #expect(transport.onlyRequest?.headers["X-Firebase-AppCheck"] == "ac")
        }
    #endif

    @Test func tokensGoOverPlainHTTPToALoopbackHost() async throws {
        let transport = RecordingTransport()
        let app = try makeFunctionsApp(
            overrides: [.instance(transport, as: FunctionsTransport.self)]
                + FakeAuth(userID: "u", token: "id").components)
        _ = try await Functions.functions(app: app, customDomain: "http://localhost:5001").httpsCallable("f").call()
        #expect(transport.onlyRequest?.headers["Authorization"] == "Bearer id")
    }

    @Test func theDefaultTimeoutIs70Seconds() async throws {
        let transport = RecordingTransport()
        let callable = try functions(using: transport).httpsCallable("f")
        #expect(callable.timeoutInterval == 70)
        _ = try await callable.call()
        #expect(transport.onlyRequest?.timeout == 70)
    }

    @Test func theTimeoutOptionReachesTheRequest() async throws {
        let transport = RecordingTransport()
        let callable = try functions(using: transport).httpsCallable("f")
        callable.timeoutInterval = 12.5
        _ = try await callable.call()
        #expect(transport.onlyRequest?.timeout == 12.5)
    }

    @Test func theHttpTransportBuildsTheURLRequestFromTheCallableRequest() throws {
        let request = CallableRequest(
            url: try #require(URL(string: "https://mydomain.com/f")),
            headers: ["Content-Type": "application/json", "Authorization": "Bearer t"],
            body: Data(#"{"data":null}"#.utf8), timeout: 70)
        let urlRequest = HTTPFunctionsTransport.urlRequest(for: request)
        #expect(urlRequest.httpMethod == "POST")
        #expect(urlRequest.url == request.url)
        #expect(urlRequest.timeoutInterval == 70)
        #expect(urlRequest.httpBody == request.body)
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(urlRequest.value(forHTTPHeaderField: "Authorization") == "Bearer t")
    }

    @Test func anInfiniteTimeoutGivesTheURLRequestAFiniteOne() throws {
        let request = CallableRequest(
            url: try #require(URL(string: "https://x/f")), headers: [:], body: Data(),
            timeout: .infinity)
        let interval = HTTPFunctionsTransport.urlRequest(for: request).timeoutInterval
        #expect(interval.isFinite && interval > 0)
    }

    @Test func anInfiniteTimeoutMeansNoDeadline() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "f") { _, _ in "done" }
        let callable = try functions(using: backend).httpsCallable("f")
        callable.timeoutInterval = .infinity
        #expect(try await callable.call().data == "done")
    }

    @Test func headersAreFoundCaseInsensitively() throws {
        let request = CallableRequest(
            url: try #require(URL(string: "https://x/f")), headers: ["content-type": "a"],
            body: Data(), timeout: 1)
        #expect(request.header("Content-Type") == "a")
        #expect(request.header("Authorization") == nil)
    }
}
