// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``MessagingBackend`` that speaks HTTP: token registration with the FCM registrations API, topic
/// operations with the Instance ID API shape. ``Messaging/useEmulator(withHost:port:)`` points an instance at
/// one server for both.
///
/// | operation | request |
/// |---|---|
/// | ``register(_:)`` | `POST {registrations}/v1/projects/{project}/registrations`, body `{"installation": {"fid", "appId", "senderId"}}` (and `"ios": {"apns_token", "apns_environment"}` once an APNs token is set); the answer's `token` |
/// | ``deleteRegistration(token:request:)`` | `DELETE {registrations}/v1/projects/{project}/registrations/{token}` |
/// | ``registerInstallation(_:)`` | `POST {registrations}/v1/projects/{project}/registrations`, body `{"ios": {"apns_token", "app_version", "apns_environment", "bundle_id"}, "fcm_sdk_version"}` (Firebase 12's); the answer's `name` |
/// | ``deleteInstallationRegistration(installationID:request:)`` | `DELETE {registrations}/v1/projects/{project}/registrations/{installation ID}` |
/// | ``subscribe(token:toTopic:request:)`` | `POST {topics}/iid/v1/{token}/rel/topics/{topic}` |
/// | ``unsubscribe(token:fromTopic:request:)`` | `DELETE {topics}/iid/v1/{token}/rel/topics/{topic}` |
///
/// Every request carries `x-goog-api-key` (when the options have an API key) and
/// `x-goog-firebase-installations-auth: FIS {installation auth token}`, as Firebase's web SDK sends them. The
/// URL paths are Firebase's; the registration body is Flint's (Apple clients register through a check-in
/// protocol that needs APNs, which Flint does not model). Every path segment taken from input (project, token,
/// topic) is percent-encoded, so none can change the host or the path. Redirects are refused.
///
/// Errors: `{"error": {"message"}}` or the HTTP status become a ``MessagingError``: 400 and 404
/// `invalidRequest`, 401 and 403 `authentication`, 408 and 504 `timeout`, other statuses `unknown`; a transport
/// failure `network` (`timeout` when it timed out).
///
/// **Receiving.** FCM's HTTP APIs have no push channel: against them ``addReceiver(token:_:)`` delivers nothing.
/// A server that has one says so with the header `X-Flint-Message-Stream: 1` on its answers (`flint-emulator`
/// does): from the first such answer on, each receiver reads the messages sent to its token from
/// `GET {registrations}/emulator/v1/registrations/{token}/messages` (`text/event-stream`, each `message`
/// event `{"messageId", "from", "data", "sentTime"}`), so ``Messaging/foregroundMessages`` yields what the
/// server's send endpoint delivers. Receivers added before that answer connect when it arrives.
///
/// **Bounds.** ``timeout`` bounds each request as a whole, from its start to the answer's last byte (not only the
/// time between two packets): a server dribbling its answer fails it with `timeout` at the deadline. An answer is
/// read against ``maximumResponseSize`` as it arrives: past it the connection is closed and the request fails with
/// `unknown`, having buffered no more than the limit.
public final class HTTPMessagingBackend: MessagingBackend, Sendable {
    /// Where registrations go, e.g. `https://fcmregistrations.googleapis.com`.
    public let registrationsOrigin: URL
    /// Where topic operations go, e.g. `https://iid.googleapis.com`.
    public let topicsOrigin: URL
    /// How long one request may take, as a whole: from its start to the answer's last byte (60 s by default).
    public let timeout: TimeInterval
    /// The largest answer read (64 KiB): a registration or topic answer is a few hundred bytes.
    public static let maximumResponseSize = 64 << 10
    private let session: URLSession
    /// Whether the server announced its receive channel, and the receivers waiting for it.
    private let channel = Locked(Channel())

    private struct Channel {
        var announced = false
        var waiting: [WeakReceiver] = []
    }

    private struct WeakReceiver {
        weak var receiver: HTTPMessagingReceiver?
    }

    /// The header with which a server announces its receive channel.
    public static let messageStreamHeader = "X-Flint-Message-Stream"

