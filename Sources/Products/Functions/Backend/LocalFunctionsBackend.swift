// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

/// The embedded Functions backend: an in-process emulator of a Cloud Functions server, for development and
/// tests. It is every app's default ``FunctionsTransport``.
///
/// Handlers are registered by name (regions and custom domains are not told apart: the function name is the
/// request URL's last path component). The backend reads each request as a callable server does and answers
/// as one would, so the client goes through exactly the same protocol as over HTTP:
///
/// - the body must be `application/json`, a JSON object whose only member is `data`
///   (`400 INVALID_ARGUMENT "Bad Request"` otherwise), Int64 wrappers are decoded before the handler sees the data;
/// - an `Authorization: Bearer <token>` header (`Bearer` in any case) must carry a valid local JWT (``CallableAuthContext``: uid
///   from `user_id` or `sub`, not expired according to `now`); anything else is
///   `401 UNAUTHENTICATED "Unauthenticated"`. Without the header the handler sees `context.auth == nil`;
/// - an unknown name answers `404` with a plain-text body (the client reads `notFound`);
/// - a handler's result is sent as `{"result": …}`; a thrown ``FunctionsError`` as
///   `{"error": {"status", "message", "details"}}` with the code's HTTP status; any other error as
///   `500 {"error": {"status": "INTERNAL", "message": "INTERNAL"}}`.
///
/// Streaming handlers (``register(name:streamHandler:)``) send messages while they run; a streaming call
/// (``HTTPSCallable/stream(_:)``) receives them as `text/event-stream` events, as from a deployed function
/// (see ``stream(_:)``).
///
/// Tokens are not signature-checked (local JWTs have no signature), and App Check is not enforced: this is
/// an emulator, never a security boundary. Pass one backend to several apps (as an override) and they
/// call the same functions, like clients of one project.
///
/// ```swift
/// let backend = LocalFunctionsBackend()
/// backend.register(name: "whoAmI") { _, context in
///     guard let auth = context.auth else { throw FunctionsError(.unauthenticated, message: "Sign in first.") }
///     return ["uid": .string(auth.uid)]
/// }
/// let app = try registry.configure(options: options, overrides: [.instance(backend, as: FunctionsTransport.self)])
/// ```
public final class LocalFunctionsBackend: FunctionsTransport {
    private let handlers = Locked<[String: CallableStreamHandler]>([:])
    private let now: @Sendable () -> Date

    /// A backend with no functions; `now` is the clock used to check ID-token expiry (`exp`).
    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    /// Registers (or replaces) the function `name`.
    public func register(name: String, handler: @escaping CallableHandler) {
        handlers.withLock { $0[name] = { data, context, _ in try await handler(data, context) } }
    }

    /// Registers (or replaces) the streaming function `name`: a streaming call
    /// (``HTTPSCallable/stream(_:)``) receives each message the handler sends, then its result; a plain call
    /// receives only the result (``CallableStreamSender/acceptsStreaming`` is false).
    public func register(name: String, streamHandler: @escaping CallableStreamHandler) {
        handlers.withLock { $0[name] = streamHandler }
    }

    /// Removes the function `name`; later calls answer `404`.
    public func unregister(name: String) {
        handlers.withLock { $0[name] = nil }
    }

    /// The names of the registered functions, sorted.
    public var functionNames: [String] {
        handlers.withLock { $0.keys.sorted() }
    }

    /// The answer to a request refused before its handler runs.
    private struct Refusal: Error {
        let response: CallableResponse
    }

    /// What every call needs before its handler runs, or the answer refusing it: 404 for an unknown name, the
    /// error response for a bad body or an invalid ID token.
    private func prepare(_ request: CallableRequest)
        -> Result<(CallableStreamHandler, CallableValue, CallableContext), Refusal>
    {
        let name = request.functionName
        guard let handler = handlers.withLock({ $0[name] }) else {
            return .failure(
                Refusal(
                    response: CallableResponse(
                        statusCode: 404,
                        body: Data("Function \(name) does not exist.".utf8))))
        }
        do {
            return .success((handler, try Self.data(of: request), try callerContext(of: request)))
        } catch {
            return .failure(Refusal(response: Self.errorResponse(error)))
        }
    }

    /// Serves `request` as a callable server would and returns its answer.
    public func send(_ request: CallableRequest) async throws -> CallableResponse {
        let (handler, data, context): (CallableStreamHandler, CallableValue, CallableContext)
        switch prepare(request) {
        case .success(let prepared): (handler, data, context) = prepared
        case .failure(let refusal): return refusal.response
        }
        do {
            let result = try await handler(data, context, CallableStreamSender(sink: nil))
            return try CallableResponse(statusCode: 200, json: ["result": result])
        } catch let error as FunctionsError {
            return Self.errorResponse(error)
        } catch {
            return Self.errorResponse(FunctionsError(.internal))
        }
    }

