// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintFunctions

/// The HTTP transport against a real server on 127.0.0.1 (``CallableServer``, an in-process `TestHTTPServer`):
/// exact requests on the wire, and every answer mapping.
@Suite("HTTP transport", .timeLimit(.minutes(3)))
struct HTTPTransportTests {
    /// The default Functions of a new app (with `overrides`), pointed at `server`.
    private func emulated(
        _ server: CallableServer, region: String = Functions.defaultRegion,
        overrides: [Component] = []
    ) throws -> Functions {
        let functions = try Functions.functions(app: makeFunctionsApp(overrides: overrides), region: region)
        functions.useEmulator(withHost: "127.0.0.1", port: server.port)
        return functions
    }

    @Test func theRequestOnTheWireIsExactlyTheCallableProtocol() async throws {
        try await withCallableServer { server in
            let overrides =
                FakeAuth(userID: "alice", token: "alice-token").components
                + FakeAppCheck(token: "app-check-token").components + FakeMessaging(fcmToken: "fcm-token").components
            let result = try await emulated(server, overrides: overrides).httpsCallable("echo").call(["n": 1, "s": "x"])
            #expect(result.data == ["n": 1, "s": "x"])
            let request = try server.onlyRequest()
            #expect(request.method == "POST")
            #expect(request.path == "/flint-test/us-central1/echo")
            #expect(request.headers["content-type"] == "application/json")
            #expect(request.headers["authorization"] == "Bearer alice-token")
            #expect(request.headers["x-firebase-appcheck"] == "app-check-token")
            #expect(request.headers["firebase-instance-id-token"] == "fcm-token")
            #expect(
                request.body
                    == #"{"data":{"n":{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"1"},"s":"x"}}"#
            )
        }
    }

    @Test func withNoInteropRegisteredNoTokenHeadersAreSent() async throws {
        try await withCallableServer { server in
            let result = try await emulated(server).httpsCallable("echo").call("plain")
            #expect(result.data == "plain")
            let request = try server.onlyRequest()
            #expect(request.headers["authorization"] == nil)
            #expect(request.headers["x-firebase-appcheck"] == nil)
            #expect(request.headers["firebase-instance-id-token"] == nil)
            #expect(request.headers["content-type"] == "application/json")
            #expect(request.body == #"{"data":"plain"}"#)
        }
    }

    @Test func theEmulatorPathCarriesProjectAndRegion() async throws {
        try await withCallableServer { server in
            _ = try await emulated(server, region: "europe-west1").httpsCallable("echo").call()
            #expect(try server.onlyRequest().path == "/flint-test/europe-west1/echo")
        }
    }

    @Test func int64ValuesSurviveTheRoundTrip() async throws {
        try await withCallableServer { server in
            let data: CallableValue = ["max": .int(Int64.max), "min": .int(Int64.min), "list": [9_007_199_254_740_993]]
            let result = try await emulated(server).httpsCallable("echo").call(data)
            #expect(result.data == data)
        }
    }

    @Test func theHttpTransportAsTheAppsTransportCallsTheCustomDomain() async throws {
        try await withCallableServer { server in
            let app = try makeFunctionsApp(
                overrides: [.instance(HTTPFunctionsTransport(), as: FunctionsTransport.self)]
                    + FakeAuth(userID: "u", token: "id").components)
            let functions = try Functions.functions(app: app, customDomain: server.origin)
            #expect(try await functions.httpsCallable("echo").call(true).data == true)
            let request = try server.onlyRequest()
            #expect(request.path == "/echo")
            #expect(request.headers["authorization"] == "Bearer id")  // loopback: tokens allowed over HTTP
        }
    }

    @Test func aResultFieldIsRead() async throws {
        try await withCallableServer { server in
            server.enqueue(status: 200, body: #"{"result":{"ok":true}}"#)
            let result = try await emulated(server).httpsCallable("scripted").call()
            #expect(result.data == ["ok": true])
        }
    }

    @Test func aDataFieldIsRead() async throws {
        try await withCallableServer { server in
            server.enqueue(status: 200, body: #"{"data":[1,2.5]}"#)
            let result = try await emulated(server).httpsCallable("scripted").call()
            #expect(result.data == [1, 2.5])
        }
    }

    @Test func aMissingDataFieldIsInternal() async throws {
        try await withCallableServer { server in
            server.enqueue(status: 200, body: #"{"nothing":1}"#)
            await #expect(throws: FunctionsError(.internal, message: "Response is missing data field.")) {
                _ = try await emulated(server).httpsCallable("scripted").call()
            }
        }
    }

    @Test func aNonObjectBodyIsInternal() async throws {
        try await withCallableServer { server in
            server.enqueue(status: 200, body: "[1,2,3]")
            await #expect(throws: FunctionsError(.internal, message: "Response was not a dictionary.")) {
                _ = try await emulated(server).httpsCallable("scripted").call()
            }
        }
    }

    @Test func anErrorBodyWithStatus200IsAnError() async throws {
        try await withCallableServer { server in
            server.enqueue(
                status: 200,
                body: #"{"error":{"status":"ALREADY_EXISTS","message":"Taken.","details":{"#
                    + #""n":{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"2"}}}}"#)
            await #expect(throws: FunctionsError(.alreadyExists, message: "Taken.", details: ["n": 2])) {
                _ = try await emulated(server).httpsCallable("scripted").call()
            }
        }
    }

    @Test func anUnknownErrorStatusIsPlainInternal() async throws {
        try await withCallableServer { server in
            server.enqueue(status: 400, body: #"{"error":{"status":"WHATEVER","message":"m"}}"#)
            await #expect(throws: FunctionsError(.internal)) {
                _ = try await emulated(server).httpsCallable("scripted").call()
            }
        }
    }

    @Test(
        arguments: zip(
            [400, 401, 403, 404, 409, 429, 499, 500, 501, 503, 504, 418],
            [
                FunctionsErrorCode.invalidArgument, .unauthenticated, .permissionDenied, .notFound,
                .alreadyExists, .resourceExhausted, .cancelled, .internal, .unimplemented, .unavailable,
                .deadlineExceeded, .internal,
            ]))
    func anHttpErrorStatusMapsToItsCode(status: Int, code: FunctionsErrorCode) async throws {
        try await withCallableServer { server in
            server.enqueue(status: status, body: "error page", contentType: "text/html")
            await #expect(throws: FunctionsError(code)) {
                _ = try await emulated(server).httpsCallable("scripted").call()
            }
        }
    }

    @Test func anUnknownFunctionIsNotFound() async throws {
        try await withCallableServer { server in
            await #expect(throws: FunctionsError(.notFound)) {
                _ = try await emulated(server).httpsCallable("nope").call()
            }
        }
    }

    @Test func aTimeoutIsDeadlineExceeded() async throws {
        try await withCallableServer { server in
            let callable = try emulated(server).httpsCallable("slow")
            callable.timeoutInterval = 0.5
            // The server answers after 60 s (or when it is closed): only the deadline can end the call with an error.
            await #expect(throws: FunctionsError(.deadlineExceeded)) { _ = try await callable.call() }
        }
    }

    @Test func theTransportAloneMapsItsOwnTimeoutToDeadlineExceeded() async throws {
        try await withCallableServer { server in
            let request = CallableRequest(
                url: try #require(URL(string: "\(server.origin)/p/r/slow")),
                headers: ["Content-Type": "application/json"],
                body: Data(#"{"data":null}"#.utf8), timeout: 0.5)
            await #expect(throws: FunctionsError(.deadlineExceeded)) {
                _ = try await HTTPFunctionsTransport().send(request)
            }
        }
    }

    @Test func anUnreachableServerIsUnavailable() async throws {
        // Port 1 (tcpmux) on loopback: privileged and unused, so the connection is refused. (A port freed by a
        // stopped server could be handed to a parallel test's server in between.)
        let functions = try Functions.functions(app: makeFunctionsApp())
        functions.useEmulator(withHost: "127.0.0.1", port: 1)
        let error = await #expect(throws: FunctionsError.self) {
            _ = try await functions.httpsCallable("echo").call()
        }
        #expect(error?.code == .unavailable)
    }

    @Test func cancellingTheCallIsCancelled() async throws {
        try await withCallableServer { server in
            let callable = try emulated(server).httpsCallable("slow")
            let call = Task { try await callable.call() }
            try await waitUntil { server.requests.count == 1 }
            call.cancel()
            await #expect(throws: FunctionsError(.cancelled)) { _ = try await value(of: call) }
        }
    }

    @Test func theCodableVariantSpeaksTheSameProtocol() async throws {
        struct Point: Codable, Equatable {
            let x: Int
            let label: String
        }
        try await withCallableServer { server in
            let echo = try emulated(server).httpsCallable("echo", requestAs: Point.self, responseAs: Point.self)
            #expect(try await echo(Point(x: 3, label: "p")) == Point(x: 3, label: "p"))
            #expect(
                try server.onlyRequest().body
                    == #"{"data":{"label":"p","x":{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"3"}}}"#
            )
        }
    }
}
