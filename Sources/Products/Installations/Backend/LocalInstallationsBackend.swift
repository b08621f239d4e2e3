// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// The embedded Installations backend: installations kept in memory, auth tokens issued locally.
///
/// Auth tokens are unsigned JWTs (`alg: none`) shaped like Firebase's (``InstallationsTokenClaims``: `appId`,
/// `fid`, `projectNumber`, `exp`, with `iat` and a unique `jti`), valid for ``tokenLifetime``.
///
/// Share one object between apps (``InstallationsLibrary/backend(_:)``) to model one project, or keep the
/// default, one per app. ``forgetInstallation(_:)`` plays the server deleting an installation.
public final class LocalInstallationsBackend: InstallationsBackend {
    private struct State {
        var refreshTokens: [String: String] = [:]
        var appIDs: [String: String] = [:]
        var createCount = 0
        var tokenCount = 0
        var deleteCount = 0
        var serial = 0
    }

    private let state = Locked(State())
    private let now: @Sendable () -> Date
    /// How long the tokens it issues live (7 days, as Firebase's).
    public let tokenLifetime: TimeInterval

    /// A backend issuing tokens valid for `tokenLifetime` seconds from `now()`.
    public init(tokenLifetime: TimeInterval = 7 * 24 * 3600, now: @escaping @Sendable () -> Date = { Date() }) {
        self.tokenLifetime = tokenLifetime
        self.now = now
    }

    /// Registers `fid` with a new refresh token.
    public func createInstallation(fid: String, appID: String) async throws(InstallationsBackendError)
        -> InstallationRegistration
    {
        let (refreshToken, token) = state.withLock { state in
            state.createCount += 1
            state.serial += 1
            let refreshToken = "local-refresh-\(state.serial)-\(UUID().uuidString)"
            state.refreshTokens[fid] = refreshToken
            state.appIDs[fid] = appID
            return (refreshToken, issue(&state, fid: fid))
        }
        return InstallationRegistration(fid: fid, refreshToken: refreshToken, authToken: token)
    }

    /// A new token for `fid` when `refreshToken` is its current one.
    public func generateAuthToken(fid: String, refreshToken: String) async throws(InstallationsBackendError)
        -> InstallationsAuthTokenResult
    {
        let token = state.withLock { state -> InstallationsAuthTokenResult? in
            guard state.refreshTokens[fid] == refreshToken else { return nil }
            state.tokenCount += 1
            return issue(&state, fid: fid)
        }
        guard let token else { throw .installationNotFound }
        return token
    }

    /// Forgets `fid`.
    public func deleteInstallation(fid: String, refreshToken: String) async throws(InstallationsBackendError) {
        state.withLock { state in
            state.deleteCount += 1
            if state.refreshTokens[fid] == refreshToken {
                state.refreshTokens[fid] = nil
                state.appIDs[fid] = nil
            }
        }
    }

    private func issue(_ state: inout State, fid: String) -> InstallationsAuthTokenResult {
        state.serial += 1
        let appID = state.appIDs[fid] ?? ""
        let issuedAt = now()
        let expiration = issuedAt.addingTimeInterval(tokenLifetime)
        // The project number is the second field of a Google app ID (`1:1234567890:ios:…`).
        let parts = appID.split(separator: ":", omittingEmptySubsequences: false)
        let claims = InstallationsTokenClaims(
            appId: appID, fid: fid, projectNumber: parts.count > 1 ? String(parts[1]) : "",
            iat: Int(issuedAt.timeIntervalSince1970.rounded(.down)),
            exp: Int(expiration.timeIntervalSince1970.rounded(.down)), jti: "\(state.serial)")
        return InstallationsAuthTokenResult(authToken: claims.unsignedJWT, expirationDate: expiration)
    }

    /// Whether `fid` is registered with `refreshToken` as its current refresh token.
    public func isRegistered(_ fid: String, refreshToken: String) -> Bool {
        state.withLock { $0.refreshTokens[fid] == refreshToken }
    }

    /// Forgets `fid` as if the server had deleted it: its next token request fails with
    /// ``InstallationsBackendError/installationNotFound``.
    public func forgetInstallation(_ fid: String) {
        state.withLock {
            $0.refreshTokens[fid] = nil
            $0.appIDs[fid] = nil
        }
    }

    /// The installations registered now.
    public var registeredInstallations: Set<String> { state.withLock { Set($0.refreshTokens.keys) } }
    /// How many registrations were made.
    public var createCount: Int { state.withLock { $0.createCount } }
    /// How many tokens were generated after registrations.
    public var generateCount: Int { state.withLock { $0.tokenCount } }
    /// How many deletions were requested.
    public var deleteCount: Int { state.withLock { $0.deleteCount } }
}
