// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// How the REST protocol's failures become ``DatabaseError``s: the answer's status and its
/// `{"error": "…"}` body, or the connection's failure.
enum DatabaseRESTError {
    /// The error for an answer with `status` (not 2xx) and `body`:
    /// - a message saying "Permission denied" (401 or 403), or 403: ``DatabaseErrorCode/permissionDenied``;
    /// - another 401 (an expired or invalid ID token): ``DatabaseErrorCode/unauthenticated``;
    /// - 400 and 413 (a malformed request or value, data too large): ``DatabaseErrorCode/invalidArgument``;
    /// - 408, 429 and 5xx: ``DatabaseErrorCode/unavailable``;
    /// - anything else: ``DatabaseErrorCode/unknown``.
    static func error(status: Int, body: Data) -> DatabaseError {
        let object = try? JSONSerialization.jsonObject(with: body.prefix(64 * 1024), options: [.fragmentsAllowed])
        let serverMessage =
            ((object as? [String: Any])?["error"] as? String)
            ?? String(decoding: body.prefix(200), as: UTF8.self)
        let message = "The server answered \(status)" + (serverMessage.isEmpty ? "" : ": \(serverMessage)")
        let code: DatabaseErrorCode
        switch status {
        case _ where serverMessage.lowercased().contains("permission denied") && (status == 401 || status == 403):
            code = .permissionDenied
        case 403: code = .permissionDenied
        case 401: code = .unauthenticated
        case 400, 413: code = .invalidArgument
        case 408, 429, 500...599: code = .unavailable
        default: code = .unknown
        }
        return DatabaseError(code, message)
    }

    /// Whether a failure may go away by itself (the request or listen is worth trying again).
    static func isTransient(status: Int) -> Bool {
        status == 408 || status == 429 || (500...599).contains(status)
    }

    /// The error for a request that got no answer (`URLError`s and the like).
    static func unreachable(_ error: any Error) -> DatabaseError {
        DatabaseError(.unavailable, "Could not reach the database server: \(error.localizedDescription)")
    }
}
