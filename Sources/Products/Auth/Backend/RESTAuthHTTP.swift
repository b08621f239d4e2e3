// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP exchange of ``RESTAuthBackend``: one JSON `POST`, its answer checked and parsed, every failure an
/// ``AuthErrorCode``.
enum RESTAuthHTTP {
    /// The largest answer body accepted (1 MiB); a larger one is ``AuthErrorCode/internalError``.
    static let maximumResponseSize = 1 << 20
    /// The deepest nesting of objects and arrays accepted in an answer; deeper is ``AuthErrorCode/internalError``.
    static let maximumNestingDepth = 32

    /// The requests of the calling ``Auth`` (its app's), which it runs every backend call in and closes when its
    /// app is deleted: closing ends the requests in flight at once with ``AuthErrorCode/networkError`` (cancelling
    /// them) and every later one before it is sent. Nil outside an Auth's call (a backend used on its own).
    @TaskLocal static var operations: InFlightOperations?

    /// Sends `body` as JSON to `url` and returns the answer's JSON object.
    ///
    /// - Throws: ``AuthErrorCode/networkError`` when no HTTP answer arrives (connection refused or dropped,
    ///   timeout, cancellation); the mapped server error (``RESTAuthErrors``) for an error answer;
    ///   ``AuthErrorCode/internalError`` for an answer that is too large, too deep, not a JSON object, or an
    ///   error status without a server message.
    static func post(
        _ url: URL, body: [String: Any], headers: [String: String], timeout: TimeInterval,
        session: URLSession
    ) async throws(AuthErrorCode) -> [String: Any] {
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: timeout.isFinite && timeout > 0 ? timeout : 60)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        guard let data = try? JSONSerialization.data(withJSONObject: body) else { throw .internalError }
        request.httpBody = data
        let (status, responseBody) = try await perform(request, in: session)
        return try parse(status: status, body: responseBody)
    }

    /// The JSON object of an answer, or the error it stands for.
    static func parse(status: Int, body: Data) throws(AuthErrorCode) -> [String: Any] {
        guard body.count <= maximumResponseSize, nestingIsBounded(body) else { throw .internalError }
        let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        guard (200..<300).contains(status) else {
            guard let error = object?["error"] as? [String: Any], let message = error["message"] as? String else {
                throw .internalError
            }
            let reasons = (error["errors"] as? [Any] ?? []).compactMap { ($0 as? [String: Any])?["reason"] as? String }
            throw RESTAuthErrors.code(forServerMessage: message, reasons: reasons)
        }
        guard let object else { throw .internalError }
        return object
    }

    /// Whether objects and arrays in `body` nest at most ``maximumNestingDepth`` deep (FlintProductSupport's
    /// `BoundedJSON` check). Checked before parsing, so a hostile answer never reaches the parser.
    static func nestingIsBounded(_ body: Data) -> Bool {
        BoundedJSON.nestingIsBounded(body, maximumDepth: maximumNestingDepth)
    }

    /// Runs one data task, reading at most ``maximumResponseSize`` bytes of answer as it arrives (past it the
    /// connection is closed: ``AuthErrorCode/internalError``); cancelling the calling task, or deleting the calling
    /// Auth's app (``operations``), cancels it (``AuthErrorCode/networkError``).
    private static func perform(_ request: URLRequest, in session: URLSession) async throws(AuthErrorCode) -> (
        Int, Data
    ) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await OperationRace.run(
                in: operations, endedBy: { _ -> any Error in URLError(.cancelled) }
            ) {
                try await URLSessionCalls.data(for: request, in: session, maximumSize: maximumResponseSize)
            }
        } catch let error as URLError where error.code == .dataLengthExceedsMaximum {
            throw .internalError
        } catch {
            throw .networkError
        }
        guard let http = response as? HTTPURLResponse else { throw .networkError }
        return (http.statusCode, data)
    }
}
