// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintInstallations
import Foundation
import Hummingbird

/// The Installations service: Firebase Installations' REST API v1 (`firebaseinstallations.googleapis.com`, the
/// one `RESTInstallationsBackend` speaks), backed by a ``LocalInstallationsBackend``.
///
/// - `POST /v1/projects/{project}/installations`: registers `fid` for `appId`; the answer has the FID, a refresh
///   token and a first auth token with its `expiresIn`.
/// - `POST /v1/projects/{project}/installations/{fid}/authTokens:generate` with `Authorization: FIS_v2
///   {refreshToken}`: a new auth token; a wrong or missing refresh token is 401 `UNAUTHENTICATED`, an unknown
///   FID 404 `NOT_FOUND`.
/// - `DELETE /v1/projects/{project}/installations/{fid}`, authorized the same way.
struct InstallationsService: EmulatorServiceHandler {
    let projectID: String
    let backend: LocalInstallationsBackend

    func respond(to request: EmulatorRequest) async throws -> Response {
        guard let segments = EmulatorPathSegments.split(request.path), segments.count >= 4,
            segments[0] == "v1", segments[1] == "projects", segments[3] == "installations"
        else { throw AuthService.notFound(request.path) }
        try checkProject(segments[2])
        switch segments.count {
        case 4:
            try AuthService.require(.post, request)
            return try await create(request.jsonObject())
        case 5:
            try AuthService.require(.delete, request)
            try checkRefreshToken(request, fid: segments[4])
            try await call {
                try await backend.deleteInstallation(fid: segments[4], refreshToken: refreshToken(request))
            }
            return EmulatorResponse.json([String: Any]())
        case 6 where segments[5] == "authTokens:generate":
            try AuthService.require(.post, request)
            _ = try request.jsonObject()
            let fid = segments[4]
            try checkRefreshToken(request, fid: fid)
            let token = try await call {
                try await backend.generateAuthToken(fid: fid, refreshToken: refreshToken(request))
            }
            return EmulatorResponse.json(Self.authToken(token))
        default:
            throw AuthService.notFound(request.path)
        }
    }

    /// `POST …/installations`: `{"fid", "appId", "authVersion", "sdkVersion"}`.
    private func create(_ body: [String: Any]) async throws -> Response {
        guard let fid = try AuthJSON.string(body, "fid"), Self.isInstallationID(fid) else {
            throw EmulatorHTTPError(
                .badRequest, "INVALID_ARGUMENT : fid must be 22 URL-safe base64 characters starting with c, d, e or f")
        }
        guard let appID = try AuthJSON.string(body, "appId"), !appID.isEmpty, appID.utf8.count <= 256 else {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : appId is required")
        }
        if let version = try AuthJSON.string(body, "authVersion"), version != "FIS_v2" {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : authVersion must be FIS_v2")
        }
        let registration = try await call { try await backend.createInstallation(fid: fid, appID: appID) }
        return EmulatorResponse.json([
            "name": "projects/\(projectID)/installations/\(registration.fid)",
            "fid": registration.fid,
            "refreshToken": registration.refreshToken,
            "authToken": Self.authToken(registration.authToken),
        ])
    }

    /// `{"token": "…", "expiresIn": "604800s"}`: the seconds left, as a protobuf duration.
    static func authToken(_ token: InstallationsAuthTokenResult, now: Date = Date()) -> [String: Any] {
        let seconds = max(0, Int(token.expirationDate.timeIntervalSince(now).rounded()))
        return ["token": token.authToken, "expiresIn": "\(seconds)s"]
    }

    /// Whether `fid` has the shape of an installation ID: 22 URL-safe base64 characters, the first `c`…`f`.
    static func isInstallationID(_ fid: String) -> Bool {
        let bytes = Array(fid.utf8)
        guard bytes.count == 22, (UInt8(ascii: "c")...UInt8(ascii: "f")).contains(bytes[0]) else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_")
        }
    }

    /// The refresh token of `Authorization: FIS_v2 {refreshToken}` (empty when absent).
    private func refreshToken(_ request: EmulatorRequest) -> String {
        guard let header = request.header("Authorization"), header.hasPrefix("FIS_v2 ") else { return "" }
        return String(header.dropFirst("FIS_v2 ".count))
    }

    /// 404 for an FID that is not registered, 401 for a refresh token that is not its own.
    private func checkRefreshToken(_ request: EmulatorRequest, fid: String) throws(EmulatorHTTPError) {
        guard backend.registeredInstallations.contains(fid) else {
            throw EmulatorHTTPError(.notFound, "NOT_FOUND : the installation is not registered")
        }
        guard backend.isRegistered(fid, refreshToken: refreshToken(request)) else {
            throw EmulatorHTTPError(
                .unauthorized, "UNAUTHENTICATED : the request needs the installation's refresh token (FIS_v2)")
        }
    }

    private func checkProject(_ id: String) throws(EmulatorHTTPError) {
        guard id == projectID else {
            throw EmulatorHTTPError(
                .badRequest, "INVALID_ARGUMENT : this emulator serves project \(projectID), not \(id.prefix(100))")
        }
    }

    /// Runs a backend call, its ``InstallationsBackendError`` turned into an error answer.
    private func call<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as InstallationsBackendError {
            switch error {
            case .installationNotFound:
                throw EmulatorHTTPError(.notFound, "NOT_FOUND : the installation is not registered")
            case .invalidConfiguration(let reason):
                throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : \(reason)")
            case .serverUnreachable(let reason), .serverError(let reason):
                throw EmulatorHTTPError(.internalServerError, "INTERNAL : \(reason)")
            }
        }
    }
}
