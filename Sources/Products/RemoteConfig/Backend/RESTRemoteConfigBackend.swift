// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Remote Config REST API: the fetch (`POST /v1/projects/{project}/namespaces/firebase:fetch`, answers
/// `UPDATE` / `NO_CHANGE` / `NO_TEMPLATE`) and the real-time invalidation stream
/// (`POST /v1/projects/{project}/namespaces/firebase:streamFetchInvalidations`, a long-lived response of JSON
/// objects carrying `latestTemplateVersionNumber`).
///
/// Requests carry `X-Goog-Api-Key` and `X-Goog-Firebase-Installations-Auth`; every path segment is
/// percent-encoded; answers are size- and depth-checked. Requests go through `URLSessionCalls` /
/// `PendingDataTask` on sessions that refuse redirects.
///
/// A fetch is bounded as a whole by its ``RemoteConfigFetchRequest/timeout`` (the instance's `fetchTimeout`), from
/// its start to the answer's last byte, not only between two packets: a server dribbling its answer fails it with
/// ``RemoteConfigBackendError/unreachable(_:)`` at the deadline. Its answer is read against
/// ``maximumResponseSize`` as it arrives: past it the connection is closed and the fetch fails with
/// ``RemoteConfigBackendError/invalidResponse(_:)``, having buffered no more than the limit.
public final class RESTRemoteConfigBackend: RemoteConfigBackend {
    /// Firebase's fetch origin.
    public static let productionFetchOrigin = URL(string: "https://firebaseremoteconfig.googleapis.com")!
    /// Firebase's real-time origin.
    public static let productionRealtimeOrigin = URL(string: "https://firebaseremoteconfigrealtime.googleapis.com")!
    /// The SDK version sent with requests.
    static let sdkVersion = "flint-0.1.0"
    /// The largest fetch answer accepted (4 MiB): a larger one is cut off as it arrives.
    public static let maximumResponseSize = 4 << 20

    /// Where fetches go.
    public let fetchOrigin: URL
    /// Where the real-time stream goes.
    public let realtimeOrigin: URL
    private let project: String
    private let namespace: String
    private let apiKey: String
    private let bundleID: String?
    private let session: URLSession
    /// The `ETag` of the last answer with a config, sent back as `If-None-Match` so that an unchanged template can be
    /// answered `NO_CHANGE` (or 304).
    private let lastETag = Locked<String?>(nil)

    /// A backend for `project` (the project number, Firebase's `gcmSenderID`), authorized by `apiKey`; `bundleID` is
    /// sent as `X-Ios-Bundle-Identifier` (API keys may be restricted to it).
    public init(
        fetchOrigin: URL = productionFetchOrigin, realtimeOrigin: URL = productionRealtimeOrigin,
        project: String, namespace: String = "firebase", apiKey: String, bundleID: String? = nil
    ) {
        self.fetchOrigin = fetchOrigin
        self.realtimeOrigin = realtimeOrigin
        self.project = project
        self.namespace = namespace
        self.apiKey = apiKey
        self.bundleID = bundleID
        session = CredentialSafeSession.make()
    }

    deinit {
        let session = session
        URLSessionCalls.run { session.finishTasksAndInvalidate() }
    }

    /// `{origin}/v1/projects/{project}/namespaces/{namespace}:{method}`, every segment encoded.
    func url(origin: URL, method: String) -> URL? {
        guard var components = URLComponents(url: origin, resolvingAgainstBaseURL: false) else { return nil }
        let base =
            components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath =
            base
            + "/v1/projects/\(URLPathSegment.encode(project))/namespaces/\(URLPathSegment.encode(namespace)):\(method)"
        components.query = nil
        return components.url
    }

