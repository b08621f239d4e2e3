// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAppCheck
import Foundation
import Hummingbird

/// The App Check service: `exchangeDebugToken` of App Check's REST API v1 (`firebaseappcheck.googleapis.com`,
/// the call `AppCheckDebugProvider` makes in exchanging mode), backed by an ``AppCheckEmulatorBackend``.
///
/// `POST /v1/projects/{project}/apps/{appId}:exchangeDebugToken` with `{"debug_token": "…", "limited_use":
/// false}` answers `{"token": "…", "ttl": "3600s"}`; a refused debug token is 403 `PERMISSION_DENIED`, as
/// Firebase answers an unregistered one.
struct AppCheckService: EmulatorServiceHandler {
    let projectID: String
    let backend: AppCheckEmulatorBackend

    static let exchangeMethod = ":exchangeDebugToken"

    func respond(to request: EmulatorRequest) async throws -> Response {
        guard let segments = EmulatorPathSegments.split(request.path), segments.count == 5, segments[0] == "v1",
            segments[1] == "projects", segments[3] == "apps", segments[4].hasSuffix(Self.exchangeMethod)
        else { throw AuthService.notFound(request.path) }
        guard segments[2] == projectID else {
            throw EmulatorHTTPError(
                .badRequest,
                "INVALID_ARGUMENT : this emulator serves project \(projectID), not \(segments[2].prefix(100))")
        }
        try AuthService.require(.post, request)
        let body = try request.jsonObject()
        let appID = String(segments[4].dropLast(Self.exchangeMethod.count))
        let debugToken = try AuthJSON.string(body, "debug_token") ?? ""
        _ = try AuthJSON.bool(body, "limited_use")
        do {
            let (token, _) = try backend.exchange(debugToken: debugToken, appID: appID)
            return EmulatorResponse.json(["token": token, "ttl": "\(backend.tokenLifetime)s"])
        } catch .debugTokenRefused {
            throw EmulatorHTTPError(.forbidden, "App attestation failed.")
        } catch .invalidAppID {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : \(appID.prefix(100)) is not a Google app ID")
        }
    }
}
