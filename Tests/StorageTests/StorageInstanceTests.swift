// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

@Suite("Storage instances and entry points")
struct StorageInstanceTests {
    @Test func theOptionsBucketIsTheDefault() throws {
        let storage = try Storage.storage(app: makeStorageApp())
        #expect(storage.bucket == "flint-test.appspot.com")
        #expect(storage.reference().bucket == "flint-test.appspot.com")
    }

    @Test func oneInstancePerAppAndBucket() throws {
        let app = try makeStorageApp()
        let first = try Storage.storage(app: app)
        #expect(try Storage.storage(app: app) === first)
        #expect(try Storage.storage(app: app, url: "gs://flint-test.appspot.com") === first)
        #expect(try Storage.storage(app: app, url: "gs://flint-test.appspot.com/") === first)
        let other = try Storage.storage(app: app, url: "gs://other-bucket")
        #expect(other !== first)
        #expect(other.bucket == "other-bucket")
        #expect(try Storage.storage(app: app, url: "gs://other-bucket") === other)
    }

    @Test func appsHaveTheirOwnInstances() throws {
        let a = try Storage.storage(app: makeStorageApp(name: "first"))
        let b = try Storage.storage(app: makeStorageApp(name: "second"))
        #expect(a !== b)
        #expect(a.appName == "first")
    }

    @Test func deletingTheAppReleasesTheInstances() async throws {
        let app = try makeStorageApp()
        let provider = try #require(try app.container.require(StorageProvider.self) as? StorageInstances)
        _ = try Storage.storage(app: app)
        _ = try Storage.storage(app: app, url: "gs://other")
        #expect(provider.instanceCount == 2)
        await app.delete()
        #expect(provider.instanceCount == 0)
        #expect(throws: ComponentError.appDeleted(name: app.name)) { try Storage.storage(app: app) }
    }

    @Test func withoutTheLibraryTheEntryPointsThrowLibraryNotRegistered() throws {
        let app = try TestApp.make()
        let expected = ComponentError.libraryNotRegistered(type: "FlintStorage.Storage", library: "StorageLibrary")
        #expect(throws: expected) { try Storage.storage(app: app) }
        #expect(throws: expected) { try Storage.storage(app: app, url: "gs://bucket") }
    }

    @Test func aBucketIsRequired() throws {
        var options = FlintOptions.testing
        options.storageBucket = nil
        let app = try makeStorageApp(options: options)
        #expect {
            try Storage.storage(app: app)
        } throws: { error in
            guard case .invalidOptions = error as? ComponentError else { return false }
            return true
        }
    }

    @Test(arguments: ["https://bucket", "gs://", "gs://bucket/path"])
    func aURLThatIsNotGsBucketIsInvalidOptions(url: String) throws {
        let app = try makeStorageApp()
        #expect {
            try Storage.storage(app: app, url: url)
        } throws: { error in
            guard case .invalidOptions = error as? ComponentError else { return false }
            return true
        }
    }
}
