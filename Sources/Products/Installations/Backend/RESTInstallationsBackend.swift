// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Firebase Installations REST API (`v1`): `POST projects/{project}/installations`,
/// `POST …/installations/{fid}/authTokens:generate`, `DELETE …/installations/{fid}`.
///
/// Requests carry `X-Goog-Api-Key`; token and delete requests also `Authorization: FIS_v2 {refreshToken}`.
/// Every request goes through `URLSessionCalls` on a session that refuses redirects.
///
/// **Bounds.** The `timeout` (60 s by default) bounds each request as a whole, from its start to the answer's last
/// byte (not only the time between two packets): a server dribbling its answer fails it with
/// ``InstallationsBackendError/serverUnreachable(_:)`` at the deadline. An answer is read against
/// ``maximumResponseSize`` as it arrives: past it the connection is closed and the request fails with
/// ``InstallationsBackendError/serverUnreachable(_:)``, having buffered no more than the limit.
public final class RESTInstallationsBackend: InstallationsBackend {
    /// Firebase's production origin.
    public static let productionOrigin = URL(string: "https://firebaseinstallations.googleapis.com")!
    /// The SDK version sent in request bodies.
    static let sdkVersion = "flint-0.1.0"
    /// The largest answer accepted (1 MiB): a larger one is cut off as it arrives.
    public static let maximumResponseSize = 1 << 20

    /// Where requests go, e.g. `https://firebaseinstallations.googleapis.com` or `http://127.0.0.1:9099`.
    public let origin: URL
    private let projectID: String
    private let apiKey: String
    private let bundleID: String?
    private let timeout: TimeInterval
    private let session: URLSession
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (Duration) async throws -> Void

    /// A backend for the project `projectID`, authorized by `apiKey`, at `origin`; `bundleID` is sent as
    /// `X-Ios-Bundle-Identifier` (API keys may be restricted to it). `sleep` waits before the one retry of a request
    /// answered HTTP 500 (a second, as in Firebase).
    public init(
        origin: URL = productionOrigin, projectID: String, apiKey: String, bundleID: String? = nil,
        timeout: TimeInterval = 60,
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.sleep = sleep
        self.origin = origin
        self.projectID = projectID
        self.apiKey = apiKey
        self.bundleID = bundleID
        self.timeout = timeout
        self.now = now
        session = CredentialSafeSession.make()
    }

    deinit {
        let session = session
        URLSessionCalls.run { session.finishTasksAndInvalidate() }
    }

    /// `{origin}/v1/projects/{project}/installations[/{fid}[/authTokens:generate]]`, every segment encoded.
    func url(fid: String? = nil, generate: Bool = false) -> URL? {
        var path = "/v1/projects/\(URLPathSegment.encode(projectID))/installations"
        if let fid { path += "/\(URLPathSegment.encode(fid))" }
        if generate { path += "/authTokens:generate" }
        guard var components = URLComponents(url: origin, resolvingAgainstBaseURL: false) else { return nil }
        components.percentEncodedPath = components.percentEncodedPath.trimmingSuffix("/") + path
        components.query = nil
        return components.url
    }

    /// `POST projects/{project}/installations`.
    public func createInstallation(fid: String, appID: String) async throws(InstallationsBackendError)
        -> InstallationRegistration
    {
        let body: [String: Any] = ["fid": fid, "appId": appID, "authVersion": "FIS_v2", "sdkVersion": Self.sdkVersion]
        let object = try await send("POST", url(), body: body, refreshToken: nil)
        guard let refreshToken = object["refreshToken"] as? String,
            let tokenObject = object["authToken"] as? [String: Any],
            let token = authToken(from: tokenObject)
        else {
            throw .serverUnreachable("The installation response has no refreshToken or authToken.")
        }
        return InstallationRegistration(
            fid: object["fid"] as? String ?? fid, refreshToken: refreshToken, authToken: token)
    }

