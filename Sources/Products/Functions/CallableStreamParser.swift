// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// Reads a streaming callable's answer as Firebase's client does (`Functions.stream(at:…)`):
///
/// - A status other than 200 is an error: its code comes from the HTTP status (400 invalidArgument, …), its
///   message and details from a JSON error body when there is one (Firebase reads only the status).
/// - The body is `text/event-stream`, read line by line: every non-empty line must be a `data:` line (else
///   `dataLoss` "Unexpected format for streamed response."), whose JSON is an object with `result` (a
///   ``JSONStreamResponse/result(_:)``) or `message` (a ``JSONStreamResponse/message(_:)``), or an
///   `{"error": {"status", "message", "details"}}` that ends the stream with that ``FunctionsError``. JSON
///   that does not parse, is not an object or has neither field is `dataLoss`.
/// - Comment lines (starting with `:`, e.g. a keep-alive) are skipped (Firebase would fail on them).
/// - A line longer than ``maximumLineSize`` (32 MiB, beyond Cloud Functions' largest response) is `dataLoss`
///   as soon as it is that long, so a server that never ends its line cannot make the client buffer without
///   bound (Firebase reads lines without a limit).
/// - The connection failing mid-body is `dataLoss` (a timeout `deadlineExceeded`); a body that ends before a
///   result is `dataLoss` "Stream ended without a result." (Firebase finishes the stream silently).
enum CallableStreamParser {
    /// The most bytes of an error body that are read.
    static let maximumErrorBodySize = 64 * 1024
    /// The longest line of an event stream accepted, in bytes (32 MiB).
    static let maximumLineSize = 32 << 20
    /// The most bytes of a stream that may wait for its reader (64 MiB, twice the longest line): the events parsed
    /// and not yet taken by the caller (their lines' sizes), and apart from them the body received and not yet
    /// parsed. Past it the stream ends with `resourceExhausted` and its connection is closed.
    static let maximumUnreadSize = 2 * maximumLineSize

    /// The error ending a stream that has more than `limit` bytes waiting for its reader.
    static func unreadLimitError(_ limit: Int = maximumUnreadSize) -> FunctionsError {
        FunctionsError(.resourceExhausted, message: "The stream sent more than \(limit) bytes that were not read yet.")
    }

    /// Yields every element of `response` to `yield`, with the size of the line it came from; throws the stream's
    /// error, or what `yield` throws (which ends the reading).
    static func read(
        _ response: CallableStreamingResponse,
        yield: (JSONStreamResponse, Int) throws -> Void
    ) async throws {
        guard response.statusCode == 200 else {
            throw await statusError(response)
        }
        var splitter = LineSplitter(maximumLineSize: maximumLineSize)
        var sawResult = false
        do {
            for try await chunk in response.body {
                guard let lines = splitter.append(chunk) else {
                    throw FunctionsError(.dataLoss, message: "Streamed event is larger than \(maximumLineSize) bytes.")
                }
                for line in lines {
                    let element = try parse(line: line)
                    if case .result = element { sawResult = true }
                    if let element { try yield(element, line.count) }
                }
            }
        } catch let error as FunctionsError {
            throw error
        } catch {
            throw FunctionsError(.dataLoss, message: "Unexpected format for streamed response.")
        }
        try Task.checkCancellation()
        if let rest = splitter.finish(), let element = try parse(line: rest) {
            if case .result = element { sawResult = true }
            try yield(element, rest.count)
        }
        guard sawResult else {
            throw FunctionsError(.dataLoss, message: "Stream ended without a result.")
        }
    }

    /// The error for a status other than 200.
    private static func statusError(_ response: CallableStreamingResponse) async -> FunctionsError {
        var body = Data()
        do {
            for try await chunk in response.body {
                body.append(chunk)
                if body.count > maximumErrorBodySize { break }
            }
        } catch {}
        let status = response.statusCode
        let parsed = try? CallableValue(jsonData: body)
        let httpStatus = (200..<300).contains(status) ? 500 : status  // 2xx other than 200: not a stream
        return CallableResponseParser.bodyError(parsed, httpStatus: httpStatus)
            ?? FunctionsError(FunctionsErrorCode(httpStatus: httpStatus))
    }

    /// The element one line carries; nil for a comment line. `line` has no line terminator.
    /// - Throws: the error event's ``FunctionsError``, or `dataLoss` for a malformed line.
    static func parse(line: Data) throws(FunctionsError) -> JSONStreamResponse? {
        let malformed = FunctionsError(.dataLoss, message: "Unexpected format for streamed response.")
        guard let text = String(data: line, encoding: .utf8) else { throw malformed }
        if text.isEmpty || text.hasPrefix(":") { return nil }
        guard text.hasPrefix("data:") else { throw malformed }
        let json = Data(text.dropFirst(5).utf8)
        guard let value = try? CallableValue(jsonData: json) else {
            throw FunctionsError(.dataLoss, message: "Streamed event is not JSON.")
        }
        if let error = CallableResponseParser.bodyError(value, httpStatus: 200) {
            throw error
        }
        guard case .object(let members) = value else {
            throw FunctionsError(.dataLoss, message: "Response was not a dictionary.")
        }
        if let result = members["result"] {
            return .result(try decoded(result))
        }
        if let message = members["message"] {
            return .message(try decoded(message))
        }
        throw FunctionsError(.dataLoss, message: "Response is missing result or message field.")
    }

    private static func decoded(_ payload: CallableValue) throws(FunctionsError) -> CallableValue {
        do {
            return try CallableSerializer.decode(payload)
        } catch {
            throw FunctionsError(.internal, message: "Response has an invalid \(error.type) value: \(error.value)")
        }
    }
}
