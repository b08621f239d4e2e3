// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintMessaging

/// Firebase's `FirebaseMessaging/Tests/UnitTests/FIRMessagingTokenInfoTest.m`, ported to Flint's saved state
/// (``MessagingSettings/persistenceDirectory``, Firebase's keychain token info): what is saved with the token,
/// and when a saved token is fresh enough to be used again (`isFreshWithIID:`). The locale and app version
/// checks have no Flint input and are not ported.
@Suite("SDK port: FIRMessagingTokenInfoTest", .timeLimit(.minutes(3)))
struct SDKTokenInfoTests {
    static let day: TimeInterval = 24 * 60 * 60

    /// Saves a token for `fid(1)`, fetched `age` ago (nil: a save without the date), for the testing options.
    static func saveToken(in directory: URL, age: TimeInterval?, appID: String = FlintOptions.testing.googleAppID)
        throws
    {
        try MessagingPersistenceFile(directory: directory).save(
            .init(
                senderID: FlintOptions.testing.gcmSenderID, appID: appID, token: "\(fid(1)):APA91bSaved",
                installationID: fid(1), isAutoInitEnabled: nil, fetchedAt: age.map { Date().addingTimeInterval(-$0) }))
    }

    /// `testTokenInfoEncodingAndDecoding`: every field saved with the token is read back.
    @Test func everySavedFieldIsReadBack() async throws {
        try await withTemporaryDirectory { directory in
            let file = MessagingPersistenceFile(directory: directory)
            let contents = MessagingPersistenceFile.Contents(
                senderID: "123456789", appID: "1:123456789:ios:abc", token: "token", installationID: fid(1),
                isAutoInitEnabled: true, fetchedAt: Date(timeIntervalSince1970: 1_750_000_000))
            try file.save(contents)
            #expect(try file.load() == contents)
        }
    }

    /// `testTokenInfoEncodingAndDecodingWithMissingFields`: a save without the optional fields reads them back as
    /// nil.
    @Test func aSparseSaveReadsBackTheMissingFieldsAsNil() async throws {
        try await withTemporaryDirectory { directory in
            let file = MessagingPersistenceFile(directory: directory)
            try file.save(.init(senderID: "123456789", appID: "1:123456789:ios:abc", token: "token"))
            let loaded = try #require(try file.load())
            #expect(loaded.installationID == nil)
            #expect(loaded.isAutoInitEnabled == nil)
            #expect(loaded.fetchedAt == nil)
        }
    }

    /// `testTokenFreshnessWithTokenTimestampChange`: a token fetched less than seven days ago is used again; one
    /// fetched seven or more days ago, or saved without its date (Firebase's legacy format), is not.
    @Test(arguments: [(6 * day, true), (7 * day, false), (8 * day, false), (nil, false)] as [(TimeInterval?, Bool)])
    func aSavedTokenIsUsedForSevenDays(age: TimeInterval?, isRestored: Bool) async throws {
        try await withTemporaryDirectory { directory in
            try Self.saveToken(in: directory, age: age)
            let app = try makePersistingApp(
                directory, backend: LocalMessagingBackend(), installations: FakeInstallations(installationID: fid(1)))
            let messaging = try Messaging.messaging(app: app)
            #expect((messaging.fcmToken != nil) == isRestored)
        }
    }

    /// `testTokenFreshnessWithTokenTimestampChange`, continued: with auto-init on, a stale saved token is replaced
    /// by a new one at start, whose fetch date is saved.
    @Test func aStaleTokenIsReplacedAtStartWithAutoInit() async throws {
        try await withTemporaryDirectory { directory in
            try Self.saveToken(in: directory, age: 8 * Self.day)
            let backend = LocalMessagingBackend()
            let app = try makePersistingApp(
                directory, backend: backend, installations: FakeInstallations(installationID: fid(1)), autoInit: true)
            let messaging = try Messaging.messaging(app: app)
            try await waitUntil { messaging.fcmToken != nil }
            let token = try #require(messaging.fcmToken)
            #expect(token != "\(fid(1)):APA91bSaved")
            let saved = try #require(try MessagingPersistenceFile(directory: directory).load())
            #expect(saved.token == token)
            let fetchedAt = try #require(saved.fetchedAt)
            #expect(abs(fetchedAt.timeIntervalSinceNow) < Self.day)
        }
    }

    /// `testTokenFreshnessWithFirebaseAppIDChange`: a token saved for another Firebase app ID is not used.
    @Test func aTokenSavedForAnotherAppIDIsNotUsed() async throws {
        try await withTemporaryDirectory { directory in
            try Self.saveToken(in: directory, age: Self.day, appID: "1:1234567890:ios:fedcba9876543210")
            let messaging = try Messaging.messaging(app: makePersistingApp(directory, backend: LocalMessagingBackend()))
            #expect(messaging.fcmToken == nil)
        }
    }
}
