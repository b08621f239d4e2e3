// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintProductSupport
import Foundation

/// The client for callable Cloud Functions of one app, region or custom domain (Firebase's `Functions`).
///
/// ```swift
/// FlintApp.registerLibrary(FunctionsLibrary.self)
/// try FlintApp.configure(options: options)
/// let functions = try Functions.functions()                       // default app, us-central1
/// let result = try await functions.httpsCallable("addMessage").call(["text": "Hello"])
/// ```
///
/// **Instances.** Each app's container holds one provider (registered by ``FunctionsLibrary``), which keeps
/// one instance per region and per custom domain and releases them when the app is deleted. The entry
/// points follow the shape of every product ("Product entry points" in FlintCore's Component System guide):
/// `throws(ComponentError)`, never optional, never trapping. Besides the common cases,
/// `ComponentError.invalidOptions(product:reason:)` when the app's options have no `projectID`.
///
/// **Where calls go.** A call goes to the app's ``FunctionsTransport`` component: by default an embedded
/// ``LocalFunctionsBackend`` (an in-process emulator for development and tests); an app configured with
/// `overrides: [.instance(HTTPFunctionsTransport(), as: FunctionsTransport.self)]` calls over HTTP the URL
/// `https://{region}-{projectID}.cloudfunctions.net/{name}` (or `{customDomain}/{name}`). After
/// ``useEmulator(withHost:port:)`` an instance always calls over HTTP the URL
/// `http://{host}:{port}/{projectID}/{region}/{name}`.
///
/// **What a call sends.** `POST` with `Content-Type: application/json` and the body `{"data": <value>}`, every
/// integer wrapped as `{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"<digits>"}`; and,
/// when the app provides them (optional dependencies) and the URL is HTTPS or a loopback host (else a call with an
/// ID or App Check token fails with `unauthenticated`; see ``allowInsecureTokenAttachment``),
/// `Authorization: Bearer <ID token>` (`AuthInterop`), `Firebase-Instance-ID-Token` (`MessagingInterop`)
/// and `X-Firebase-AppCheck` (`AppCheckInterop`). Without Auth, Messaging or App Check in the app, the
/// request simply lacks that header; nothing else changes.
public final class Functions: Sendable {
    /// The default region, `us-central1`.
    public static let defaultRegion = "us-central1"

    /// The region of this instance's functions.
    public let region: String
    /// The custom domain of this instance (e.g. `https://mydomain.com`), or nil.
    public let customDomain: String?
    /// The project the functions belong to (the app's `projectID`).
    public let projectID: String
    /// The name of the app this instance belongs to.
    public let appName: String

    private let contextProvider: FunctionsContextProvider
    private let transport: any FunctionsTransport
    private let emulator = Locked<Emulator?>(nil)
    /// The streams in progress, finished when the app is deleted.
    private let streams = Locked(OpenStreams())
    /// The calls in flight, ended when the app is deleted.
    private let calls = InFlightOperations()
    /// The most bytes of events a stream keeps for its caller (`CallableStreamParser.maximumUnreadSize`; tests lower
    /// it).
    let maximumUnreadStreamSize = Locked(CallableStreamParser.maximumUnreadSize)
    /// ``allowInsecureTokenAttachment`` (always false outside debug builds).
    private let insecureTokens = Locked(false)

    /// Where ``useEmulator(withHost:port:)`` pointed this instance, and the HTTP transport to get there.
    private struct Emulator: Sendable {
        let origin: String
        let transport: HTTPFunctionsTransport
    }

    /// The app this Functions belongs to (Firebase's `app`); nil once the app is gone. Weak: Functions never keeps its
    /// app alive.
    public var app: FlintApp? { appReference }
    private weak let appReference: FlintApp?

    init(
        appName: String, projectID: String, region: String, customDomain: String?,
        contextProvider: FunctionsContextProvider, transport: any FunctionsTransport, app: FlintApp? = nil
    ) {
        self.appName = appName
        appReference = app
        self.projectID = projectID
        self.region = region
        self.customDomain = customDomain
        self.contextProvider = contextProvider
        self.transport = transport
    }

    // MARK: - Entry points