    /// `POST …/installations/{fid}/authTokens:generate`.
    public func generateAuthToken(fid: String, refreshToken: String) async throws(InstallationsBackendError)
        -> InstallationsAuthTokenResult
    {
        let body: [String: Any] = ["installation": ["sdkVersion": Self.sdkVersion]]
        let object = try await send("POST", url(fid: fid, generate: true), body: body, refreshToken: refreshToken)
        guard let token = authToken(from: object) else {
            throw .serverUnreachable("The auth token response has no token or expiresIn.")
        }
        return token
    }

    /// `DELETE …/installations/{fid}` with an empty JSON body, as Firebase sends it; a 404 counts as deleted.
    public func deleteInstallation(fid: String, refreshToken: String) async throws(InstallationsBackendError) {
        do {
            _ = try await send("DELETE", url(fid: fid), body: [:], refreshToken: refreshToken)
        } catch .installationNotFound {
            return
        }
    }

    /// `{"token": "…", "expiresIn": "604800s"}`.
    private func authToken(from object: [String: Any]) -> InstallationsAuthTokenResult? {
        guard let token = object["token"] as? String, let expiresIn = object["expiresIn"] as? String,
            expiresIn.hasSuffix("s"), let seconds = TimeInterval(expiresIn.dropLast()), seconds.isFinite, seconds >= 0
        else { return nil }
        return InstallationsAuthTokenResult(authToken: token, expirationDate: now().addingTimeInterval(seconds))
    }

    private func send(
        _ method: String, _ url: URL?, body: [String: Any]?,
        refreshToken: String?
    ) async throws(InstallationsBackendError) -> [String: Any] {
        guard let url else { throw .invalidConfiguration("The Installations URL could not be built from \(origin).") }
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: timeout.isFinite && timeout > 0 ? timeout : 60)
        request.httpMethod = method
        request.setValue(apiKey, forHTTPHeaderField: "X-Goog-Api-Key")
        if let bundleID, !bundleID.isEmpty { request.setValue(bundleID, forHTTPHeaderField: "X-Ios-Bundle-Identifier") }
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let refreshToken { request.setValue("FIS_v2 \(refreshToken)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        }
        var (data, status) = try await perform(request)
        if status == 500 {
            // Firebase retries a request answered HTTP 500 once, a second later.
            do {
                try await sleep(.seconds(1))
            } catch {
                throw .serverError("The Installations server answered HTTP 500.")
            }
            (data, status) = try await perform(request)
        }
        switch status {
        case 200..<300:
            if method == "DELETE" { return [:] }
            do {
                return try BoundedJSON.object(from: data, maximumSize: Self.maximumResponseSize)
            } catch {
                throw .serverUnreachable("The Installations server sent an unreadable answer (\(error)).")
            }
        case 401, 404:
            throw .installationNotFound
        case 400, 403:
            throw .invalidConfiguration(
                "The Installations server refused the request (HTTP \(status)); check the app's API key, project ID and app ID."
            )
        default:
            if status == 429 || (500..<600).contains(status) {
                throw .serverError("The Installations server answered HTTP \(status).")
            }
            throw .serverUnreachable("The Installations server answered HTTP \(status).")
        }
    }
}

extension RESTInstallationsBackend {
    /// Sends `request` once: the answer's body and HTTP status.
    private func perform(_ request: URLRequest) async throws(InstallationsBackendError) -> (Data, Int) {
        do {
            // The deadline is the request's timeout.
            let (data, response) = try await URLSessionCalls.data(
                for: request, in: session, maximumSize: Self.maximumResponseSize)
            return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
        } catch let error as URLError where error.code == .dataLengthExceedsMaximum {
            throw .serverUnreachable(
                "The Installations server's answer is larger than \(Self.maximumResponseSize) bytes.")
        } catch let error as URLError where error.code == .timedOut {
            throw .serverUnreachable(
                "The Installations server did not answer within \(request.timeoutInterval) seconds.")
        } catch {
            throw .serverUnreachable("The Installations server could not be reached: \(error.localizedDescription)")
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