    private func request(_ url: URL, token: String, timeout: Double, body: [String: Any]) -> URLRequest {
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: timeout.isFinite && timeout > 0 ? timeout : 60)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(apiKey, forHTTPHeaderField: "X-Goog-Api-Key")
        if let bundleID, !bundleID.isEmpty { request.setValue(bundleID, forHTTPHeaderField: "X-Ios-Bundle-Identifier") }
        request.setValue(token, forHTTPHeaderField: "X-Goog-Firebase-Installations-Auth")
        request.httpBody = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        return request
    }

    // MARK: - Fetch

    /// `POST …:fetch`.
    public func fetch(_ fetchRequest: RemoteConfigFetchRequest) async throws(RemoteConfigBackendError)
        -> RemoteConfigFetchResponse
    {
        guard let url = url(origin: fetchOrigin, method: "fetch") else {
            throw .invalidResponse("The fetch URL could not be built from \(fetchOrigin).")
        }
        var body: [String: Any] = [
            "appInstanceId": fetchRequest.installationID,
            "appInstanceIdToken": fetchRequest.installationAuthToken,
            "appId": fetchRequest.appID,
            "sdkVersion": Self.sdkVersion,
            "analyticsUserProperties": fetchRequest.userProperties,
        ]
        let optionalFields: [(String, String?)] = [
            ("appVersion", fetchRequest.appVersion), ("languageCode", fetchRequest.languageCode),
            ("countryCode", fetchRequest.countryCode), ("timeZone", fetchRequest.timeZone),
            ("platformVersion", fetchRequest.platformVersion), ("packageName", fetchRequest.packageName),
        ]
        for case (let name, let value?) in optionalFields where !value.isEmpty { body[name] = value }
        if !fetchRequest.customSignals.isEmpty { body["customSignals"] = fetchRequest.customSignals }
        var urlRequest = request(
            url, token: fetchRequest.installationAuthToken, timeout: fetchRequest.timeout, body: body)
        if fetchRequest.lastKnownVersion != nil, let etag = lastETag.withLock({ $0 }) {
            urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match")
        }
        let data: Data
        let response: URLResponse
        do {
            // The deadline is the request's timeout: the fetch timeout.
            (data, response) = try await URLSessionCalls.data(
                for: urlRequest, in: session, maximumSize: Self.maximumResponseSize)
        } catch let error as URLError where error.code == .dataLengthExceedsMaximum {
            throw .invalidResponse("The fetch answer is larger than \(Self.maximumResponseSize) bytes.")
        } catch let error as URLError where error.code == .timedOut {
            throw .unreachable("The fetch did not finish within \(urlRequest.timeoutInterval) seconds.")
        } catch {
            throw .unreachable(error.localizedDescription)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        switch status {
        case 200:
            let answer = try Self.parseFetch(data)
            if answer.state != .noChange, let etag = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag") {
                lastETag.withLock { $0 = etag }
            }
            return answer
        case 304:
            return RemoteConfigFetchResponse(state: .noChange, templateVersion: fetchRequest.lastKnownVersion ?? 0)
        case 429, 500, 502, 503, 504:
            throw .unavailable("HTTP \(status)")
        default:
            throw .invalidResponse("HTTP \(status)")
        }
    }

    /// A fetch answer's body.
    static func parseFetch(_ data: Data) throws(RemoteConfigBackendError) -> RemoteConfigFetchResponse {
        let object: [String: Any]
        do {
            object = try BoundedJSON.object(from: data, maximumSize: maximumResponseSize)
        } catch {
            throw .invalidResponse("The fetch answer is unreadable (\(error)).")
        }
        guard let stateName = object["state"] as? String, let state = RemoteConfigFetchState(rawValue: stateName) else {
            throw .invalidResponse("The fetch answer has no known state.")
        }
        let version = templateVersion(object["templateVersion"]) ?? 0
        guard state == .update else { return RemoteConfigFetchResponse(state: state, templateVersion: version) }
        var entries: [String: String] = [:]
        for (key, value) in object["entries"] as? [String: Any] ?? [:] {
            guard let text = value as? String else { throw .invalidResponse("The value of \(key) is not a string.") }
            entries[key] = text
        }
        return RemoteConfigFetchResponse(state: .update, entries: entries, templateVersion: version)
    }

    /// A template version sent as a string or a number.
    static func templateVersion(_ value: Any?) -> Int? {
        if let text = value as? String { return Int(text) }
        if let number = value as? Int { return number }
        return nil
    }

    // MARK: - Real-time

    /// `POST …:streamFetchInvalidations`, kept open; each JSON object in the body with a
    /// `latestTemplateVersionNumber` newer than the last one is announced. `featureDisabled: true` is
    /// ``RemoteConfigBackendError/unavailable(_:)``; the connection ending or failing is
    /// ``RemoteConfigBackendError/unreachable(_:)``.
    public func listenForTemplateVersions(
        _ realtimeRequest: RemoteConfigRealtimeRequest,
        _ listener: @escaping @Sendable (Result<Int, RemoteConfigBackendError>) -> Void
    ) -> any ListenerRegistration {
        guard let url = url(origin: realtimeOrigin, method: "streamFetchInvalidations") else {
            listener(.failure(.invalidResponse("The real-time URL could not be built from \(realtimeOrigin).")))
            return ClosureListenerRegistration {}
        }
        let body: [String: Any] = [
            "project": project,
            "namespace": namespace,
            "lastKnownVersionNumber": String(realtimeRequest.lastKnownVersion),
            "appId": realtimeRequest.appID,
            "sdkVersion": Self.sdkVersion,
            "appInstanceId": realtimeRequest.installationID,
        ]
        let urlRequest = request(url, token: realtimeRequest.installationAuthToken, timeout: 60 * 60, body: body)
        let connection = RealtimeConnection(lastKnownVersion: realtimeRequest.lastKnownVersion, listener: listener)
        connection.start(urlRequest, configuration: session.configuration)
        return ClosureListenerRegistration { connection.stop() }
    }
}
