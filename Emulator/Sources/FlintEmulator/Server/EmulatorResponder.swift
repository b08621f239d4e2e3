// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Hummingbird
import Logging
import NIOCore

/// One service's routes: answers a request, or throws ``EmulatorHTTPError``.
protocol EmulatorServiceHandler: Sendable {
    /// The answer to `request`.
    func respond(to request: EmulatorRequest) async throws -> Response

    /// The answer for a failed request, in the service's error shape (Google's by default).
    func errorResponse(_ error: EmulatorHTTPError) -> Response

    /// Whether `request` (whose body is not read yet) gets its body as a stream (``EmulatorRequest/bodyStream``,
    /// no size limit: the handler bounds what it keeps) rather than collected up to the limit. False by default.
    func streamsBody(of request: EmulatorRequest) -> Bool
}

extension EmulatorServiceHandler {
    func streamsBody(of request: EmulatorRequest) -> Bool { false }

    func errorResponse(_ error: EmulatorHTTPError) -> Response {
        EmulatorResponse.json(error.googleAPIBody, status: error.status)
    }
}

/// The request context of the emulator's servers (nothing beyond Hummingbird's core).
struct EmulatorRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }
}

/// Reads a request's body (up to the limit), or hands it over unread to a service that streams it, and hands the
/// request to the service; every failure becomes an error answer in the service's shape, never a dropped
/// connection.
struct EmulatorResponder: HTTPResponder {
    typealias Context = EmulatorRequestContext

    let handler: any EmulatorServiceHandler
    let maximumBodySize: Int

    func respond(to request: Request, context: EmulatorRequestContext) async -> Response {
        do {
            var emulatorRequest = EmulatorRequest(
                method: request.method, path: request.uri.path,
                query: EmulatorRequest.queryParameters(of: request.uri.query), headers: request.headers,
                body: Data())
            emulatorRequest.authority = request.head.authority
            if handler.streamsBody(of: emulatorRequest) {
                emulatorRequest.bodyStream = request.body
                return try await handler.respond(to: emulatorRequest)
            }
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: maximumBodySize)
            } catch is NIOTooManyBytesError {
                throw EmulatorHTTPError(
                    .contentTooLarge, "PAYLOAD_TOO_LARGE : the request body is over \(maximumBodySize) bytes")
            }
            emulatorRequest.body = Data(body.readableBytesView)
            return try await handler.respond(to: emulatorRequest)
        } catch let error as EmulatorHTTPError {
            return handler.errorResponse(error)
        } catch {
            return handler.errorResponse(EmulatorHTTPError(.internalServerError, "INTERNAL : \(error)"))
        }
    }
}
