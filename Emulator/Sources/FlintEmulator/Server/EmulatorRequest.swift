// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation
import Hummingbird

/// A request as a service handler sees it: method, path, decoded query parameters, headers and the whole body
/// (read up to the configured limit), or, for a request the handler streams
/// (`EmulatorServiceHandler.streamsBody(of:)`), the body still to read.
struct EmulatorRequest: Sendable {
    var method: HTTPRequest.Method
    /// The path, still percent-encoded (`/identitytoolkit.googleapis.com/v1/accounts:signUp`).
    var path: String
    /// The query parameters, percent-decoded; the last of a repeated name wins.
    var query: [String: String]
    var headers: HTTPFields
    /// The authority the client addressed (HTTP/1.1's `Host`, which is not among ``headers``), or nil.
    var authority: String? = nil
    /// The whole body; empty when it is streamed (``bodyStream``).
    var body: Data
    /// The body as it arrives, without any size limit, for a request the handler streams; nil otherwise.
    var bodyStream: RequestBody? = nil

    /// The query parameters of a URI's query string.
    static func queryParameters(of query: String?) -> [String: String] {
        guard let query, !query.isEmpty else { return [:] }
        var components = URLComponents()
        components.percentEncodedQuery = query.replacingOccurrences(of: "+", with: "%20")
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] { parameters[item.name] = item.value ?? "" }
        return parameters
    }

    /// The value of a header, by name.
    func header(_ name: String) -> String? {
        let canonical = name.lowercased()
        return headers.first { $0.name.canonicalName == canonical }?.value
    }

    /// The body as a JSON object.
    ///
    /// - Throws: ``EmulatorHTTPError`` 400 for a body that is not a JSON object (or nested deeper than
    ///   ``maximumNesting``).
    func jsonObject() throws(EmulatorHTTPError) -> [String: Any] {
        if body.isEmpty { return [:] }
        guard BoundedJSON.nestingIsBounded(body, maximumDepth: Self.maximumNesting),
            let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        else {
            throw EmulatorHTTPError(.badRequest, "INVALID_JSON_PAYLOAD : the request body is not a JSON object")
        }
        return object
    }

    /// The deepest nesting of objects and arrays accepted in a request body.
    static let maximumNesting = 64
}

/// A failed request, answered with its status and message in the service's error shape.
struct EmulatorHTTPError: Error, Sendable {
    var status: HTTPResponse.Status
    var message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The Google API status name of an HTTP status (`INVALID_ARGUMENT`, `NOT_FOUND`, …).
    var statusName: String {
        switch status.code {
        case 400: "INVALID_ARGUMENT"
        case 401: "UNAUTHENTICATED"
        case 403: "PERMISSION_DENIED"
        case 404: "NOT_FOUND"
        case 405: "METHOD_NOT_ALLOWED"
        case 409: "ALREADY_EXISTS"
        case 412: "FAILED_PRECONDITION"
        case 413: "PAYLOAD_TOO_LARGE"
        case 429: "RESOURCE_EXHAUSTED"
        case 503: "UNAVAILABLE"
        default: "INTERNAL"
        }
    }

    /// Google's error answer: `{"error": {"code": 400, "message": "…", "errors": [{"message": "…", "domain":
    /// "global", "reason": "invalid"}], "status": "INVALID_ARGUMENT"}}`.
    var googleAPIBody: [String: Any] {
        [
            "error": [
                "code": Int(status.code), "message": message,
                "errors": [["message": message, "domain": "global", "reason": "invalid"]],
                "status": statusName,
            ] as [String: Any]
        ]
    }
}
