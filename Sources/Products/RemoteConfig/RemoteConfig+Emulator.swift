// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

extension RemoteConfig {
    /// Sends this instance's fetches and real-time stream to the Remote Config REST API at `http://{host}:{port}`
    /// (for instance a test server), for the app's project number (`gcmSenderID`) and API key. Call it before
    /// fetching or listening.
    ///
    /// - Throws: ``RemoteConfigErrorCode/internalError`` naming the problem when `host` is not a plain host
    ///   name or address, `port` is not in 1…65535, or the app's options have no `apiKey`.
    public func useEmulator(withHost host: String, port: Int) throws(RemoteConfigError) {
        guard let apiKey = options.apiKey, !apiKey.isEmpty else {
            throw RemoteConfigError(
                .internalError, message: "The app's options need an apiKey for the Remote Config REST API.")
        }
        let origin: URL
        do {
            origin = try EmulatorOrigin.make(host: host, port: port)
        } catch {
            throw RemoteConfigError(.internalError, message: error.description)
        }
        setEmulatorBackend(
            RESTRemoteConfigBackend(
                fetchOrigin: origin, realtimeOrigin: origin,
                project: options.gcmSenderID, apiKey: apiKey, bundleID: options.bundleID))
    }
}