    /// Serves a streaming `request` as a callable server does: an unknown name is answered `404`, as by
    /// ``send(_:)``; anything else `200` with a `text/event-stream` body: a `data: {"message": …}` event per
    /// message the handler sends, then `data: {"result": …}`, or `data: {"error": {…}}` when it throws or the
    /// request is refused before it runs (bad body, invalid ID token), as firebase-functions' `onCall` answers a
    /// streaming request. Ending the body's iteration cancels the handler's task.
    public func stream(_ request: CallableRequest) async throws -> CallableStreamingResponse {
        let (handler, data, context): (CallableStreamHandler, CallableValue, CallableContext)
        switch prepare(request) {
        case .success(let prepared): (handler, data, context) = prepared
        case .failure(let refusal): return Self.streamingResponse(refusal)
        }
        let (body, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        let sender = CallableStreamSender { message in
            guard let event = Self.event(["message": message]) else { return false }
            if case .enqueued = continuation.yield(event) { return true }
            return false
        }
        let task = Task {
            let answer: CallableValue
            do {
                answer = ["result": try await handler(data, context, sender)]
            } catch let error as FunctionsError {
                answer = Self.errorBody(error)
            } catch {
                answer = Self.errorBody(FunctionsError(.internal))
            }
            if let event = Self.event(answer) ?? Self.event(Self.errorBody(FunctionsError(.internal))) {
                continuation.yield(event)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return CallableStreamingResponse(statusCode: 200, body: body)
    }

    /// `value` as one server-sent event (`data: <json>` and a blank line); nil when it is not valid JSON.
    private static func event(_ value: CallableValue) -> Data? {
        guard let json = try? value.jsonData() else { return nil }
        return Data("data: ".utf8) + json + Data("\n\n".utf8)
    }

    /// A refusal as a streaming answer: its error body as the only event of a `200` stream (the unknown name's
    /// `404`, which has no error body, as it is).
    private static func streamingResponse(_ refusal: Refusal) -> CallableStreamingResponse {
        let (body, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        var statusCode = refusal.response.statusCode
        if case .object(let members)? = try? CallableValue(jsonData: refusal.response.body), members["error"] != nil {
            statusCode = 200
            continuation.yield(Data("data: ".utf8) + refusal.response.body + Data("\n\n".utf8))
        } else {
            continuation.yield(refusal.response.body)
        }
        continuation.finish()
        return CallableStreamingResponse(statusCode: statusCode, body: body)
    }

    // MARK: - Reading the request

    /// The call's data: the body's `data` member, Int64 wrappers decoded. As firebase-functions'
    /// `isValidRequest`, the media type must be `application/json` (parameters such as `charset` ignored) and
    /// `data` the body's only member.
    private static func data(of request: CallableRequest) throws(FunctionsError) -> CallableValue {
        let badRequest = FunctionsError(.invalidArgument, message: "Bad Request")
        let mediaType = request.header("Content-Type")?.split(separator: ";", maxSplits: 1).first
        guard request.httpMethod == "POST",
            mediaType?.trimmingCharacters(in: .whitespaces).lowercased() == "application/json",
            case .object(let body)? = try? CallableValue(jsonData: request.body),
            let data = body["data"], body.count == 1,
            let decoded = try? CallableSerializer.decode(data)
        else {
            throw badRequest
        }
        return decoded
    }

    /// Who is calling, from the request's token headers.
    private func callerContext(of request: CallableRequest) throws(FunctionsError) -> CallableContext {
        var context = CallableContext(functionName: request.functionName, headers: request.headers)
        if let authorization = request.header("Authorization") {
            context.auth = try authContext(authorization)
        }
        if let appCheckToken = request.header("X-Firebase-AppCheck") {
            context.appCheckToken = appCheckToken
            if let claims = try? LocalJWT.decode([String: CallableValue].self, from: appCheckToken) {
                let appID = claims["app_id"]?.stringValue ?? claims["sub"]?.stringValue ?? ""
                context.app = CallableAppCheckContext(appID: appID, token: claims)
            }
        }
        context.instanceIDToken = request.header("Firebase-Instance-ID-Token")
        return context
    }

    /// The caller from an `Authorization` header; `unauthenticated` unless it is a valid, unexpired local JWT.
    private func authContext(_ authorization: String) throws(FunctionsError) -> CallableAuthContext {
        let unauthenticated = FunctionsError(.unauthenticated, message: "Unauthenticated")
        // `Bearer` in any case, as firebase-functions matches it (`/^Bearer (.*)$/i`).
        let prefix = "bearer "
        guard authorization.lowercased().hasPrefix(prefix) else { throw unauthenticated }
        let token = String(authorization.dropFirst(prefix.count))
        guard let claims = try? LocalJWT.decode([String: CallableValue].self, from: token),
            let uid = claims["user_id"]?.stringValue ?? claims["sub"]?.stringValue,
            !uid.isEmpty
        else {
            throw unauthenticated
        }
        if let expiry = claims["exp"]?.doubleValue, expiry <= now().timeIntervalSince1970 {
            throw unauthenticated
        }
        return CallableAuthContext(uid: uid, token: claims, rawToken: token)
    }

    // MARK: - Answering

    /// The answer a callable server sends for `error`.
    private static func errorResponse(_ error: FunctionsError) -> CallableResponse {
        if let response = try? CallableResponse(statusCode: error.code.httpStatus, json: errorBody(error)) {
            return response
        }
        // The details hold a non-finite number: answer as a server whose handler failed.
        return internalErrorResponse
    }

    /// `{"error": {"status", "message", "details"}}` for `error`.
    private static func errorBody(_ error: FunctionsError) -> CallableValue {
        var body: [String: CallableValue] = [
            "status": .string(error.code.statusName),
            "message": .string(error.message),
        ]
        if let details = error.details {
            body["details"] = details
        }
        return ["error": .object(body)]
    }

    /// `500 {"error":{"message":"INTERNAL","status":"INTERNAL"}}`.
    private static let internalErrorResponse = CallableResponse(
        statusCode: 500, body: Data(#"{"error":{"message":"INTERNAL","status":"INTERNAL"}}"#.utf8))

    /// The answer for any failure while reading the request.
    private static func errorResponse(_ error: any Error) -> CallableResponse {
        (error as? FunctionsError).map(errorResponse) ?? internalErrorResponse
    }
}
