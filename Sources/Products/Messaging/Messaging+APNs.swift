// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The APNs token and the messages the app hands over: Firebase's APNs and analytics calls. Flint talks to no
/// APNs server; the token is kept and sent with registrations as Firebase sends it.
extension Messaging {
    /// The APNs token given by the app (Firebase's `apnsToken`), nil until one is set. Setting it is
    /// ``setAPNSToken(_:type:)`` with type `unknown`; setting nil forgets it.
    public var apnsToken: Data? {
        get { apns.withLock { $0?.token } }
        set {
            if let newValue {
                setAPNSToken(newValue, type: .unknown)
            } else {
                apns.withLock { $0 = nil }
            }
        }
    }

    /// Sets the APNs token and its type (Firebase's `setAPNSToken(_:type:)`): it is sent with every registration
    /// made afterwards — as `ios.apns_token` (lowercase hex) and `ios.apns_environment` (`SANDBOX` for
    /// ``MessagingAPNSTokenType/sandbox``, `PROD` otherwise) — and ``register()`` needs it. Setting the token it
    /// already has changes nothing, as in Firebase. With ``isInstallationIdEnabled`` and ``isAutoInitEnabled`` on, a
    /// new APNs token starts ``register()`` in the background, as Firebase registers once the token arrives.
    public func setAPNSToken(_ apnsToken: Data, type: MessagingAPNSTokenType) {
        let changed = apns.withLock { current in
            guard current?.token != apnsToken else { return false }
            current = (apnsToken, type)
            return true
        }
        // As Firebase registers at app start once the APNs token arrives, with auto-init and installation IDs on.
        if changed, installationIdEnabled, isAutoInitEnabled {
            Task { [weak self] in try? await self?.register() }
        }
    }

    /// Tells Messaging about a message the app received (Firebase's `appDidReceiveMessage(_:)`, which the app calls
    /// itself when it turned Firebase's app delegate proxy off). As in Firebase, the answer's status is
    /// ``MessagingMessageStatus/unknown`` for an empty message and ``MessagingMessageStatus/new`` otherwise.
    /// Firebase also logs the message to Analytics (once per `gcm.message_id`) and opens its `gcm.n.link`; Flint
    /// does neither (see the Messaging guide).
    public func appDidReceiveMessage(_ message: [AnyHashable: Any]) -> MessagingMessageInfo {
        MessagingMessageInfo(status: message.isEmpty ? .unknown : .new)
    }
}
