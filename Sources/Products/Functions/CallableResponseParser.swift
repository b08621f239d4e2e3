// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Reads a callable response exactly as Firebase's client does:
///
/// 1. An `{"error": {...}}` body is an error even with HTTP 200: its `status` name gives the code (an
///    unknown name, or `INTERNAL`, gives a plain `internal` error and ignores message and details), its
///    `message` the message (the code's default otherwise), its `details` the details (Int64-decoded; left
///    out when they cannot be decoded). An error body with status `OK`, or with no status at HTTP 200, is
///    not an error.
/// 2. A status outside 200–299 is an error: the code comes from the HTTP status (400 invalidArgument, …).
/// 3. A success body must be a JSON object with `data`, or else `result` (backwards compatibility):
///    neither is `internal` "Response is missing data field."; a body that is not an object is `internal`.
enum CallableResponseParser {
    /// The result of `response`, or the error it carries.
    static func result(of response: CallableResponse) throws(FunctionsError) -> CallableValue {
        let body = try? CallableValue(jsonData: response.body)
        let isSuccessStatus = (200..<300).contains(response.statusCode)
        if let error = bodyError(body, httpStatus: isSuccessStatus ? 200 : response.statusCode) {
            throw error
        }
        guard isSuccessStatus else {
            // Only reached when the body said "OK": fall back to the HTTP status.
            throw FunctionsError(FunctionsErrorCode(httpStatus: response.statusCode))
        }
        guard case .object(let members)? = body else {
            throw FunctionsError(.internal, message: "Response was not a dictionary.")
        }
        guard let payload = members["data"] ?? members["result"] else {
            throw FunctionsError(.internal, message: "Response is missing data field.")
        }
        do {
            return try CallableSerializer.decode(payload)
        } catch {
            throw FunctionsError(
                .internal,
                message: "Response has an invalid \(error.type) value: \(error.value)")
        }
    }

    /// The error `body` describes for an HTTP status, or nil when it describes none (Firebase's
    /// `FunctionsErrorForResponse`).
    static func bodyError(_ body: CallableValue?, httpStatus: Int) -> FunctionsError? {
        var code = FunctionsErrorCode(httpStatus: httpStatus)
        var message = code.defaultMessage
        var details: CallableValue?
        if case .object(let error)? = body?["error"] {
            if case .string(let status)? = error["status"] {
                code = FunctionsErrorCode(statusName: status) ?? .internal
                // An unknown or INTERNAL status makes the whole body untrustworthy.
                guard code != .internal else { return FunctionsError(.internal) }
            }
            if case .string(let text)? = error["message"] {
                message = text
            } else {
                message = code.defaultMessage
            }
            details = error["details"].flatMap { try? CallableSerializer.decode($0) }
        }
        guard code != .ok else { return nil }
        return FunctionsError(code, message: message, details: details)
    }
}
