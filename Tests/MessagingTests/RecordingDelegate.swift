// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintMessaging

/// A delegate that records every token it is told about.
final class RecordingDelegate: MessagingDelegate {
    private let recorded = Locked<[String?]>([])
    private let registrationEvents = Locked<[String]>([])

    /// The installation ID events told, in order: `registered {id}` or `unregistered {id}`.
    var registrations: [String] { registrationEvents.withLock { $0 } }

    /// The tokens told, in order (nil for a deletion).
    var tokens: [String?] { recorded.withLock { $0 } }

    func messaging(_ messaging: Messaging, didReceiveRegistrationToken fcmToken: String?) {
        recorded.withLock { $0.append(fcmToken) }
    }

    func messaging(_ messaging: Messaging, didReceiveRegistration installationId: String?) {
        registrationEvents.withLock { $0.append("registered \(installationId ?? "nil")") }
    }

    func messaging(_ messaging: Messaging, didUnregister installationId: String) {
        registrationEvents.withLock { $0.append("unregistered \(installationId)") }
    }
}
