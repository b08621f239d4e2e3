// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation

/// A request the fixture server recorded.
struct RecordedRequest: Sendable, Equatable {
    let method: String
    /// The request target as sent (path and query).
    let path: String
    /// Header names are lower-cased.
    let headers: [String: String]
    let body: String

    init(_ request: TestHTTPRequest) {
        method = request.method
        path = request.path
        headers = request.headers.lowercasedDictionary
        body = request.bodyText
    }
}

/// Why the fixture server could not be used.
enum CallableServerError: Error, Equatable {
    case expectedOneRequest(got: Int)
}

/// A scripted callable-functions server for FunctionsTests: a ``TestHTTPServer`` (in process, on 127.0.0.1,
/// one per test) whose handler answers like a deployed callable function.
///
/// Every `GET` and `POST` is recorded (method, path, lower-cased headers, body) and answered:
/// - `GET`: 405 `method not allowed` (text/plain);
/// - `POST`: from the scripted queue when it is not empty (FIFO, see ``enqueue(status:body:contentType:)``),
///   else by the last path component (the function name):
///   - `echo`: 200 `{"result": <the request's "data", as received>}` (400 `INVALID_ARGUMENT` when the body
///     is not a JSON object);
///   - `slow`: 200 `{"result": null}` after 60 s (for timeout and cancellation tests; stopping the server
///     cuts the wait short);
///   - anything else: 404 `not found` (text/plain).
///
/// Other methods get 501 and are not recorded.
final class CallableServer: Sendable {
    private let server: TestHTTPServer
    private let script: Locked<[TestHTTPResponse]>

    fileprivate init(server: TestHTTPServer, script: Locked<[TestHTTPResponse]>) {
        self.server = server
        self.script = script
    }

    /// The port on 127.0.0.1.
    var port: Int { server.port }

    /// `http://127.0.0.1:<port>`.
    var origin: String { server.origin }

    /// Scripts the answer to the next `POST`.
    func enqueue(status: Int, body: String, contentType: String = "application/json") {
        script.withLock {
            $0.append(TestHTTPResponse(status: status, headers: ["Content-Type": contentType], body: body))
        }
    }

    /// Every recorded request, in arrival order.
    var requests: [RecordedRequest] {
        server.requests.filter { $0.method == "GET" || $0.method == "POST" }.map(RecordedRequest.init)
    }

    /// The only recorded request; fails when there is not exactly one.
    func onlyRequest() throws -> RecordedRequest {
        let all = requests
        guard all.count == 1, let request = all.first else {
            throw CallableServerError.expectedOneRequest(got: all.count)
        }
        return request
    }

    fileprivate static func answer(_ request: TestHTTPRequest, script: Locked<[TestHTTPResponse]>) -> TestHTTPResponse {
        switch request.method {
        case "GET":
            return .text("method not allowed", status: 405, contentType: "text/plain")
        case "POST":
            break
        default:
            return .text("unsupported method", status: 501, contentType: "text/plain")
        }
        if let scripted = script.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            return scripted
        }
        // The function name: the last component of the target as sent (query included, as a deployed
        // server would not strip it into a known name).
        var target = Substring(request.path)
        while target.hasSuffix("/") { target = target.dropLast() }
        switch target.split(separator: "/", omittingEmptySubsequences: false).last ?? "" {
        case "echo":
            guard
                let object = try? JSONSerialization.jsonObject(with: request.body, options: .fragmentsAllowed)
                    as? [String: Any],
                let result = try? JSONSerialization.data(
                    withJSONObject: ["result": object["data"] ?? NSNull()],
                    options: .fragmentsAllowed)
            else {
                return .json(#"{"error": {"status": "INVALID_ARGUMENT", "message": "Bad Request"}}"#, status: 400)
            }
            return TestHTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: result)
        case "slow":
            return TestHTTPResponse.json(#"{"result": null}"#).delayed(by: .seconds(60))
        default:
            return .text("not found", status: 404, contentType: "text/plain")
        }
    }
}

/// Runs `body` with a fresh fixture server and stops the server afterwards, whether `body` returns or throws.
@discardableResult
func withCallableServer<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (CallableServer) async throws -> R
) async throws -> R {
    let script = Locked<[TestHTTPResponse]>([])
    return try await withTestHTTPServer({ request in CallableServer.answer(request, script: script) }) { server in
        try await body(CallableServer(server: server, script: script))
    }
}
