// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The real-time side of one ``RemoteConfig``: its connection to the backend's template versions and the
/// fetches they trigger.
struct RealtimeState {
    /// The connection: none, being opened (credentials are fetched first), or open.
    enum Connection {
        case idle
        case connecting(id: Int)
        case connected(id: Int, registration: any ListenerRegistration)
    }

    var connection = Connection.idle
    var nextConnectionID = 0
    /// The newest version announced.
    var announcedVersion = 0
    /// Whether a fetch for announced versions is running.
    var fetching = false
    /// How many reconnections in a row failed (reset when a message arrives).
    var retries = 0
}
