// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintMessaging

/// A delegate that records every token it is told about.
final class RecordingDelegate: MessagingDelegate {
    private let recorded = Locked<[String?]>([])

    /// The tokens told, in order (nil for a deletion).
    var tokens: [String?] { recorded.withLock { $0 } }

    func messaging(_ messaging: Messaging, didReceiveRegistrationToken fcmToken: String?) {
        recorded.withLock { $0.append(fcmToken) }
    }
}