    /// A backend for the production hosts, or for `registrationsOrigin` and `topicsOrigin`.
    public init(
        registrationsOrigin: URL = URL(string: "https://fcmregistrations.googleapis.com")!,
        topicsOrigin: URL = URL(string: "https://iid.googleapis.com")!,
        timeout: TimeInterval = 60
    ) {
        self.registrationsOrigin = registrationsOrigin
        self.topicsOrigin = topicsOrigin
        self.timeout = timeout
        session = CredentialSafeSession.make()
    }

    /// Both kinds of request to one server, e.g. `http://127.0.0.1:9099`.
    public convenience init(origin: URL, timeout: TimeInterval = 60) {
        self.init(registrationsOrigin: origin, topicsOrigin: origin, timeout: timeout)
    }

    deinit {
        let session = session
        URLSessionCalls.run { session.invalidateAndCancel() }
    }

    // MARK: - MessagingBackend

    /// Registers and returns the answer's `token`.
    public func register(_ request: MessagingRegistrationRequest) async throws -> String {
        var body: [String: Any] = [
            "installation": [
                "fid": request.installationID, "appId": request.appID,
                "senderId": request.senderID,
            ]
        ]
        if let apnsToken = request.apnsTokenHex {
            body["ios"] = ["apns_token": apnsToken, "apns_environment": request.apnsTokenType.environment]
        }
        let url = try registrationsURL(for: request, extra: [])
        let data = try await send(
            "POST", url, body: try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]),
            request: request)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let token = object["token"] as? String, !token.isEmpty
        else {
            throw MessagingError(.unknown, message: "The registration answer has no token.")
        }
        return token
    }

    /// Registers the installation ID as Firebase 12's `FIRMessagingFIDRegisterOperation` does: `POST
    /// {registrations}/v1/projects/{project}/registrations` with `{"ios": {"apns_token", "app_version",
    /// "apns_environment", "bundle_id"}, "fcm_sdk_version"}`; the answer's `name`
    /// (`projects/{project}/registrations/{installation ID}`) gives the installation ID.
    ///
    /// - Throws: ``MessagingError`` `invalidRequest` without an APNs token ("APNS token missing in options.") or
    ///   a project ID; `unknown` for an answer without a registration name; the errors of every request.
    public func registerInstallation(_ request: MessagingRegistrationRequest) async throws -> String {
        guard let apnsToken = request.apnsTokenHex else {
            throw MessagingError(.invalidRequest, message: "APNS token missing in options.")
        }
        let body: [String: Any] = [
            "ios": [
                "apns_token": apnsToken, "app_version": "", "apns_environment": request.apnsTokenType.environment,
                "bundle_id": request.bundleID ?? "",
            ],
            "fcm_sdk_version": "fcm-\(MessagingLibrary.libraryVersion)",
        ]
        let data = try await send(
            "POST", try registrationsURL(for: request, extra: []),
            body: try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]), request: request,
            bareAuthToken: true)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let name = object["name"] as? String, let range = name.range(of: "/registrations/"),
            !name[range.upperBound...].isEmpty
        else {
            throw MessagingError(.unknown, message: "Failed to extract FID from response.")
        }
        return String(name[range.upperBound...])
    }

    /// Deletes the registration of `installationID`: `DELETE {registrations}/v1/projects/{project}/registrations/{id}`.
    public func deleteInstallationRegistration(installationID: String, request: MessagingRegistrationRequest)
        async throws
    {
        _ = try await send(
            "DELETE", try registrationsURL(for: request, extra: [installationID]), body: nil, request: request,
            bareAuthToken: true)
    }

    /// Deletes the registration of `token`.
    public func deleteRegistration(token: String, request: MessagingRegistrationRequest) async throws {
        _ = try await send("DELETE", try registrationsURL(for: request, extra: [token]), body: nil, request: request)
    }

    /// Adds the topic relation of `token`.
    public func subscribe(token: String, toTopic topic: String, request: MessagingRegistrationRequest) async throws {
        _ = try await send("POST", topicURL(token: token, topic: topic), body: nil, request: request)
    }

    /// Removes the topic relation of `token`.
    public func unsubscribe(token: String, fromTopic topic: String, request: MessagingRegistrationRequest) async throws
    {
        _ = try await send("DELETE", topicURL(token: token, topic: topic), body: nil, request: request)
    }

    /// Reads the messages sent to `token` from the server's receive channel once the server announced one (see
    /// the type's documentation); delivers nothing otherwise.
    public func addReceiver(token: String, _ receive: @escaping @Sendable (MessagingRemoteMessage) -> Void)
        -> any ListenerRegistration
    {
        let receiver = HTTPMessagingReceiver(
            url: Self.url(registrationsOrigin, ["emulator", "v1", "registrations", token, "messages"]),
            receive: receive)
        let announced = channel.withLock { channel -> Bool in
            if !channel.announced {
                channel.waiting.removeAll { $0.receiver == nil }
                channel.waiting.append(WeakReceiver(receiver: receiver))
            }
            return channel.announced
        }
        if announced { receiver.start() }
        return receiver
    }

    /// Whether the server announced a receive channel.
    public var announcesMessageStream: Bool { channel.withLock { $0.announced } }

    /// Notes a server's announcement of its receive channel, starting the receivers waiting for it.
    private func noteAnnouncement(in response: URLResponse) {
        guard (response as? HTTPURLResponse)?.value(forHTTPHeaderField: Self.messageStreamHeader) == "1" else {
            return
        }
        let waiting = channel.withLock { channel -> [WeakReceiver] in
            defer {
                channel.announced = true
                channel.waiting = []
            }
            return channel.waiting
        }
        for entry in waiting { entry.receiver?.start() }
    }

    // MARK: - Internals

    private func registrationsURL(for request: MessagingRegistrationRequest, extra: [String]) throws(MessagingError)
        -> URL
    {
        guard let project = request.projectID, !project.isEmpty else {
            throw MessagingError(
                .invalidRequest, message: "The app's options have no projectID, which FCM registrations need.")
        }
        return Self.url(registrationsOrigin, ["v1", "projects", project, "registrations"] + extra)
    }

    private func topicURL(token: String, topic: String) -> URL {
        Self.url(topicsOrigin, ["iid", "v1", token, "rel", "topics", topic])
    }

    /// `origin` followed by `segments`, each percent-encoded as one path segment.
    static func url(_ origin: URL, _ segments: [String]) -> URL {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/%;?#")
        let path = segments.map { segment in
            let encoded = segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
            // "." and ".." are path segments that move; encode them so that they stay names.
            return encoded == "." ? "%2E" : encoded == ".." ? "%2E%2E" : encoded
        }.joined(separator: "/")
        let base =
            origin.absoluteString.hasSuffix("/") ? String(origin.absoluteString.dropLast()) : origin.absoluteString
        return URL(string: base + "/" + path)!
    }

    /// Sends one request. `bareAuthToken`: the installation auth token without the `FIS ` prefix, as the Apple SDK's
    /// installation ID operations send it.
    private func send(
        _ method: String, _ url: URL, body: Data?, request: MessagingRegistrationRequest, bareAuthToken: Bool = false
    ) async throws -> Data {
        var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
        urlRequest.httpMethod = method
        urlRequest.httpBody = body
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        if body != nil { urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        if let apiKey = request.apiKey { urlRequest.setValue(apiKey, forHTTPHeaderField: "x-goog-api-key") }
        urlRequest.setValue(
            bareAuthToken ? request.installationAuthToken : "FIS \(request.installationAuthToken)",
            forHTTPHeaderField: "x-goog-firebase-installations-auth")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSessionCalls.data(
                for: urlRequest, in: session, deadline: timeout, maximumSize: Self.maximumResponseSize)
        } catch let error as URLError {
            switch error.code {
            case .timedOut:
                throw MessagingError(.timeout, message: "The request did not finish within \(timeout) seconds.")
            case .dataLengthExceedsMaximum:
                throw MessagingError(
                    .unknown, message: "The answer is larger than \(Self.maximumResponseSize) bytes.")
            default:
                throw MessagingError(.network, message: error.localizedDescription)
            }
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        noteAnnouncement(in: response)
        guard (200..<300).contains(status) else {
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            let message =
                ((object?["error"] as? [String: Any])?["message"] as? String)
                ?? "The messaging server answered HTTP \(status)."
            let code: MessagingErrorCode =
                switch status {
                case 400, 404: .invalidRequest
                case 401, 403: .authentication
                case 408, 504: .timeout
                default: .unknown
                }
            throw MessagingError(code, message: message)
        }
        return data
    }
}
