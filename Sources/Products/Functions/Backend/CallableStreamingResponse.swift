// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The raw answer to a streaming request (``FunctionsTransport/stream(_:)``): the HTTP status once the
/// response head arrived, and the body as it arrives.
///
/// Ending the iteration of ``body`` early (or cancelling the task iterating it) must close the connection.
public struct CallableStreamingResponse: Sendable {
    /// The HTTP status code.
    public var statusCode: Int
    /// The body bytes, chunk by chunk as they arrive; it throws when the connection fails mid-body.
    public var body: AsyncThrowingStream<Data, any Error>

    /// An answer with `statusCode` and `body`.
    public init(statusCode: Int, body: AsyncThrowingStream<Data, any Error>) {
        self.statusCode = statusCode
        self.body = body
    }
}
