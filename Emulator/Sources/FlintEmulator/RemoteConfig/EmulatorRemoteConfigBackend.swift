// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintRemoteConfig
import Foundation

/// The Remote Config backend behind the emulator's Remote Config service: one template in Firebase's REST JSON
/// (conditions written in Firebase's condition language), its version, and the real-time listeners told of each
/// new version.
///
/// ```swift
/// let backend = try EmulatorRemoteConfigBackend(templateJSON: Data(#"{"parameters": {"color": {"defaultValue": {"value": "blue"}}}}"#.utf8))
/// backend.templateVersion   // 1
/// ```
///
/// It is also a `RemoteConfigBackend`, so an app can use it in-process (`RemoteConfigLibrary.backend(_:)`).
public final class EmulatorRemoteConfigBackend: RemoteConfigBackend {
    private struct State {
        var template = RemoteConfigRESTTemplate.empty
        var version = 0
        var updateTime = Date()
        var forced = false
    }

    private let state = Locked(State())
    private let versions = ListenerBroadcaster<Int>()
    /// Where the template is kept across runs (nil: in memory).
    private let file: URL?

    /// A backend without a template (version 0: fetches answer `NO_TEMPLATE`).
    public init() {
        file = nil
    }

    /// A backend keeping its template and version in `directory` (`template.json`, created when first published),
    /// starting with what a previous backend on the directory published.
    ///
    /// Each publication is written durably (a new file beside it, `fsync`, rename) before it is acknowledged;
    /// one that cannot be written is refused (``publish(templateJSON:)`` throws, the service answers 500) and
    /// changes nothing.
    ///
    /// - Throws: ``EmulatorStartError/invalidFile(path:problem:)`` when the file is not a regular file, is too
    ///   large, or does not hold a template.
    public init(directory: URL) throws(EmulatorStartError) {
        let url = directory.appendingPathComponent("template.json")
        file = url
        guard let data = try EmulatorFile.contents(of: url, maximumSize: EmulatorFile.maximumTemplateSize) else {
            return
        }
        guard let saved = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let version = saved["version"] as? Int, version > 0, let templateObject = saved["template"],
            let templateData = try? JSONSerialization.data(withJSONObject: templateObject),
            let template = try? RemoteConfigRESTTemplate(data: templateData)
        else { throw .invalidFile(path: url.path, problem: "not a saved Remote Config template") }
        state.withLock { state in
            state.template = template
            state.version = version
        }
    }

    /// A backend whose first template (version 1) is `templateJSON`.
    ///
    /// - Throws: ``RemoteConfigTemplateJSONError`` naming what is wrong with it.
    public convenience init(templateJSON: Data) throws(RemoteConfigTemplateJSONError) {
        self.init()
        try publish(templateJSON: templateJSON)
    }

    /// Makes `templateJSON` the template under the next version and tells the real-time listeners; returns the
    /// version. Its `version` field is ignored (the backend numbers versions).
    ///
    /// - Throws: ``RemoteConfigTemplateJSONError`` naming what is wrong; nothing changes then.
    @discardableResult
    public func publish(templateJSON: Data) throws(RemoteConfigTemplateJSONError) -> Int {
        let template = try RemoteConfigRESTTemplate(data: templateJSON)
        guard let version = try? publish(template, ifVersion: nil) else {
            throw RemoteConfigTemplateJSONError("the template could not be saved in \(file?.path ?? "")")
        }
        return version
    }

    /// Publishes `template` when the current version is `expected` (any version for nil); nil when it is not.
    ///
    /// - Throws: the file error when the backend keeps its template in a directory and it cannot be written
    ///   (nothing changes then).
    func publish(_ template: RemoteConfigRESTTemplate, ifVersion expected: Int?) throws -> Int? {
        let version = try state.withLock { state -> Int? in
            if let expected, expected != state.version { return nil }
            if let file {
                let saved: [String: Any] = ["version": state.version + 1, "template": template.json]
                try EmulatorFile.replace(
                    file, with: JSONSerialization.data(withJSONObject: saved, options: [.sortedKeys]))
            }
            state.template = template
            state.version += 1
            state.updateTime = Date()
            state.forced = expected == nil
            return state.version
        }
        if let version { versions.send(version) }
        return version
    }

    /// The current template version (0 before the first publication).
    public var templateVersion: Int { state.withLock { $0.version } }

    /// The number of open real-time listeners (streams of the service included).
    public var realtimeListenerCount: Int { versions.listenerCount }

    /// The template as the REST API's `GET …/remoteConfig` answers it: the published JSON with its `version`
    /// (`versionNumber`, `updateTime`, `updateOrigin`, `updateType`); `{"conditions": [], "parameters": {}}`
    /// before the first publication.
    public var templateJSON: Data {
        let object = templateObject().object
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
    }

    /// The template object and its version.
    func templateObject() -> (object: [String: Any], version: Int) {
        let (template, version, time, forced) = state.withLock {
            ($0.template, $0.version, $0.updateTime, $0.forced)
        }
        var object = template.json
        if object["conditions"] == nil { object["conditions"] = [Any]() }
        if object["parameters"] == nil { object["parameters"] = [String: Any]() }
        if version > 0 {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            object["version"] =
                [
                    "versionNumber": String(version), "updateTime": formatter.string(from: time),
                    "updateOrigin": "REST_API", "updateType": forced ? "FORCED_UPDATE" : "INCREMENTAL_UPDATE",
                    "updateUser": ["email": "flint-emulator@localhost"],
                ] as [String: Any]
        }
        return (object, version)
    }

    /// The template version and the entries for the client of `request`; nil entries without a template.
    func evaluate(_ request: RemoteConfigFetchRequest) -> (version: Int, entries: [String: String]?) {
        let (template, version) = state.withLock { ($0.template, $0.version) }
        guard version > 0 else { return (0, nil) }
        return (version, template.evaluate(for: request))
    }

    /// Evaluates the template for `request`: `NO_TEMPLATE` without one, `NO_CHANGE` when `request` has the
    /// current version, `EMPTY_CONFIG` when it evaluates to no entries, else `UPDATE` with them.
    public func fetch(_ request: RemoteConfigFetchRequest) async throws(RemoteConfigBackendError)
        -> RemoteConfigFetchResponse
    {
        let (version, entries) = evaluate(request)
        guard let entries else { return RemoteConfigFetchResponse(state: .noTemplate, templateVersion: 0) }
        if request.lastKnownVersion == version {
            return RemoteConfigFetchResponse(state: .noChange, templateVersion: version)
        }
        if entries.isEmpty { return RemoteConfigFetchResponse(state: .emptyConfig, templateVersion: version) }
        return RemoteConfigFetchResponse(state: .update, entries: entries, templateVersion: version)
    }

    /// Tells `listener` of the current version at once when it is newer than `request.lastKnownVersion`, then of
    /// every publication.
    public func listenForTemplateVersions(
        _ request: RemoteConfigRealtimeRequest,
        _ listener: @escaping @Sendable (Result<Int, RemoteConfigBackendError>) -> Void
    ) -> any ListenerRegistration {
        let registration = versions.addListener { listener(.success($0)) }
        let current = templateVersion
        if current > request.lastKnownVersion { listener(.success(current)) }
        return registration
    }
}
