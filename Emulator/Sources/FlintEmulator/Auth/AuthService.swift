// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAuth
import Foundation
import Hummingbird

/// The Auth service: Identity Toolkit v1 and Secure Token v1 under their host names as path prefixes (as the
/// Firebase Auth emulator serves them and `useEmulator(withHost:port:)` builds its URLs), the project-scoped
/// admin routes the Admin SDK uses, and the Auth emulator's own `/emulator/v1/…` routes, backed by a
/// ``LocalAuthBackend``.
struct AuthService: EmulatorServiceHandler {
    let projectID: String
    let backend: LocalAuthBackend

    static let identityToolkit = "/identitytoolkit.googleapis.com/v1/"
    static let secureToken = "/securetoken.googleapis.com/v1/token"
    static let emulatorRoutes = "/emulator/v1/projects/"

    func respond(to request: EmulatorRequest) async throws -> Response {
        let path = request.path.removingPercentEncoding ?? request.path
        if path == "/" {
            return EmulatorResponse.json(["authEmulator": ["ready": true, "projectId": projectID]])
        }
        if path.hasPrefix(Self.identityToolkit) {
            let rest = String(path.dropFirst(Self.identityToolkit.count))
            if rest.hasPrefix("projects/") {
                let parts = rest.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
                guard parts.count == 3 else { throw Self.notFound(path) }
                try checkProject(String(parts[1]))
                let tail = String(parts[2])
                if tail == "accounts" {
                    try Self.require(.post, request)
                    return try await AuthAdminRoutes(service: self).create(request.jsonObject())
                }
                guard tail.hasPrefix("accounts:") else { throw Self.notFound(path) }
                return try await AuthAdminRoutes(service: self).respond(
                    method: String(tail.dropFirst("accounts:".count)), request: request)
            }
            guard rest.hasPrefix("accounts:") else { throw Self.notFound(path) }
            try Self.require(.post, request)
            return try await AuthClientRoutes(service: self).respond(
                method: String(rest.dropFirst("accounts:".count)), request: request)
        }
        if path == Self.secureToken {
            try Self.require(.post, request)
            return try await AuthClientRoutes(service: self).token(request)
        }
        if path.hasPrefix(Self.emulatorRoutes) {
            let parts = path.dropFirst(Self.emulatorRoutes.count).split(separator: "/")
            guard parts.count == 2 else { throw Self.notFound(path) }
            try checkProject(String(parts[0]))
            switch (request.method, parts[1]) {
            case (.delete, "accounts"):
                try await AuthService.call { try backend.deleteAllAccounts() }
                return EmulatorResponse.json([String: Any]())
            case (.get, "oobCodes"):
                let codes = backend.oobCodes.map {
                    ["email": $0.email, "oobCode": $0.oobCode, "oobLink": $0.oobLink, "requestType": $0.requestType]
                }
                return EmulatorResponse.json(["oobCodes": codes])
            default:
                throw Self.notFound(path)
            }
        }
        throw Self.notFound(path)
    }

    /// The answer for a request with an unknown path.
    static func notFound(_ path: String) -> EmulatorHTTPError {
        EmulatorHTTPError(.notFound, "NOT_FOUND : no route \(path.prefix(200))")
    }

    static func require(_ method: HTTPRequest.Method, _ request: EmulatorRequest) throws(EmulatorHTTPError) {
        guard request.method == method else {
            throw EmulatorHTTPError(.methodNotAllowed, "METHOD_NOT_ALLOWED : use \(method.rawValue)")
        }
    }

    private func checkProject(_ id: String) throws(EmulatorHTTPError) {
        guard id == projectID else {
            throw EmulatorHTTPError(
                .badRequest, "INVALID_PROJECT_ID : this emulator serves project \(projectID), not \(id.prefix(100))")
        }
    }

    /// Runs a backend call, its ``AuthErrorCode`` turned into Identity Toolkit's error answer.
    static func call<T>(secureToken: Bool = false, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as AuthErrorCode {
            throw AuthWireErrors.httpError(for: error, secureToken: secureToken)
        }
    }
}
