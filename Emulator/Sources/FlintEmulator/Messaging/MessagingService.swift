// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintInstallations
import FlintMessaging
import Foundation
import Hummingbird

/// The Messaging service, backed by a ``LocalMessagingBackend``: the registration protocol Flint's
/// `HTTPMessagingBackend` speaks (the FCM registrations API's paths, the Instance ID API's topic relations), FCM
/// HTTP v1's send endpoint (``MessagingSendRoute``), and a receive channel of Flint's own
/// (``MessagingMessageStream``), which every answer announces with `X-Flint-Message-Stream: 1`.
///
/// - `POST /v1/projects/{project}/registrations`: with `{"installation": {"fid", "appId", "senderId"}}` issues
///   a registration token (`{"token", "name"}`); with `{"ios": {"apns_token", …}}` alone registers the
///   installation ID of the `x-goog-firebase-installations-auth` token (`{"name":
///   "projects/{project}/registrations/{fid}"}`).
/// - `DELETE /v1/projects/{project}/registrations/{token or installation ID}`.
/// - `POST` / `DELETE /iid/v1/{token}/rel/topics/{topic}`: subscribes or unsubscribes.
/// - `POST /v1/projects/{project}/messages:send`.
/// - `GET /emulator/v1/registrations/{token}/messages`: the receive channel.
///
/// Registration and topic requests need an installation auth token (`x-goog-firebase-installations-auth`),
/// else 401 `UNAUTHENTICATED`; an unknown token or installation is 404 `NOT_FOUND` with FCM's `UNREGISTERED`
/// error code.
struct MessagingService: EmulatorServiceHandler {
    let projectID: String
    let backend: LocalMessagingBackend

    /// The header announcing the receive channel (`HTTPMessagingBackend.messageStreamHeader`).
    static let announcement = HTTPFields.Element.Name(HTTPMessagingBackend.messageStreamHeader)!

    func respond(to request: EmulatorRequest) async throws -> Response {
        var response = try await route(request)
        response.headers[Self.announcement] = "1"
        return response
    }

    func errorResponse(_ error: EmulatorHTTPError) -> Response {
        var body = error.googleAPIBody
        if error.status == .notFound, error.message.hasPrefix(Self.unregisteredPrefix) {
            var inner = body["error"] as? [String: Any] ?? [:]
            inner["details"] = [
                ["@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": "UNREGISTERED"]
            ]
            body["error"] = inner
        }
        var response = EmulatorResponse.json(body, status: error.status)
        response.headers[Self.announcement] = "1"
        return response
    }

    private func route(_ request: EmulatorRequest) async throws -> Response {
        guard let segments = EmulatorPathSegments.split(request.path) else { throw AuthService.notFound(request.path) }
        switch segments.count {
        case 4 where segments[0] == "v1" && segments[1] == "projects" && segments[3] == "registrations":
            try checkProject(segments[2])
            try AuthService.require(.post, request)
            return try await register(request)
        case 5 where segments[0] == "v1" && segments[1] == "projects" && segments[3] == "registrations":
            try checkProject(segments[2])
            try AuthService.require(.delete, request)
            let registrationRequest = try self.registrationRequest(request, fid: segments[4])
            try await deleteRegistration(segments[4], registrationRequest)
            return EmulatorResponse.json([String: Any]())
        case 4 where segments[0] == "v1" && segments[1] == "projects" && segments[3] == "messages:send":
            try checkProject(segments[2])
            try AuthService.require(.post, request)
            return try MessagingSendRoute(projectID: projectID, backend: backend).send(request.jsonObject())
        case 6 where segments[0] == "iid" && segments[1] == "v1" && segments[3] == "rel" && segments[4] == "topics":
            return try await topic(request, token: segments[2], topic: segments[5])
        case 5
        where segments[0] == "emulator" && segments[1] == "v1" && segments[2] == "registrations"
            && segments[4] == "messages":
            try AuthService.require(.get, request)
            guard backend.registrationRequest(for: segments[3]) != nil else { throw Self.unregistered }
            return MessagingMessageStream(backend: backend, token: segments[3]).response()
        default:
            throw AuthService.notFound(request.path)
        }
    }

    /// `POST …/registrations`.
    private func register(_ request: EmulatorRequest) async throws -> Response {
        let body = try request.jsonObject()
        if let installation = body["installation"] {
            guard let installation = installation as? [String: Any] else {
                throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : installation must be an object")
            }
            guard let fid = try AuthJSON.string(installation, "fid"), !fid.isEmpty,
                let appID = try AuthJSON.string(installation, "appId"), !appID.isEmpty,
                let senderID = try AuthJSON.string(installation, "senderId"), !senderID.isEmpty
            else {
                throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : installation needs fid, appId and senderId")
            }
            var registration = try registrationRequest(request, fid: fid)
            registration.appID = appID
            registration.senderID = senderID
            try apns(body, into: &registration)
            let token = try await call { try await backend.register(registration) }
            return EmulatorResponse.json(["token": token, "name": "projects/\(projectID)/registrations/\(token)"])
        }
        guard body["ios"] != nil else {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : the registration needs installation or ios")
        }
        let token = try installationAuthToken(request)
        guard let claims = InstallationsTokenClaims(unsignedJWT: token), !claims.fid.isEmpty else {
            throw EmulatorHTTPError(
                .unauthorized, "UNAUTHENTICATED : the installation auth token does not name an installation")
        }
        var registration = try registrationRequest(request, fid: claims.fid)
        registration.appID = claims.appId
        registration.senderID = claims.projectNumber
        try apns(body, into: &registration)
        let fid = try await call { try await backend.registerInstallation(registration) }
        return EmulatorResponse.json(["name": "projects/\(projectID)/registrations/\(fid)"])
    }

