// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// `FirestoreSettings`: set before first use, fixed afterwards, as in the SDK.
@Suite(.timeLimit(.minutes(3)))
struct SettingsTests {
    @Test func settingsDefaultToAMemoryCache() throws {
        let db = try makeFirestore()
        #expect(db.settings.cacheSettings is MemoryCacheSettings)
    }

    @Test func settingsSetBeforeFirstUseAreKept() throws {
        let db = try makeFirestore()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flint-settings-\(UUID())")
        try db.setSettings(FirestoreSettings(cacheSettings: PersistentCacheSettings(directory: directory)))
        #expect(db.settings.persistentCache == PersistentCacheSettings(directory: directory))
    }

    @Test func settingsCannotChangeAfterFirstUse() async throws {
        let db = try makeFirestore()
        _ = try await db.collection("c").getDocuments()
        #expect(throws: FirestoreError.self) { try db.setSettings(FirestoreSettings()) }
        do {
            try db.setSettings(FirestoreSettings())
        } catch {
            #expect(error.code == .failedPrecondition)
        }
    }

    @Test func aPersistentCacheBelowOneMegabyteIsInvalid() throws {
        let db = try makeFirestore()
        let directory = FileManager.default.temporaryDirectory
        do {
            try db.setSettings(
                FirestoreSettings(
                    cacheSettings: PersistentCacheSettings(
                        directory: directory,
                        sizeBytes: 1024)))
            Issue.record("accepted a 1 KB cache")
        } catch {
            #expect(error.code == .invalidArgument)
        }
        #expect(db.settings.cacheSettings is MemoryCacheSettings)
        try db.setSettings(
            FirestoreSettings(
                cacheSettings: PersistentCacheSettings(
                    directory: directory, sizeBytes: PersistentCacheSettings.unlimitedSizeBytes)))
    }
}
