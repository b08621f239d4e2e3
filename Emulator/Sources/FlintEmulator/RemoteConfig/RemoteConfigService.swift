// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintRemoteConfig
import Foundation
import Hummingbird

/// The Remote Config service: the client protocol (`POST /v1/projects/{project}/namespaces/{namespace}:fetch`
/// and the real-time `…:streamFetchInvalidations`) and the REST API's template routes
/// (`GET`/`PUT /v1/projects/{project}/remoteConfig`), over an ``EmulatorRemoteConfigBackend``.
///
/// The client routes take any project (clients name it by number, `gcmSenderID`); the template is the
/// `firebase` namespace's, and any other namespace has none (`NO_TEMPLATE`). The template routes take the
/// emulator's project ID or any project number.
struct RemoteConfigService: EmulatorServiceHandler {
    let projectID: String
    let backend: EmulatorRemoteConfigBackend

    /// The namespace of the template (Firebase's `FIRNamespaceGoogleMobilePlatform`).
    static let templateNamespace = "firebase"

    func respond(to request: EmulatorRequest) async throws -> Response {
        let path = request.path.removingPercentEncoding ?? request.path
        if path == "/" {
            return EmulatorResponse.json(["remoteConfigEmulator": ["ready": true, "projectId": projectID]])
        }
        let prefix = "/v1/projects/"
        guard path.hasPrefix(prefix) else { throw Self.notFound(path) }
        let parts = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, parts[1] == "remoteConfig" {
            try checkProject(String(parts[0]))
            let admin = RemoteConfigTemplateRoutes(projectID: projectID, backend: backend)
            switch request.method {
            case .get: return admin.get()
            case .put: return try admin.put(request)
            default: throw Self.methodNotAllowed("GET or PUT")
            }
        }
        guard parts.count == 3, parts[1] == "namespaces", let colon = parts[2].lastIndex(of: ":") else {
            throw Self.notFound(path)
        }
        let project = String(parts[0])
        let namespace = String(parts[2][..<colon])
        let method = parts[2][parts[2].index(after: colon)...]
        guard !project.isEmpty, !namespace.isEmpty else { throw Self.notFound(path) }
        switch method {
        case "fetch":
            guard request.method == .post else { throw Self.methodNotAllowed("POST") }
            return try RemoteConfigFetchRoute(backend: backend, project: project, namespace: namespace)
                .respond(to: request)
        case "streamFetchInvalidations":
            guard request.method == .post else { throw Self.methodNotAllowed("POST") }
            let body = try RemoteConfigFetchRoute.body(of: request)
            return RemoteConfigInvalidationStream(
                backend: namespace == Self.templateNamespace ? backend : nil,
                request: RemoteConfigRealtimeRequest(
                    appID: body["appId"] as? String ?? "",
                    installationID: body["appInstanceId"] as? String ?? "",
                    installationAuthToken: request.header("X-Goog-Firebase-Installations-Auth") ?? "",
                    lastKnownVersion: Self.version(body["lastKnownVersionNumber"]) ?? 0)
            ).response()
        default:
            throw Self.notFound(path)
        }
    }

    /// A template version sent as a string or a number.
    static func version(_ value: Any?) -> Int? {
        if let text = value as? String { return Int(text) }
        if let number = value as? NSNumber, !(number is Bool) { return number.intValue }
        return nil
    }

    static func notFound(_ path: String) -> EmulatorHTTPError {
        EmulatorHTTPError(.notFound, "NOT_FOUND : no route \(path.prefix(200))")
    }

    static func methodNotAllowed(_ allowed: String) -> EmulatorHTTPError {
        EmulatorHTTPError(.methodNotAllowed, "METHOD_NOT_ALLOWED : use \(allowed)")
    }

    /// The template routes take the emulator's project ID or a project number.
    private func checkProject(_ id: String) throws(EmulatorHTTPError) {
        guard id == projectID || (!id.isEmpty && id.allSatisfy(\.isASCII) && id.allSatisfy(\.isNumber)) else {
            throw EmulatorHTTPError(
                .notFound, "NOT_FOUND : this emulator serves project \(projectID), not \(id.prefix(100))")
        }
    }
}