    /// `DELETE …/registrations/{key}`: a token's registration, else an installation ID's.
    private func deleteRegistration(_ key: String, _ request: MessagingRegistrationRequest) async throws {
        guard let registered = backend.registrationRequest(for: key) else { throw Self.unregistered }
        if registered.installationID == key {
            try await call { try await backend.deleteInstallationRegistration(installationID: key, request: request) }
        } else {
            try await call { try await backend.deleteRegistration(token: key, request: request) }
        }
    }

    /// `POST` / `DELETE /iid/v1/{token}/rel/topics/{topic}`.
    private func topic(_ request: EmulatorRequest, token: String, topic: String) async throws -> Response {
        guard request.method == .post || request.method == .delete else {
            throw EmulatorHTTPError(.methodNotAllowed, "METHOD_NOT_ALLOWED : use POST or DELETE")
        }
        let registration = try registrationRequest(request, fid: "")
        let name = topic.hasPrefix("/topics/") ? String(topic.dropFirst("/topics/".count)) : topic
        guard Self.isTopicName(name) else {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : invalid topic name \(topic.prefix(100))")
        }
        guard backend.registrationRequest(for: token) != nil else { throw Self.unregistered }
        if request.method == .post {
            try await call { try await backend.subscribe(token: token, toTopic: name, request: registration) }
        } else {
            try await call { try await backend.unsubscribe(token: token, fromTopic: name, request: registration) }
        }
        return EmulatorResponse.json([String: Any]())
    }

    /// A topic name as FCM accepts it: 1 to 900 of `a-z A-Z 0-9 - _ . ~ %`.
    static func isTopicName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 900
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.~%".contains($0)) }
    }

    /// The request's installation auth token (`x-goog-firebase-installations-auth`, with or without `FIS `).
    ///
    /// - Throws: 401 `UNAUTHENTICATED` without one.
    private func installationAuthToken(_ request: EmulatorRequest) throws(EmulatorHTTPError) -> String {
        var token = request.header("x-goog-firebase-installations-auth") ?? ""
        if token.hasPrefix("FIS ") { token = String(token.dropFirst(4)) }
        guard !token.isEmpty else {
            throw EmulatorHTTPError(
                .unauthorized, "UNAUTHENTICATED : the request needs x-goog-firebase-installations-auth")
        }
        return token
    }

    /// What the backend is told about the caller (sender and app are filled in from the body by `register`).
    private func registrationRequest(_ request: EmulatorRequest, fid: String) throws(EmulatorHTTPError)
        -> MessagingRegistrationRequest
    {
        MessagingRegistrationRequest(
            senderID: "", appID: "", projectID: projectID, apiKey: request.header("x-goog-api-key"),
            installationID: fid, installationAuthToken: try installationAuthToken(request))
    }

    /// The `ios` object's APNs token (hex), environment and bundle ID.
    private func apns(_ body: [String: Any], into registration: inout MessagingRegistrationRequest)
        throws(EmulatorHTTPError)
    {
        guard let value = body["ios"] else { return }
        guard let ios = value as? [String: Any] else {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : ios must be an object")
        }
        if let hex = try AuthJSON.string(ios, "apns_token") {
            guard let data = Self.data(hex: hex) else {
                throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : apns_token must be hexadecimal")
            }
            registration.apnsToken = data
        }
        switch try AuthJSON.string(ios, "apns_environment") {
        case "SANDBOX": registration.apnsTokenType = .sandbox
        case "PROD": registration.apnsTokenType = .prod
        default: break
        }
        registration.bundleID = try AuthJSON.string(ios, "bundle_id")
    }

    /// The bytes of an even-length hexadecimal string of at most 1 KiB.
    static func data(hex: String) -> Data? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0, digits.count <= 2048 else { return nil }
        var data = Data(capacity: digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else {
                return nil
            }
            data.append(byte)
        }
        return data
    }

    private func checkProject(_ id: String) throws(EmulatorHTTPError) {
        guard id == projectID else {
            throw EmulatorHTTPError(
                .badRequest, "INVALID_ARGUMENT : this emulator serves project \(projectID), not \(id.prefix(100))")
        }
    }

    /// The start of the message of an unknown token's error.
    static let unregisteredPrefix = "Requested entity was not found."
    /// 404 with FCM's `UNREGISTERED` error code: the token or installation is not registered.
    static let unregistered = EmulatorHTTPError(.notFound, unregisteredPrefix + " (UNREGISTERED)")

    /// Runs a backend call, its ``MessagingError`` turned into a 400 answer.
    static func call<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as MessagingError {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : \(error.message)")
        }
    }

    private func call<T>(_ body: () async throws -> T) async throws -> T {
        try await Self.call(body)
    }
}
