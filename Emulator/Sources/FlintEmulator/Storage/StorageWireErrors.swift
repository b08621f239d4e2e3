// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintStorage
import Hummingbird

/// How the Storage service reports a ``StorageError``: the status Firebase Storage answers for it (the one the
/// SDKs map back to the same code: 401 `unauthenticated`, 402 `quotaExceeded`, 403 `unauthorized`, 404
/// `objectNotFound`), with the backend's message; every other error is the request's fault (400), never a 5xx
/// that a client would retry.
enum StorageWireErrors {
    /// The error answer of `error`.
    static func httpError(for error: StorageError) -> EmulatorHTTPError {
        let status: HTTPResponse.Status =
            switch error.code {
            case .unauthenticated: .unauthorized
            case .quotaExceeded: HTTPResponse.Status(code: 402, reasonPhrase: "Payment Required")
            case .unauthorized: .forbidden
            case .objectNotFound, .bucketNotFound, .projectNotFound: .notFound
            default: .badRequest
            }
        return EmulatorHTTPError(status, error.message)
    }

    /// Runs a backend call, its ``StorageError`` turned into Firebase Storage's answer.
    static func call<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as StorageError {
            throw httpError(for: error)
        }
    }
}
