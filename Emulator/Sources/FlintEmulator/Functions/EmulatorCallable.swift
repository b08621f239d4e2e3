// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintFunctions
import Foundation

/// A callable function served by the emulator's Functions service: the Swift counterpart of a
/// firebase-functions `onCall((request, response) => …)` handler.
///
/// The handler receives the call as an ``EmulatorCallable/Request`` (`request.data`, `request.auth`,
/// `request.app`, `request.instanceIDToken`, like firebase-functions' `CallableRequest`) and an
/// ``EmulatorCallable/Response`` to stream chunks with (`response.sendChunk(_:)`), and returns the call's
/// result. To answer with an error, throw a `FunctionsError` (Flint's counterpart of `HttpsError`: a
/// `FunctionsErrorCode`, a message and optional details); the caller receives exactly that code, message and
/// details. Any other error answers `INTERNAL` with the message `INTERNAL`: its text never reaches the caller.
///
/// ```swift
/// let emulator = try await FlintEmulator.start(
///     configuration: .ephemeral(),
///     functions: [
///         "addMessage": EmulatorCallable { request, _ in
///             guard let uid = request.auth?.uid else {
///                 throw FunctionsError(.unauthenticated, message: "Sign in first.")
///             }
///             guard let text = request.data["text"]?.stringValue, !text.isEmpty else {
///                 throw FunctionsError(.invalidArgument, message: "text is required", details: ["field": "text"])
///             }
///             return ["author": .string(uid), "text": .string(text)]
///         },
///         "progress": EmulatorCallable { request, response in
///             for step in 1...3 {
///                 response.sendChunk(["step": .int(Int64(step))])   // false when not streaming
///             }
///             return "done"
///         },
///     ])
/// ```
///
/// When the caller goes away (it stops reading a stream, or its connection closes) the handler's task is
/// cancelled, the counterpart of firebase-functions' `response.signal`: check `Task.isCancelled`, or let a
/// cancellable `await` throw.
public struct EmulatorCallable: Sendable {
    /// The handler: the call and a way to stream chunks in, the result out.
    public typealias Handler = @Sendable (_ request: Request, _ response: Response) async throws -> CallableValue

    /// The handler the function runs for each call.
    public let handler: Handler

    /// A callable function that runs `handler` for each call.
    public init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// One call of a callable function, as its handler sees it (firebase-functions' `CallableRequest`).
    public struct Request: Sendable, Hashable {
        /// The call's data (`{"data": …}` of the request), 64-bit integer wrappers decoded.
        public var data: CallableValue
        /// The signed-in caller (`Authorization: Bearer <ID token>`): its uid (the token's `user_id`, else `sub`),
        /// every claim of the token, and the token itself; nil for a call without an ID token. The token is
        /// decoded, not verified, as in the Firebase Functions emulator: unsigned tokens from the emulator's Auth
        /// service are accepted; a token that is not a JWT, or has expired, refuses the call with `UNAUTHENTICATED`.
        public var auth: CallableAuthContext?
        /// The App Check claims (`X-Firebase-AppCheck`) when the token is a JWT: the app ID (`app_id`, else `sub`)
        /// and every claim; nil otherwise. Not enforced: a call with a token that cannot be decoded still runs,
        /// as a function without `enforceAppCheck`.
        public var app: CallableAppCheckContext?
        /// The App Check token as sent; nil when none was sent.
        public var appCheckToken: String?
        /// The FCM registration token of the calling app (`Firebase-Instance-ID-Token`); nil when none was sent.
        public var instanceIDToken: String?
        /// Whether the caller asked for a stream (`Accept: text/event-stream`), so that
        /// ``EmulatorCallable/Response/sendChunk(_:)`` reaches it.
        public var acceptsStreaming: Bool
        /// The name the function was called by.
        public var functionName: String
        /// Every request header, names lowercased (firebase-functions' `rawRequest.headers`).
        public var headers: [String: String]

        /// A request with every part given (handy to call a handler directly in a test).
        public init(
            data: CallableValue, auth: CallableAuthContext? = nil, app: CallableAppCheckContext? = nil,
            appCheckToken: String? = nil, instanceIDToken: String? = nil, acceptsStreaming: Bool = false,
            functionName: String = "", headers: [String: String] = [:]
        ) {
            self.data = data
            self.auth = auth
            self.app = app
            self.appCheckToken = appCheckToken
            self.instanceIDToken = instanceIDToken
            self.acceptsStreaming = acceptsStreaming
            self.functionName = functionName
            self.headers = headers
        }
    }

    /// How a handler streams chunks to its caller (firebase-functions' `CallableResponse`).
    public struct Response: Sendable {
        private let sink: (@Sendable (CallableValue) -> Bool)?

        /// A response whose chunks go to `sendChunk` (which returns whether the chunk was sent); without it, one
        /// for a plain call, whose chunks go nowhere (handy to call a handler directly in a test).
        public init(sendChunk: (@Sendable (CallableValue) -> Bool)? = nil) {
            sink = sendChunk
        }

        /// Whether the caller asked for a stream; false for a plain call, which only receives the result.
        public var acceptsStreaming: Bool { sink != nil }

        /// Sends `chunk` to the caller as a `data: {"message": …}` event (firebase-functions'
        /// `response.sendChunk`). Returns false, sending nothing, when the caller did not ask for a stream or
        /// has gone away.
        @discardableResult
        public func sendChunk(_ chunk: CallableValue) -> Bool {
            sink?(chunk) ?? false
        }
    }

    /// The handler as the embedded backend's streaming handler.
    var streamHandler: CallableStreamHandler {
        let handler = handler
        return { data, context, sender in
            let request = Request(
                data: data, auth: context.auth, app: context.app, appCheckToken: context.appCheckToken,
                instanceIDToken: context.instanceIDToken, acceptsStreaming: sender.acceptsStreaming,
                functionName: context.functionName, headers: context.headers)
            let response = sender.acceptsStreaming ? Response(sendChunk: { sender.send($0) }) : Response()
            return try await handler(request, response)
        }
    }
}
