// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A function registered with a ``LocalFunctionsBackend``: receives the call's data (Int64 wrappers already
/// decoded) and the caller's context, returns the result or throws.
///
/// Throw a ``FunctionsError`` to answer with that code, message and details (like `HttpsError` in Cloud
/// Functions); any other error answers `INTERNAL` with no detail, as a real server does.
public typealias CallableHandler =
    @Sendable (_ data: CallableValue, _ context: CallableContext) async throws -> CallableValue

/// A streaming function registered with ``LocalFunctionsBackend/register(name:streamHandler:)``: like a
/// ``CallableHandler``, and sends messages through `response` while it runs (`response.sendChunk` in a Cloud
/// Functions callable handler). The returned value is the stream's result.
public typealias CallableStreamHandler =
    @Sendable (
        _ data: CallableValue, _ context: CallableContext,
        _ response: CallableStreamSender
    ) async throws -> CallableValue

/// How a ``CallableStreamHandler`` sends messages to a streaming caller (`response.sendChunk` in Cloud
/// Functions).
public struct CallableStreamSender: Sendable {
    private let sink: (@Sendable (CallableValue) -> Bool)?

    init(sink: (@Sendable (CallableValue) -> Bool)?) {
        self.sink = sink
    }

    /// Whether the caller asked for a stream (`request.acceptsStreaming` in Cloud Functions): false for a
    /// plain ``HTTPSCallable/call(_:)``, whose caller only gets the result.
    public var acceptsStreaming: Bool { sink != nil }

    /// Sends `message` to the caller as a `{"message": …}` event. Returns false (and sends nothing) when the
    /// caller did not ask for a stream or has gone away.
    @discardableResult
    public func send(_ message: CallableValue) -> Bool {
        sink?(message) ?? false
    }
}
