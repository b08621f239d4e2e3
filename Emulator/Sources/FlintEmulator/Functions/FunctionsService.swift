// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintFunctions
import FlintProductSupport
import Foundation
import Hummingbird

/// The Functions service: the callable protocol (firebase-functions' `onCall`) at `POST /{project}/{region}/{name}`,
/// the URL `Functions.useEmulator(withHost:port:)` builds, over a `LocalFunctionsBackend` that runs the handlers.
///
/// A plain call (`{"data": …}`) is answered `{"result": …}`, or `{"error": {"status", "message", "details"}}`
/// with the code's HTTP status. A call with `Accept: text/event-stream` is answered `200` with server-sent events
/// (``FunctionsEventStream``), an error included, as a deployed function answers. Functions are told apart by
/// name only: any region reaches them.
struct FunctionsService: EmulatorServiceHandler {
    let projectID: String
    let backend: LocalFunctionsBackend

    /// The deepest nesting of arrays and objects of a request body: 511, the most Flint's client sends (data
    /// 510 levels deep, a 64-bit integer's wrapper counting as one, inside `{"data": …}`).
    static let maximumBodyDepth = 511

    func respond(to request: EmulatorRequest) async throws -> Response {
        if request.path == "/" && request.method == .get {
            return EmulatorResponse.json([
                "functionsEmulator": ["ready": true, "projectId": projectID, "functions": backend.functionNames]
            ])
        }
        let (region, name) = try route(request.path)
        if request.method == .options {
            return Self.preflight(request)
        }
        guard backend.functionNames.contains(name) else {
            throw EmulatorHTTPError(.notFound, "Function \(region)-\(name) does not exist.")
        }
        guard request.method == .post else {
            throw EmulatorHTTPError(.badRequest, "Bad Request")
        }
        let streaming = Self.acceptsStreaming(request)
        if let refusal = Self.bodyRefusal(request.body) {
            // A streaming call is always answered 200, its error as an event.
            guard streaming else { throw refusal }
            return FunctionsEventStream.errorEvent(status: .invalidArgument, message: refusal.message)
        }
        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        // The segments were checked to be plain names: the URL only carries the function's name to the backend.
        let callable = CallableRequest(
            url: URL(string: "http://localhost/\(projectID)/\(region)/\(name)")!, headers: headers, body: request.body,
            timeout: .infinity)
        if streaming {
            return try await FunctionsEventStream.response(backend.stream(callable))
        }
        let answer = try await backend.send(callable)
        return EmulatorResponse.raw(
            answer.body, status: HTTPResponse.Status(code: answer.statusCode), headers: Self.corsHeaders(request))
    }

    /// Errors the callable protocol's way: `{"error": {"code", "message", "status"}}` with a status the callable
    /// clients know (`INVALID_ARGUMENT`, `NOT_FOUND`, `RESOURCE_EXHAUSTED` for a body over the limit, …); an
    /// internal error says only `INTERNAL`.
    func errorResponse(_ error: EmulatorHTTPError) -> Response {
        let code: FunctionsErrorCode =
            error.status.code == 413 ? .resourceExhausted : FunctionsErrorCode(httpStatus: Int(error.status.code))
        let message = code == .internal ? "INTERNAL" : error.message
        return EmulatorResponse.json(
            [
                "error": ["code": Int(error.status.code), "message": message, "status": code.statusName]
                    as [String: Any]
            ],
            status: error.status)
    }

    // MARK: - Requests

    /// The region and function name of a request path `/{project}/{region}/{name}`.
    ///
    /// - Throws: ``EmulatorHTTPError`` 404 for any other path, another project, or a segment that is not a plain
    ///   name (ASCII letters, digits, `-`, `_`, `.`).
    func route(_ path: String) throws(EmulatorHTTPError) -> (region: String, name: String) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard segments.count == 3, path.hasPrefix("/"), segments.allSatisfy(Self.isPlainName) else {
            throw EmulatorHTTPError(.notFound, "Not found: callable functions are at /{project}/{region}/{name}.")
        }
        guard segments[0] == projectID else {
            throw EmulatorHTTPError(
                .notFound, "Function \(segments[1])-\(segments[2]) does not exist in project \(segments[0]).")
        }
        return (segments[1], segments[2])
    }

    /// ASCII letters, digits, `-`, `_` and `.`; not empty, not only dots.
    static func isPlainName(_ segment: String) -> Bool {
        !segment.isEmpty && !segment.utf8.allSatisfy { $0 == UInt8(ascii: ".") }
            && segment.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                    true
                default: false
                }
            }
    }

    /// The `Bad Request` refusing a body nested deeper than ``maximumBodyDepth`` (checked before it is parsed);
    /// nil otherwise. The backend checks the rest of the body as firebase-functions does.
    static func bodyRefusal(_ body: Data) -> EmulatorHTTPError? {
        guard BoundedJSON.nestingIsBounded(body, maximumDepth: maximumBodyDepth) else {
            return EmulatorHTTPError(
                .badRequest, "Bad Request: the data nests deeper than \(maximumBodyDepth - 1) levels.")
        }
        return nil
    }

    /// Whether the caller asked for a stream: `Accept: text/event-stream`, as firebase-functions tests it.
    static func acceptsStreaming(_ request: EmulatorRequest) -> Bool {
        request.header("Accept")?.trimmingCharacters(in: .whitespaces).lowercased() == "text/event-stream"
    }

    // MARK: - CORS

    /// The answer to a CORS preflight (`OPTIONS`), as firebase-functions' `cors: true` gives it.
    static func preflight(_ request: EmulatorRequest) -> Response {
        var headers = corsHeaders(request)
        headers[.accessControlAllowMethods] = "POST, OPTIONS"
        headers[.accessControlAllowHeaders] =
            request.header("Access-Control-Request-Headers")
            ?? "Authorization, Content-Type, Firebase-Instance-ID-Token, X-Firebase-AppCheck"
        headers[.accessControlMaxAge] = "3600"
        return Response(status: .noContent, headers: headers)
    }

    /// `Access-Control-Allow-Origin`: the request's `Origin`, or `*`.
    static func corsHeaders(_ request: EmulatorRequest) -> HTTPFields {
        [.accessControlAllowOrigin: request.header("Origin") ?? "*"]
    }
}