    /// The instance of the default app for region `us-central1`.
    ///
    /// - Throws: `ComponentError.defaultAppNotConfigured` without a default app, then the errors of
    ///   ``functions(app:region:)``.
    public static func functions() throws(ComponentError) -> Functions {
        try functions(app: ProductEntryPoint.defaultApp(), region: defaultRegion)
    }

    /// The instance of `app` for region `us-central1`.
    ///
    /// - Throws: the errors of ``functions(app:region:)``.
    public static func functions(app: FlintApp) throws(ComponentError) -> Functions {
        try functions(app: app, region: defaultRegion)
    }

    /// The instance of the default app for `region` (e.g. `europe-west1`).
    ///
    /// - Throws: `ComponentError.defaultAppNotConfigured` without a default app, then the errors of
    ///   ``functions(app:region:)``.
    public static func functions(region: String) throws(ComponentError) -> Functions {
        try functions(app: ProductEntryPoint.defaultApp(), region: region)
    }

    /// The instance of the default app for `customDomain` (e.g. `https://mydomain.com`).
    ///
    /// - Throws: `ComponentError.defaultAppNotConfigured` without a default app, then the errors of
    ///   ``functions(app:customDomain:)``.
    public static func functions(customDomain: String) throws(ComponentError) -> Functions {
        try functions(app: ProductEntryPoint.defaultApp(), customDomain: customDomain)
    }

    /// The instance of `app` for `region`; the same object every time for the same app and region.
    ///
    /// - Throws: `ComponentError.libraryNotRegistered(type:library:)` when ``FunctionsLibrary`` was not
    ///   registered before `app` was configured, `ComponentError.appDeleted(name:)` for a deleted app,
    ///   `ComponentError.invalidOptions(product:reason:)` when the app's options have no `projectID`.
    public static func functions(app: FlintApp, region: String) throws(ComponentError) -> Functions {
        try provider(of: app).functions(region: region, customDomain: nil)
    }

    /// The instance of `app` for `customDomain` (region `us-central1`); the same object every time for the
    /// same app and domain.
    ///
    /// - Throws: the errors of ``functions(app:region:)``.
    public static func functions(app: FlintApp, customDomain: String) throws(ComponentError) -> Functions {
        try provider(of: app).functions(region: defaultRegion, customDomain: customDomain)
    }

    /// The provider of `app`'s instances.
    private static func provider(of app: FlintApp) throws(ComponentError) -> any FunctionsProvider {
        try ProductEntryPoint.require(
            FunctionsProvider.self, in: app, product: Functions.self,
            library: FunctionsLibrary.self)
    }

    // MARK: - Configuration

    /// Points this instance at a Functions emulator: later references (``httpsCallable(_:options:)-(String,_)``) call
    /// `http://{host}:{port}/{projectID}/{region}/{name}` over HTTP, whatever the app's transport.
    /// A `host` starting with `http` is used as the origin's scheme and host as is.
    public func useEmulator(withHost host: String, port: Int) {
        let prefix = host.hasPrefix("http") ? "" : "http://"
        let origin = "\(prefix)\(host):\(port)"
        let transport = HTTPFunctionsTransport()
        emulator.withLock { $0 = Emulator(origin: origin, transport: transport) }
    }

    #if DEBUG
        /// Whether calls may carry the ID and App Check tokens over plain HTTP to a host that is not loopback: an
        /// emulator on another machine, reached from a device by its network address (the SDK's debug-only escape
        /// hatch, false by default). Without it such a call fails with `unauthenticated`
        /// before anything is sent when it would carry a token, and goes without the FCM token otherwise.
        ///
        /// Only in debug builds, as in the SDK, so that a release build can never send tokens unencrypted.
        public var allowInsecureTokenAttachment: Bool {
            get { insecureTokens.withLock { $0 } }
            set { insecureTokens.withLock { $0 = newValue } }
        }
    #endif

    /// The emulator origin set by ``useEmulator(withHost:port:)`` (e.g. `http://127.0.0.1:5001`), or nil.
    public var emulatorOrigin: String? {
        emulator.withLock { $0?.origin }
    }

    /// The app's embedded backend, to register handlers on; nil when the app's ``FunctionsTransport`` is not
    /// a ``LocalFunctionsBackend`` (e.g. it was overridden with ``HTTPFunctionsTransport``).
    public var localBackend: LocalFunctionsBackend? {
        transport as? LocalFunctionsBackend
    }

