// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintEmulator
import FlintFunctions
import FlintTesting
import Foundation
import Testing

/// firebase-functions' own tests of the callable protocol (`spec/common/providers/https.spec.ts`,
/// `describe("onCallHandler")`), ported against the emulator's Functions service over HTTP. Each test names the
/// test it comes from. Not ported: the ones about verifying signed tokens, enforcing or consuming App Check
/// tokens and unknown `HttpsError` codes (a Swift `FunctionsErrorCode` cannot be unknown).
@Suite("Functions service: firebase-functions' onCallHandler tests")
struct SDKCallableProtocolTests {
    private static let functions: [String: EmulatorCallable] = [
        "success": EmulatorCallable { request, _ in
            guard request.data == ["foo": "bar"] else { throw FunctionsError(.invalidArgument, message: "data") }
            return ["baz": "qux"]
        },
        "null": EmulatorCallable { _, _ in nil },
        "unhandled": EmulatorCallable { _, _ in throw CancellationError() },
        "wellFormed": EmulatorCallable { _, _ in throw FunctionsError(.notFound, message: "i am error") },
        "context": EmulatorCallable { request, _ in
            [
                "uid": request.auth.map { .string($0.uid) } ?? nil,
                "app": request.app.map { .string($0.appID) } ?? nil,
                "instanceIDToken": request.instanceIDToken.map(CallableValue.string) ?? nil,
            ]
        },
        "streaming": EmulatorCallable { _, response in
            response.sendChunk("hello")
            return "world"
        },
        "boom": EmulatorCallable { _, _ in throw CancellationError() },
    ]

    private static let configuration = EmulatorConfiguration.ephemeral(services: [.functions])

    private func call(
        _ emulator: FlintEmulator, _ name: String, body: String = #"{"data":null}"#, method: String = "POST",
        contentType: String = "application/json", headers: [String: String] = [:]
    ) async throws -> (status: Int, body: String) {
        let answer = try await RawHTTP.send(
            method, emulator.url(.functions, "/demo-flint/us-central1/\(name)"),
            body: method == "GET" ? nil : Data(body.utf8),
            headers: headers.merging(["Content-Type": contentType]) { old, _ in old })
        return (answer.status, String(decoding: answer.body, as: UTF8.self))
    }

    private static let badRequest = #"{"error":{"message":"Bad Request","status":"INVALID_ARGUMENT"}}"#
    private static let unauthenticated = #"{"error":{"message":"Unauthenticated","status":"UNAUTHENTICATED"}}"#

    /// A local ID token of `uid`, as the Auth emulator issues them.
    private static func idToken(_ uid: String) -> String {
        "eyJhbGciOiJub25lIn0.\(base64URL(#"{"sub":"\#(uid)","user_id":"\#(uid)"}"#))."
    }

