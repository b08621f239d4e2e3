// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `exchangeDebugToken` call of an exchanging ``AppCheckDebugProvider`` (AppCheckCore's
/// `GACAppCheckDebugProviderAPIService` on `GACAppCheckAPIService`).
///
/// `POST {base}/projects/{projectID}/apps/{googleAppID}:exchangeDebugToken` with the headers
/// `Content-Type: application/json` and `X-Goog-Api-Key: {apiKey}` and the body
/// `{"debug_token": "…", "limited_use": false}`; the answer `{"token": "…", "ttl": "3600s"}` becomes a token
/// expiring `ttl` after the clock's reading when the answer arrived.
struct AppCheckDebugExchange: Sendable {
    /// The endpoint's base URL, e.g. `https://firebaseappcheck.googleapis.com/v1`.
    let endpoint: AppCheckDebugEndpoint
    let projectID: String?
    let googleAppID: String
    let apiKey: String?
    let session: URLSession
    let timeout: TimeInterval
    let now: @Sendable () -> Date

    /// The request for `debugToken`, built only when the configuration is complete and the URL's host is the
    /// endpoint's own.
    ///
    /// - Throws: an ``AppCheckExchangeFailure`` (missing option, bad emulator host or resource name, empty
    ///   debug token).
    func request(debugToken: String, limitedUse: Bool) throws(AppCheckExchangeFailure) -> URLRequest {
        guard let projectID, !projectID.isEmpty else { throw .missingProjectID }
        guard let apiKey, !apiKey.isEmpty else { throw .missingAPIKey }
        guard !googleAppID.isEmpty else { throw .missingGoogleAppID }
        let (base, host) = try endpoint.baseURL()
        let resource = "projects/\(projectID)/apps/\(googleAppID)"
        guard let projectSegment = Self.pathSegment(projectID), let appSegment = Self.pathSegment(googleAppID),
            let url = URL(string: "\(base)/projects/\(projectSegment)/apps/\(appSegment):exchangeDebugToken"),
            url.host == host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
                || url.host == host
        else {
            throw .invalidResourceName(resource)
        }
        guard !debugToken.isEmpty else { throw .emptyDebugToken }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(apiKey, forHTTPHeaderField: "X-Goog-Api-Key")
        let body: [String: Any] = ["debug_token": debugToken, "limited_use": limitedUse]
        request.httpBody = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        return request
    }

    /// `value` percent-encoded as one path segment (no `/`, `?`, `#`, `%` left as is); nil for `.` and `..`.
    static func pathSegment(_ value: String) -> String? {
        guard value != ".", value != ".." else { return nil }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#%;")
        return value.addingPercentEncoding(withAllowedCharacters: allowed)
    }

    /// Exchanges `debugToken` for an App Check token.
    ///
    /// - Throws: an ``AppCheckError``: the ``AppCheckExchangeFailure``'s code with the failure underneath, or
    ///   ``AppCheckErrorCode/serverUnreachable`` with the `URLError` underneath when no answer came.
    func token(debugToken: String, limitedUse: Bool) async throws(AppCheckError) -> AppCheckToken {
        let request: URLRequest
        do {
            request = try self.request(debugToken: debugToken, limitedUse: limitedUse)
        } catch {
            throw error.appCheckError
        }
        let (status, body) = try await Self.perform(request, in: session)
        do {
            return try Self.token(status: status, body: body, receivedAt: now())
        } catch {
            throw error.appCheckError
        }
    }

    /// The token in an answer with `status`, or why there is none.
    static func token(status: Int, body: Data, receivedAt date: Date) throws(AppCheckExchangeFailure) -> AppCheckToken {
        guard (200...299).contains(status) else {
            throw .httpStatus(status, body: String(decoding: body, as: UTF8.self))
        }
        return try token(fromResponse: body, receivedAt: date)
    }

    /// The token in an `exchangeDebugToken` answer (Firebase's `GACAppCheckToken+APIResponse`).
    static func token(fromResponse body: Data, receivedAt date: Date) throws(AppCheckExchangeFailure) -> AppCheckToken {
        guard !body.isEmpty else { throw .emptyResponse }
        guard let object = try? JSONSerialization.jsonObject(with: body),
            let dictionary = object as? [String: Any]
        else { throw .invalidJSON }
        guard let token = dictionary["token"] as? String, !token.isEmpty else { throw .missingField("token") }
        guard let ttl = dictionary["ttl"] as? String else { throw .missingField("ttl") }
        let seconds = try timeToLive(ttl)
        return AppCheckToken(token: token, expirationDate: date.addingTimeInterval(seconds))
    }

    /// The seconds of a protobuf `Duration` in JSON: digits, optionally a fraction, then `s` (`"3600s"`,
    /// `"3600.5s"`); it must be positive and finite.
    static func timeToLive(_ ttl: String) throws(AppCheckExchangeFailure) -> TimeInterval {
        guard ttl.hasSuffix("s") else { throw .invalidTTL(ttl) }
        let number = ttl.dropLast()
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit),
            parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(\.isASCIIDigit)),
            let seconds = TimeInterval(String(number)), seconds.isFinite, seconds > 0
        else {
            throw .invalidTTL(ttl)
        }
        return seconds
    }

    /// Runs one data task, returning the status and body of any HTTP answer; cancelling the calling task
    /// cancels it.
    ///
    /// - Throws: ``AppCheckErrorCode/serverUnreachable`` with the `URLError` underneath when no HTTP answer
    ///   came (Firebase's `APIErrorWithNetworkError`).
    static func perform(_ request: URLRequest, in session: URLSession) async throws(AppCheckError) -> (Int, Data) {
        let result: Result<(Int, Data), AppCheckError>
        do {
            let (data, response) = try await URLSessionCalls.data(for: request, in: session)
            result = outcome(data: data, response: response, error: nil)
        } catch {
            result = outcome(data: nil, response: nil, error: error)
        }
        return try result.get()
    }

    /// What a finished data task means.
    static func outcome(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<(Int, Data), AppCheckError>
    {
        if let error { return .failure(unreachable(error)) }
        guard let http = response as? HTTPURLResponse else {
            return .failure(unreachable(URLError(.badServerResponse)))
        }
        return .success((http.statusCode, data ?? Data()))
    }

    /// A network failure in App Check's domain.
    static func unreachable(_ error: any Error) -> AppCheckError {
        AppCheckError(.serverUnreachable, failureReason: "API request error.", underlyingError: error)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
