// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A typed reference to a callable function (Firebase's `Callable`): requests are `Encodable`, results
/// `Decodable`. Made by ``Functions/httpsCallable(_:options:requestAs:responseAs:encoder:decoder:)-(String,_,_,_,_,_)``.
///
/// ```swift
/// struct Sum: Encodable { let a: Int; let b: Int }
/// struct Total: Decodable { let total: Int }
/// let add = functions.httpsCallable("add", requestAs: Sum.self, responseAs: Total.self)
/// let total = try await add(Sum(a: 2, b: 3)).total
/// ```
///
/// The request is encoded into a ``CallableValue`` keeping each integer's width (`Int`/`Int64` sent as
/// `Int64Value` wrappers, `UInt`/`UInt64` as `UInt64Value` wrappers, narrower integers as plain numbers, as
/// Firebase's encoder does), with `encoder`'s key, date, data and float strategies; the result's JSON is
/// decoded into `Response` with `decoder`.
public struct Callable<Request: Encodable, Response: Decodable>: Sendable {
    private let callable: HTTPSCallable
    private let encoder: JSONEncoder
    private let decoder: JSONDecoder

    init(callable: HTTPSCallable, encoder: JSONEncoder, decoder: JSONDecoder) {
        self.callable = callable
        self.encoder = encoder
        self.decoder = decoder
    }

    /// Seconds a call may take before it fails with `deadlineExceeded`; 70 unless set.
    public var timeoutInterval: TimeInterval {
        get { callable.timeoutInterval }
        nonmutating set { callable.timeoutInterval = newValue }
    }

    /// Encodes `data`, calls the function and decodes its result.
    ///
    /// - Throws: `EncodingError` when `data` cannot be encoded, `DecodingError` when the result does not
    ///   decode as `Response` (both as in Firebase), and whatever ``HTTPSCallable/call(_:)`` throws.
    public func call(_ data: Request) async throws -> Response {
        let value = try CallableValueEncoder(json: encoder).encode(data)
        let result = try await callable.call(value)
        return try decoder.decode(Response.self, from: result.data.jsonData())
    }

    /// Same as ``call(_:)``: `try await callable(request)`.
    public func callAsFunction(_ data: Request) async throws -> Response {
        try await call(data)
    }
}

extension Callable where Response: Sendable {
    /// Calls the function as a stream (Firebase's `Callable.stream(_:)`). With a ``StreamResponse`` as
    /// `Response`, yields every message decoded as its `Message` and the result decoded as its `Result`; with
    /// any other `Response`, yields only the result, decoded as `Response`.
    ///
    /// - Throws: `EncodingError` when `data` cannot be encoded. The stream throws what
    ///   ``HTTPSCallable/stream(_:)`` throws, and `DecodingError` when an element does not decode.
    public func stream(_ data: Request) throws -> AsyncThrowingStream<Response, any Error> {
        let value = try CallableValueEncoder(json: encoder).encode(data)
        let elements = callable.stream(value)
        let decoder = decoder
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Response.self)
        let task = Task {
            do {
                for try await element in elements {
                    if let decoded = try decodeStreamElement(element, as: Response.self, with: decoder) {
                        continuation.yield(decoded)
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

/// `element` decoded as `Response`; nil for a message when `Response` is not a ``StreamResponse``.
private func decodeStreamElement<Response: Decodable>(
    _ element: JSONStreamResponse, as _: Response.Type,
    with decoder: JSONDecoder
) throws -> Response? {
    if Response.self is any StreamElementDecodable.Type {
        let event: CallableValue =
            switch element {
            case .message(let payload): ["message": payload]
            case .result(let payload): ["result": payload]
            }
        return try decoder.decode(Response.self, from: event.jsonData())
    }
    guard case .result(let payload) = element else { return nil }
    return try decoder.decode(Response.self, from: payload.jsonData())
}