    // MARK: - References

    /// A reference to the callable function `name`.
    public func httpsCallable(_ name: String, options: HTTPSCallableOptions = HTTPSCallableOptions()) -> HTTPSCallable {
        let emulator = emulator.withLock { $0 }
        let url = Result { () throws(FunctionsError) -> URL in
            try functionURL(for: name, emulatorOrigin: emulator?.origin)
        }
        return HTTPSCallable(
            functions: self, name: name, url: url,
            transport: emulator?.transport ?? transport, options: options)
    }

    /// A reference to the callable function at exactly `url` (Firebase's `httpsCallable(_ url:)`), e.g. a
    /// function behind a load balancer or a Cloud Run URL. Calls go through the same transport as references by
    /// name (the emulator's HTTP transport after ``useEmulator(withHost:port:)``, which does not rewrite `url`).
    ///
    /// `url` must be an `http` or `https` URL with a host and a plain path (the custom-domain rules of
    /// `FunctionURL`); any other URL fails every call with `invalidArgument` before a token is read. The ID,
    /// FCM and App Check tokens go only to `url`'s host, and only over HTTPS or to a loopback host.
    public func httpsCallable(_ url: URL, options: HTTPSCallableOptions = HTTPSCallableOptions()) -> HTTPSCallable {
        let emulator = emulator.withLock { $0 }
        let checked = Result { () throws(FunctionsError) -> URL in try FunctionURL.validate(callableURL: url) }
        return HTTPSCallable(
            functions: self, name: url.lastPathComponent, url: checked,
            transport: emulator?.transport ?? transport, options: options)
    }

    /// A typed reference to the callable function at exactly `url` (see ``httpsCallable(_:options:)-(URL,_)``).
    public func httpsCallable<Request: Encodable, Response: Decodable>(
        _ url: URL,
        options: HTTPSCallableOptions = HTTPSCallableOptions(),
        requestAs: Request.Type = Request.self,
        responseAs: Response.Type = Response.self,
        encoder: JSONEncoder = JSONEncoder(),
        decoder: JSONDecoder = JSONDecoder()
    ) -> Callable<Request, Response> {
        Callable(callable: httpsCallable(url, options: options), encoder: encoder, decoder: decoder)
    }

    /// A typed reference to the callable function `name`: `Request` is encoded to JSON with `encoder`,
    /// the result decoded into `Response` with `decoder`.
    public func httpsCallable<Request: Encodable, Response: Decodable>(
        _ name: String,
        options: HTTPSCallableOptions = HTTPSCallableOptions(),
        requestAs: Request.Type = Request.self,
        responseAs: Response.Type = Response.self,
        encoder: JSONEncoder = JSONEncoder(),
        decoder: JSONDecoder = JSONDecoder()
    ) -> Callable<Request, Response> {
        Callable(callable: httpsCallable(name, options: options), encoder: encoder, decoder: decoder)
    }

    /// The URL of function `name`: the emulator's, the custom domain's or the production one, in that order
    /// of precedence (see ``FunctionURL``).
    /// - Throws: ``FunctionsError`` `invalidArgument` when the name, region, project ID, custom domain or
    ///   emulator origin would change the request's host or escape its path.
    func functionURL(for name: String, emulatorOrigin: String? = nil) throws(FunctionsError) -> URL {
        try FunctionURL.make(
            name: name, region: region, projectID: projectID, customDomain: customDomain,
            emulatorOrigin: emulatorOrigin)
    }

    // MARK: - Calling

    /// Builds the request, sends it through `transport` within `timeout` and reads the answer.
    /// A `url` that could not be built fails the call with its `invalidArgument` error before any token is
    /// read or any request made.
    func call(
        name: String, url: Result<URL, FunctionsError>, data: CallableValue, options: HTTPSCallableOptions,
        timeout: TimeInterval, transport: any FunctionsTransport
    ) async throws -> HTTPSCallableResult {
        let url = try url.get()
        let request = try await makeRequest(url: url, data: data, options: options, timeout: timeout)
        let response = try await CallDeadline.run(seconds: timeout, in: calls) {
            try await transport.send(request)
        }
        return HTTPSCallableResult(data: try CallableResponseParser.result(of: response))
    }

