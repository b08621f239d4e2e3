import Foundation

/// A typed reference to a callable function (Firebase's `Callable`): requests are `Encodable`, results
/// `Decodable`. Made by ``Functions/httpsCallable(_:options:requestAs:responseAs:encoder:decoder:)``.
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
