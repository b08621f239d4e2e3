// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintFunctions
import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle

/// The answer to a streaming call (`Accept: text/event-stream`), as firebase-functions writes it: always `200`
/// with `Content-Type: text/event-stream`; a `data: {"message": …}` event per chunk the handler sends, then
/// `data: {"result": …}`, or `data: {"error": {"status", "message", "details"}}` (a call refused before its
/// handler runs included, as `LocalFunctionsBackend` answers it); a `: ping` comment every ``heartbeatInterval``
/// while the handler runs.
///
/// When the caller goes away (a write fails, the heartbeat's included) or the emulator stops, the handler's task
/// is cancelled.
enum FunctionsEventStream {
    /// How often a running stream sends `: ping` (firebase-functions' default `heartbeatSeconds`, 30).
    static let heartbeatInterval = Duration.seconds(30)

    /// The event stream of the backend's streaming answer.
    static func response(_ answer: CallableStreamingResponse) async -> Response {
        guard answer.statusCode == 200 else {
            return await refusal(answer)
        }
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                let (events, continuation) = AsyncStream.makeStream(of: Data.self)
                let forward = Task {
                    // The body ends when the handler returns or throws; the iteration is dropped (cancelling the
                    // handler) when this task is cancelled.
                    do {
                        for try await chunk in answer.body { continuation.yield(chunk) }
                    } catch {}
                    continuation.finish()
                }
                let heartbeat = Task {
                    while true {
                        try await Task.sleep(for: heartbeatInterval)
                        continuation.yield(Data(": ping\n".utf8))
                    }
                }
                defer {
                    forward.cancel()
                    heartbeat.cancel()
                    continuation.finish()
                }
                for await event in events.cancelOnGracefulShutdown() {
                    try await writer.write(ByteBuffer(bytes: event))
                }
                try await writer.finish(nil)
            })
    }

    /// The backend's answer that is not a stream (a function unregistered since the service looked it up: `404`),
    /// as is.
    private static func refusal(_ answer: CallableStreamingResponse) async -> Response {
        var body = Data()
        do {
            for try await chunk in answer.body { body.append(chunk) }
        } catch {}
        return EmulatorResponse.raw(body, status: HTTPResponse.Status(code: answer.statusCode))
    }

    /// A stream of one `{"error": {"status", "message"}}` event.
    static func errorEvent(status: FunctionsErrorCode, message: String?) -> Response {
        let error: CallableValue = [
            "error": ["status": .string(status.statusName), "message": .string(message ?? status.defaultMessage)]
        ]
        return event((try? error.jsonData()) ?? Data(#"{"error":{"message":"INTERNAL","status":"INTERNAL"}}"#.utf8))
    }

    /// A stream of the one event `json`.
    private static func event(_ json: Data) -> Response {
        Response(
            status: .ok, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: Data("data: ".utf8) + json + Data("\n".utf8))))
    }

    private static var headers: HTTPFields {
        [.contentType: "text/event-stream", .cacheControl: "no-cache"]
    }
}