    /// Starts a streaming call: the request of ``call(name:url:data:options:timeout:transport:)`` with
    /// `Accept: text/event-stream`, sent through `transport`'s ``FunctionsTransport/stream(_:)`` and read by
    /// ``CallableStreamParser``. The whole stream must end within `timeout` (else `deadlineExceeded`); ending
    /// the iteration early cancels the call, which closes the connection. At most
    /// `CallableStreamParser.maximumUnreadSize` bytes of events wait for the caller: past it the stream ends with
    /// `resourceExhausted` (after the elements already waiting) and the connection is closed.
    func stream(
        url: Result<URL, FunctionsError>, data: CallableValue, options: HTTPSCallableOptions,
        timeout: TimeInterval, transport: any FunctionsTransport
    ) -> AsyncThrowingStream<JSONStreamResponse, any Error> {
        // Bounded by `Int.max` rather than unbounded, so that each yield tells how many elements wait unread.
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: JSONStreamResponse.self, bufferingPolicy: .bufferingOldest(.max))
        let limit = maximumUnreadStreamSize.withLock { $0 }
        let work = Task {
            do {
                var request = try await makeRequest(url: url.get(), data: data, options: options, timeout: timeout)
                request.headers["Accept"] = "text/event-stream"
                let response = try await transport.stream(request)
                var unread = UnreadBytes()
                try await CallableStreamParser.read(response) { element, size in
                    let waiting = unread.record(size, after: continuation.yield(element))
                    if waiting > limit { throw CallableStreamParser.unreadLimitError(limit) }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        let timer = Task {
            guard timeout.isFinite else { return }
            try? await Task.sleep(for: .seconds(max(timeout, 0)))
            guard !Task.isCancelled else { return }
            continuation.finish(throwing: FunctionsError(.deadlineExceeded))
        }
        let token = streams.withLock { streams -> Int? in
            guard !streams.isTerminated else { return nil }
            defer { streams.next += 1 }
            streams.finishers[streams.next] = {
                continuation.finish(throwing: FunctionsError(.cancelled, message: "The app was deleted."))
            }
            return streams.next
        }
        continuation.onTermination = { [streams] _ in
            work.cancel()
            timer.cancel()
            if let token { _ = streams.withLock { $0.finishers.removeValue(forKey: token) } }
        }
        if token == nil {
            continuation.finish(throwing: FunctionsError(.cancelled, message: "The app was deleted."))
        }
        return stream
    }

    /// Ends every call and stream in progress with `cancelled` (closing its connection) and every later one at once:
    /// the instance's app was deleted.
    func terminateStreams() {
        calls.close()
        let finishers = streams.withLock { streams in
            streams.isTerminated = true
            defer { streams.finishers = [:] }
            return Array(streams.finishers.values)
        }
        for finish in finishers { finish() }
    }

    /// The request for one call: body, content type and the caller's tokens. Tokens go only where
    /// `TokenTransport` allows: over plain HTTP to a host that is not loopback a call with an ID or App Check token
    /// fails with `unauthenticated` (as the SDK's does), and one without them goes without its FCM token.
    func makeRequest(
        url: URL, data: CallableValue, options: HTTPSCallableOptions,
        timeout: TimeInterval
    ) async throws -> CallableRequest {
        var headers = ["Content-Type": "application/json"]
        let context = try await contextProvider.context(options: options)
        if TokenTransport.allowsTokens(to: url, allowingInsecure: insecureTokens.withLock { $0 }) {
            if let token = context.authToken { headers["Authorization"] = "Bearer \(token)" }
            if let token = context.fcmToken { headers["Firebase-Instance-ID-Token"] = token }
            if let token = context.appCheckToken { headers["X-Firebase-AppCheck"] = token }
        } else if context.authToken != nil || context.appCheckToken != nil {
            throw FunctionsError(.unauthenticated, message: TokenTransport.refusalMessage(host: url.host ?? ""))
        }
        return CallableRequest(
            url: url, headers: headers, body: try CallableSerializer.requestBody(data),
            timeout: timeout)
    }
}

/// The streaming calls of one ``Functions`` instance that are still open.
private struct OpenStreams {
    var isTerminated = false
    var next = 0
    var finishers: [Int: @Sendable () -> Void] = [:]
}
