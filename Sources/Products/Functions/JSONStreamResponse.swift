// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One element of a streaming call (``HTTPSCallable/stream(_:)``): a message the function sent while
/// running, or its final result (Firebase's `JSONStreamResponse`).
///
/// ```swift
/// for try await response in functions.httpsCallable("generate").stream(["prompt": "Hi"]) {
///     switch response {
///     case .message(let chunk): print("partial:", chunk)
///     case .result(let result): print("done:", result)
///     }
/// }
/// ```
///
/// Unlike Firebase, whose cases carry the whole event object (`["message": …]`, `["result": …]`), the
/// cases carry the payload itself, with Int64 wrappers decoded.
public enum JSONStreamResponse: Sendable, Hashable {
    /// A chunk the function sent with `sendChunk` (the event `{"message": …}`).
    case message(CallableValue)
    /// The function's return value (the event `{"result": …}`): the last element of a complete stream.
    case result(CallableValue)
}

/// One element of a typed streaming call (``Callable/stream(_:)``): a message decoded as `Message`, or the
/// final result decoded as `Result` (Firebase's `StreamResponse`).
///
/// Use it as a ``Callable``'s `Response` to receive the messages; with any other `Response` type the stream
/// yields only the decoded result.
///
/// ```swift
/// let generate = functions.httpsCallable("generate", requestAs: Prompt.self,
///                                        responseAs: StreamResponse<Chunk, Answer>.self)
/// for try await response in try generate.stream(Prompt(text: "Hi")) {
///     switch response {
///     case .message(let chunk): print(chunk.text)
///     case .result(let answer): print(answer.text)
///     }
/// }
/// ```
public enum StreamResponse<Message: Decodable & Sendable, Result: Decodable & Sendable>: Decodable, Sendable {
    /// A message the function sent while running.
    case message(Message)
    /// The function's final result.
    case result(Result)

    private enum CodingKeys: String, CodingKey {
        case message
        case result
    }

    /// Decodes an event object: `{"message": …}` or `{"result": …}` (result first when both are present).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.result) {
            self = .result(try container.decode(Result.self, forKey: .result))
        } else if container.contains(.message) {
            self = .message(try container.decode(Message.self, forKey: .message))
        } else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "Neither a message nor a result."))
        }
    }
}

/// A `Response` type that receives every element of a stream, not only the result: ``StreamResponse``.
protocol StreamElementDecodable {}

extension StreamResponse: StreamElementDecodable {}
