// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

/// Firebase's `AppCheckTokenDidChange` notification on `NotificationCenter.default`, with the token and the app's
/// name in its `userInfo`. Tests in parallel post it too, so each test looks for its own app's name.
@Suite("App Check token notification", .timeLimit(.minutes(3)))
struct AppCheckNotificationTests {
    /// `testTokenUpdateNotificationKeys`: the name and keys are Firebase's.
    @Test func theNameAndKeysAreFirebases() {
        #expect(Notification.Name.AppCheckTokenDidChange.rawValue == "FIRAppCheckAppCheckTokenDidChangeNotification")
        #expect(AppCheckTokenNotificationKey == "FIRAppCheckTokenNotificationKey")
        #expect(AppCheckAppNameNotificationKey == "FIRAppCheckAppNameNotificationKey")
    }

    /// `testGetToken_WhenNoCache_Success`, `testGetToken_WhenCachedTokenIsValid_Success` and
    /// `testGetTokenForcingRefresh_WhenCachedTokenIsValid_Success` (their notification expectations): each new
    /// token is posted with the token and the app's name; a cached one is not.
    @Test func aNewTokenIsPostedWithTheTokenAndTheAppName() async throws {
        let name = "notified-\(UUID().uuidString)"
        let app = try TestApp.make(name: name, libraries: [AppCheckLibrary.self])
        let appCheck = try AppCheck.appCheck(app: app)
        let posted = Locked<[String]>([])
        let observer = NotificationCenter.default.addObserver(
            forName: .AppCheckTokenDidChange, object: nil, queue: nil
        ) { note in
            guard note.userInfo?[AppCheckAppNameNotificationKey] as? String == name,
                let token = note.userInfo?[AppCheckTokenNotificationKey] as? String
            else { return }
            posted.withLock { $0.append(token) }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        let first = try await appCheck.token(forcingRefresh: false)
        let cached = try await appCheck.token(forcingRefresh: false)
        #expect(cached.token == first.token)
        let second = try await appCheck.token(forcingRefresh: true)
        #expect(posted.withLock { $0 } == [first.token, second.token])
    }
}
