// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintEmulator
import FlintFunctions
import FlintTesting
import Foundation
import Testing

@Suite("Functions service: the callable protocol on the wire")
struct FunctionsWireTests {
    private static let configuration = EmulatorConfiguration(
        services: [.functions], ports: [.functions: 0], maximumBodySize: 64 * 1024)
    private static let echo = "/demo-flint/us-central1/echo"
    private static let json = ["Content-Type": "application/json"]

    private func error(_ response: RawHTTP) -> [String: Any]? { response.json["error"] as? [String: Any] }

    private func post(_ emulator: FlintEmulator, _ path: String, _ body: String, headers: [String: String] = json)
        async throws -> RawHTTP
    {
        try await RawHTTP.send("POST", emulator.url(.functions, path), body: Data(body.utf8), headers: headers)
    }

    @Test func aPlainCallIsAnsweredWithItsResult() async throws {
        try await withEmulator(Self.configuration) { emulator in
            let ready = try await RawHTTP.send("GET", emulator.url(.functions, "/"))
            #expect((ready.json["functionsEmulator"] as? [String: Any])?["ready"] as? Bool == true)
            let wrapped =
                #"{"data":{"n":{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"9007199254740993"}}}"#
            let answer = try await post(emulator, Self.echo, wrapped)
            #expect(answer.status == 200)
            #expect(answer.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(String(decoding: answer.body, as: UTF8.self) == #"{"result":{"n":9007199254740993}}"#)
        }
    }

    @Test func badRequestsAreInvalidArgument() async throws {
        try await withEmulator(Self.configuration) { emulator in
            for body in ["{not json", #"{"data":1,"extra":2}"#, #"{"value":1}"#, "[1]", ""] {
                let refused = try await post(emulator, Self.echo, body)
                #expect(refused.status == 400, "\(body)")
                #expect(error(refused)?["status"] as? String == "INVALID_ARGUMENT", "\(body)")
                #expect(error(refused)?["message"] as? String == "Bad Request", "\(body)")
            }
            let notJSON = try await post(emulator, Self.echo, #"{"data":1}"#, headers: ["Content-Type": "text/plain"])
            #expect(notJSON.status == 400)
            #expect(error(notJSON)?["status"] as? String == "INVALID_ARGUMENT")
            let get = try await RawHTTP.send("GET", emulator.url(.functions, Self.echo))
            #expect(get.status == 400)
            #expect(error(get)?["status"] as? String == "INVALID_ARGUMENT")
        }
    }

    @Test func deepAndHugeBodiesAreRefused() async throws {
        try await withEmulator(Self.configuration) { emulator in
            let deep = try await post(
                emulator, Self.echo, #"{"data":"# + String(repeating: "[", count: 20_000) + "]}")
            #expect(deep.status == 400)
            #expect(error(deep)?["status"] as? String == "INVALID_ARGUMENT")
            #expect((error(deep)?["message"] as? String)?.contains("nests deeper than 510") == true)
            let huge = try await post(
                emulator, Self.echo, #"{"data":""# + String(repeating: "x", count: 100_000) + #""}"#)
            #expect(huge.status == 413)
            #expect(error(huge)?["status"] as? String == "RESOURCE_EXHAUSTED")
            #expect(error(huge)?["code"] as? Int == 413)
        }
    }

    @Test func unknownRoutesAndFunctionsAreNotFound() async throws {
        try await withEmulator(Self.configuration) { emulator in
            for path in [
                "/nowhere", "/demo-flint/us-central1/missing", "/other-project/us-central1/echo",
                "/demo-flint/us-central1/echo/more", "/demo-flint/us-central1/%2e%2e", "/demo-flint/..%2Fecho/echo",
                "/demo-flint//echo",
            ] {
                let missing = try await post(emulator, path, #"{"data":null}"#)
                #expect(missing.status == 404, "\(path)")
                #expect(error(missing)?["status"] as? String == "NOT_FOUND", "\(path)")
                #expect(error(missing)?["code"] as? Int == 404, "\(path)")
            }
            let otherRegion = try await post(emulator, "/demo-flint/asia-northeast1/echo", #"{"data":"here"}"#)
            #expect(otherRegion.json["result"] as? String == "here")
        }
    }

    @Test func aMalformedIDTokenIsUnauthenticated() async throws {
        try await withEmulator(Self.configuration) { emulator in
            for authorization in ["Bearer not-a-jwt", "Basic YTpi", "Bearer a.%%%.c"] {
                let refused = try await post(
                    emulator, "/demo-flint/us-central1/whoami", #"{"data":null}"#,
                    headers: Self.json.merging(["Authorization": authorization]) { $1 })
                #expect(refused.status == 401, "\(authorization)")
                #expect(error(refused)?["status"] as? String == "UNAUTHENTICATED", "\(authorization)")
            }
            let token = "eyJhbGciOiJub25lIn0.\(base64URL(#"{"sub":"ada","user_id":"ada","admin":true}"#))."
            let accepted = try await post(
                emulator, "/demo-flint/us-central1/whoami", #"{"data":null}"#,
                headers: Self.json.merging(["Authorization": "Bearer \(token)"]) { $1 })
            let result = accepted.json["result"] as? [String: Any]
            #expect(result?["uid"] as? String == "ada")
            #expect((result?["token"] as? [String: Any])?["admin"] as? Bool == true)
        }
    }

    @Test func aStreamingCallIsAnsweredWithEvents() async throws {
        try await withEmulator(Self.configuration) { emulator in
            let stream = Self.json.merging(["Accept": "text/event-stream"]) { $1 }
            let countdown = try await post(
                emulator, "/demo-flint/us-central1/countdown", #"{"data":2}"#, headers: stream)
            #expect(countdown.status == 200)
            #expect(countdown.headers["content-type"] == "text/event-stream")
            let events = String(decoding: countdown.body, as: UTF8.self).split(separator: "\n")
            #expect(events == [#"data: {"message":2}"#, #"data: {"message":1}"#, #"data: {"result":0}"#])
            // Refused before the handler runs: still 200, the error as the only event.
            let unauthenticated = try await post(
                emulator, Self.echo, #"{"data":1}"#,
                headers: stream.merging(["Authorization": "Bearer nonsense"]) { $1 })
            #expect(unauthenticated.status == 200)
            #expect(
                String(decoding: unauthenticated.body, as: UTF8.self).split(separator: "\n")
                    == [#"data: {"error":{"message":"Unauthenticated","status":"UNAUTHENTICATED"}}"#])
            let badBody = try await post(emulator, Self.echo, "{oops", headers: stream)
            #expect(badBody.status == 200)
            #expect(
                String(decoding: badBody.body, as: UTF8.self).split(separator: "\n")
                    == [#"data: {"error":{"message":"Bad Request","status":"INVALID_ARGUMENT"}}"#])
        }
    }

    @Test func aPreflightIsAllowed() async throws {
        try await withEmulator(Self.configuration) { emulator in
            let preflight = try await RawHTTP.send(
                "OPTIONS", emulator.url(.functions, Self.echo),
                headers: ["Origin": "http://localhost:3000", "Access-Control-Request-Headers": "authorization"])
            #expect(preflight.status == 204)
            #expect(preflight.headers["access-control-allow-origin"] == "http://localhost:3000")
            #expect(preflight.headers["access-control-allow-methods"]?.contains("POST") == true)
            #expect(preflight.headers["access-control-allow-headers"] == "authorization")
        }
    }
}
