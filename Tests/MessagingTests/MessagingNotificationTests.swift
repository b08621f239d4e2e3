// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

/// Firebase's notifications beside the delegate calls: `MessagingRegistrationTokenRefreshed` with the token (or
/// the installation ID) and `MessagingInstallationIdUnregistered` with the installation ID, on
/// `NotificationCenter.default`. Tests in parallel post them too, so each test looks for its own values.
@Suite("Messaging notifications", .timeLimit(.minutes(3)))
struct MessagingNotificationTests {
    /// The objects of the notifications named `name` posted while `body` runs.
    private func objects(
        of name: Notification.Name, during body: () async throws -> Void
    ) async rethrows -> [String?] {
        let posted = Locked<[String?]>([])
        let observer = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
            let object = note.object as? String
            posted.withLock { $0.append(object) }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        try await body()
        return posted.withLock { $0 }
    }

    @Test func theNamesAreFirebases() {
        #expect(
            Notification.Name.MessagingRegistrationTokenRefreshed.rawValue
                == "com.firebase.messaging.notif.fcm-token-refreshed")
        #expect(
            Notification.Name.MessagingInstallationIdUnregistered.rawValue
                == "com.firebase.messaging.notif.installation-id-unregistered")
    }

    @Test func aNewTokenIsPostedWithTheToken() async throws {
        let installations = FakeInstallations(installationID: fid(70_001))
        let messaging = try Messaging.messaging(app: makeMessagingApp(installations: installations))
        var token = ""
        let posted = try await objects(of: .MessagingRegistrationTokenRefreshed) {
            token = try await messaging.token()
        }
        #expect(posted.filter { $0 == token }.count == 1)
    }

    @Test func registeringAndUnregisteringPostTheInstallationID() async throws {
        let installationID = fid(70_002)
        let messaging = try Messaging.messaging(
            app: makeMessagingApp(
                installations: FakeInstallations(installationID: installationID), installationIdEnabled: true))
        messaging.apnsToken = Data([0x01])
        let registered = try await objects(of: .MessagingRegistrationTokenRefreshed) {
            try await messaging.register()
            try await messaging.register()
        }
        // Told each time, as the delegate is.
        #expect(registered.filter { $0 == installationID }.count == 2)
        let unregistered = try await objects(of: .MessagingInstallationIdUnregistered) {
            try await messaging.unregister()
        }
        #expect(unregistered.filter { $0 == installationID }.count == 1)
    }
}
