// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintRemoteConfig
import Foundation
import Hummingbird

/// `POST …/namespaces/{namespace}:fetch`: the template evaluated for the caller (its `appInstanceId` for
/// percent conditions, `appId`, `appVersion`, `analyticsUserProperties`, `customSignals`, `countryCode`,
/// `languageCode`).
///
/// Answers `{"state": "UPDATE", "entries": {…}, "templateVersion": "N"}` with an `ETag` of the caller's config;
/// `NO_CHANGE` when `If-None-Match` is that ETag (same version, same entries); `EMPTY_CONFIG` when the template
/// evaluates to no entries; `NO_TEMPLATE` before a template is published (or for another namespace).
struct RemoteConfigFetchRoute {
    let backend: EmulatorRemoteConfigBackend
    let project: String
    let namespace: String

    func respond(to request: EmulatorRequest) throws -> Response {
        let body = try Self.body(of: request)
        let fetchRequest = try Self.fetchRequest(body, token: request.header("X-Goog-Firebase-Installations-Auth"))
        guard namespace == RemoteConfigService.templateNamespace else {
            return EmulatorResponse.json(["state": RemoteConfigFetchState.noTemplate.rawValue])
        }
        let (version, evaluated) = backend.evaluate(fetchRequest)
        guard let entries = evaluated else {
            return EmulatorResponse.json(["state": RemoteConfigFetchState.noTemplate.rawValue])
        }
        let etag = Self.etag(project: project, version: version, entries: entries)
        let headers: HTTPFields = [.eTag: etag]
        if request.header("If-None-Match") == etag {
            return EmulatorResponse.json(
                ["state": RemoteConfigFetchState.noChange.rawValue, "templateVersion": String(version)],
                headers: headers)
        }
        if entries.isEmpty {
            return EmulatorResponse.json(
                ["state": RemoteConfigFetchState.emptyConfig.rawValue, "templateVersion": String(version)],
                headers: headers)
        }
        return EmulatorResponse.json(
            ["state": RemoteConfigFetchState.update.rawValue, "entries": entries, "templateVersion": String(version)],
            headers: headers)
    }

    /// The request body as a JSON object; gzip-compressed bodies (Firebase's Apple SDK sends them) are refused
    /// by name.
    static func body(of request: EmulatorRequest) throws(EmulatorHTTPError) -> [String: Any] {
        if let encoding = request.header("Content-Encoding"), encoding.lowercased() != "identity" {
            throw EmulatorHTTPError(
                .badRequest,
                "INVALID_ARGUMENT : Content-Encoding \(encoding.prefix(50)) is not supported; send plain JSON")
        }
        return try request.jsonObject()
    }

    /// The fetch request a body describes.
    static func fetchRequest(_ body: [String: Any], token: String?) throws(EmulatorHTTPError)
        -> RemoteConfigFetchRequest
    {
        guard let instance = body["appInstanceId"] as? String, !instance.isEmpty else {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : appInstanceId is required")
        }
        guard let appID = body["appId"] as? String, !appID.isEmpty else {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : appId is required")
        }
        func text(_ name: String) throws(EmulatorHTTPError) -> String? {
            guard let value = body[name] else { return nil }
            guard let text = value as? String else {
                throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : \(name) is not a string")
            }
            return text
        }
        return RemoteConfigFetchRequest(
            appID: appID, appVersion: try text("appVersion"), installationID: instance,
            installationAuthToken: try text("appInstanceIdToken") ?? token ?? "",
            userProperties: try strings(body["analyticsUserProperties"], name: "analyticsUserProperties"),
            lastKnownVersion: nil, timeout: 0, languageCode: try text("languageCode"),
            countryCode: try text("countryCode"), timeZone: try text("timeZone"),
            platformVersion: try text("platformVersion"), packageName: try text("packageName"),
            customSignals: try strings(body["customSignals"], name: "customSignals"))
    }

    /// An object of strings (numbers and booleans as their text).
    private static func strings(_ value: Any?, name: String) throws(EmulatorHTTPError) -> [String: String] {
        guard let value else { return [:] }
        guard let object = value as? [String: Any] else {
            throw EmulatorHTTPError(.badRequest, "INVALID_ARGUMENT : \(name) is not an object")
        }
        var strings: [String: String] = [:]
        for (key, item) in object {
            switch item {
            case let text as String: strings[key] = text
            case let number as NSNumber: strings[key] = number.stringValue
            default:
                throw EmulatorHTTPError(
                    .badRequest, "INVALID_ARGUMENT : \(name).\(key.prefix(100)) is not a string or a number")
            }
        }
        return strings
    }

    /// The ETag of a caller's config: the project, the version and a 64-bit FNV-1a hash of the entries.
    static func etag(project: String, version: Int, entries: [String: String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            for byte in key.utf8 + [0] + value.utf8 + [0] {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return "etag-\(project)-\(version)-\(String(hash, radix: 16))"
    }
}