    /// "should handle success", "should handle null data and return", "should handle void return".
    @Test func success() async throws {
        try await withEmulator(Self.configuration, functions: Self.functions) { emulator in
            let success = try await call(emulator, "success", body: #"{"data":{"foo":"bar"}}"#)
            #expect(success.status == 200)
            #expect(success.body == #"{"result":{"baz":"qux"}}"#)
            let null = try await call(emulator, "null")
            #expect(null.status == 200)
            #expect(null.body == #"{"result":null}"#)
        }
    }

    /// "should reject bad method", "should reject bad content type", "should reject extra body fields",
    /// "should ignore charset".
    @Test func badRequests() async throws {
        try await withEmulator(Self.configuration, functions: Self.functions) { emulator in
            let get = try await call(emulator, "null", method: "GET")
            #expect(get.status == 400)
            #expect(get.body.contains(#""status":"INVALID_ARGUMENT""#))
            let text = try await call(emulator, "null", contentType: "text/plain")
            #expect(text.status == 400)
            #expect(text.body == Self.badRequest)
            let extra = try await call(emulator, "null", body: #"{"data":null,"extra":"bad"}"#)
            #expect(extra.status == 400)
            #expect(extra.body == Self.badRequest)
            let charset = try await call(emulator, "null", contentType: "application/json; charset=utf-8")
            #expect(charset.status == 200)
            #expect(charset.body == #"{"result":null}"#)
        }
    }

    /// "should handle unhandled error", "should handle well-formed error".
    @Test func errors() async throws {
        try await withEmulator(Self.configuration, functions: Self.functions) { emulator in
            let unhandled = try await call(emulator, "unhandled")
            #expect(unhandled.status == 500)
            #expect(unhandled.body == #"{"error":{"message":"INTERNAL","status":"INTERNAL"}}"#)
            let wellFormed = try await call(emulator, "wellFormed")
            #expect(wellFormed.status == 404)
            #expect(wellFormed.body == #"{"error":{"message":"i am error","status":"NOT_FOUND"}}"#)
        }
    }

    /// "should handle auth", "should handle auth - case insensitive", "should reject auth with incorrect
    /// authorization header", "should skip auth token verification" (the emulator's mode).
    @Test func auth() async throws {
        try await withEmulator(Self.configuration, functions: Self.functions) { emulator in
            for scheme in ["Bearer", "bearer"] {
                let signedIn = try await call(
                    emulator, "context", headers: ["Authorization": "\(scheme) \(Self.idToken("user-1"))"])
                #expect(signedIn.status == 200, "\(scheme)")
                #expect(signedIn.body == #"{"result":{"app":null,"instanceIDToken":null,"uid":"user-1"}}"#)
            }
            let beaver = try await call(emulator, "context", headers: ["Authorization": "Beaver heyyall"])
            #expect(beaver.status == 401)
            #expect(beaver.body == Self.unauthenticated)
        }
    }

    /// "should handle bad AppCheck token with enforcement disabled", "should skip app check token verification",
    /// "should handle instance id".
    @Test func appCheckAndInstanceID() async throws {
        try await withEmulator(Self.configuration, functions: Self.functions) { emulator in
            let fake = try await call(emulator, "context", headers: ["X-Firebase-AppCheck": "FAKE"])
            #expect(fake.status == 200)
            #expect(fake.body == #"{"result":{"app":null,"instanceIDToken":null,"uid":null}}"#)
            let unsigned = "eyJhbGciOiJub25lIn0.\(base64URL(#"{"sub":"123:web:abc","app_id":"123:web:abc"}"#))."
            let appCheck = try await call(emulator, "context", headers: ["X-Firebase-AppCheck": unsigned])
            #expect(appCheck.body == #"{"result":{"app":"123:web:abc","instanceIDToken":null,"uid":null}}"#)
            let instance = try await call(emulator, "context", headers: ["Firebase-Instance-ID-Token": "iid-token"])
            #expect(instance.body == #"{"result":{"app":null,"instanceIDToken":"iid-token","uid":null}}"#)
        }
    }

    /// describe("Streaming callables"): "returns data in SSE format for requests Accept: text/event-stream header",
    /// "returns error in SSE format". firebase-functions ends each event with one line break; the emulator with
    /// two (a blank line, as server-sent events separate events), which line-reading clients read the same.
    @Test func streaming() async throws {
        try await withEmulator(Self.configuration, functions: Self.functions) { emulator in
            let accept = ["Accept": "text/event-stream"]
            let streamed = try await call(
                emulator, "streaming", body: #"{"data":{"message":"hello streaming"}}"#,
                headers: accept)
            #expect(streamed.status == 200)
            #expect(
                streamed.body.split(separator: "\n") == [#"data: {"message":"hello"}"#, #"data: {"result":"world"}"#])
            let boom = try await call(emulator, "boom", headers: accept)
            #expect(boom.status == 200)
            #expect(
                boom.body.split(separator: "\n") == [#"data: {"error":{"message":"INTERNAL","status":"INTERNAL"}}"#])
        }
    }
}
