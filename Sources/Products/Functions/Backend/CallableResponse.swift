// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A callable function's raw answer: an HTTP status and a body, read by ``Functions``.
public struct CallableResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var statusCode: Int
    /// The response body (JSON for a callable function, but anything is accepted and interpreted).
    public var body: Data

    /// An answer with `statusCode` and `body`.
    public init(statusCode: Int, body: Data) {
        self.statusCode = statusCode
        self.body = body
    }

    /// An answer whose body is `json` (compact JSON with sorted keys, integers as plain numbers, as a
    /// callable server sends them).
    public init(statusCode: Int, json: CallableValue) throws {
        self.init(statusCode: statusCode, body: try json.jsonData())
    }
}
