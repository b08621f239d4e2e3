// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Sends an engine's analytics events, named `{managerKey}_{event}`, to its logger (none: nothing is sent).
struct SyncEventLog: Sendable {
    let managerKey: String
    let logger: (any DataSyncLogger)?

    var isEnabled: Bool { logger != nil }

    /// A log that sends nothing (for local changes that are not the listener's).
    static let silent = SyncEventLog(managerKey: "", logger: nil)

    func track(_ event: String, _ parameters: [String: String] = [:]) {
        logger?.trackEvent(name: "\(managerKey)_\(event)", parameters: parameters)
    }

    static func describe(_ error: any Error) -> String {
        String(describing: error)
    }
}
