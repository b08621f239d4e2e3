// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintRemoteConfig
import Foundation
import Hummingbird

/// A real-time stream (`POST …:streamFetchInvalidations`): a long-lived `application/json` answer carrying one
/// `{"latestTemplateVersionNumber": "N"}` object per new template version (the current one at once when it is
/// newer than the request's `lastKnownVersionNumber`), each in its own write, as Firebase's SDKs read them.
///
/// A newline goes out every ``heartbeatInterval`` (both Firebase's SDKs and Flint's skip text outside objects),
/// so that a client that went away is noticed and its listener removed. The stream ends when the client goes
/// away or the emulator stops.
struct RemoteConfigInvalidationStream {
    /// The backend to listen to; nil for a namespace without a template (nothing is ever announced).
    let backend: EmulatorRemoteConfigBackend?
    let request: RemoteConfigRealtimeRequest

    /// How often an idle stream sends a newline.
    static let heartbeatInterval = Duration.seconds(1)

    func response() -> Response {
        // Bounded: only the newest announcements matter, and a response whose body never starts cannot pile up
        // heartbeats.
        EmulatorEventStream.response(
            keepAlive: "\n", interval: Self.heartbeatInterval, contentType: "application/json; charset=utf-8",
            bufferingPolicy: .bufferingNewest(16)
        ) { continuation in
            let registration = backend?.listenForTemplateVersions(request) { result in
                if case .success(let version) = result {
                    continuation.yield(#"{"latestTemplateVersionNumber":"\#(version)"}"# + "\n")
                }
            }
            return ("", { registration?.remove() })
        }
    }
}
