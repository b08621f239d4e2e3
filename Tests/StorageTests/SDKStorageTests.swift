// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The Firebase SDK's `StorageTests.swift` (firebase-ios-sdk, FirebaseStorage/Tests/Unit), ported, with the SDK's
/// `SKIP`-prefixed tests (Objective-C exceptions there) as thrown errors here. Not ported: `testTranslateRetryTime`
/// (the translation of a retry time into GTMSessionFetcher's maximum retry interval; Flint retries itself, see
/// the guide), `testBucketNotEnforced` (an app without a bucket: see
/// ``anAppWithAnEmptyBucketHasNoDefaultInstanceButURLInstancesWork()``), and `copy()`/`hash` (instances are
/// shared objects: identity is tested).
@Suite("SDK: StorageTests")
struct SDKStorageTests {
    private func app(bucket: String?) throws -> FlintApp {
        var options = FlintOptions.testing
        options.storageBucket = bucket
        return try makeStorageApp(options: options)
    }

    /// `testInitWithCustomURL`, `testInitWithDefaultAndCustomURL`.
    @Test func aCustomURLNamesTheInstancesBucketWithOrWithoutTrailingSlash() throws {
        let app = try app(bucket: "bucket")
        let custom = try Storage.storage(app: app, url: "gs://foo-bar.appspot.com")
        #expect(custom.reference().description == "gs://foo-bar.appspot.com/")
        #expect(
            try Storage.storage(app: app, url: "gs://foo-bar.appspot.com/").reference().description
                == "gs://foo-bar.appspot.com/")
        #expect(try Storage.storage(app: app).reference().description == "gs://bucket/")
    }

    /// `SKIPtestInitWithWrongScheme`, `SKIPtestInitWithNoScheme`, `SKIPtestInitWithPath`.
    @Test(arguments: ["http://foo-bar.appspot.com", "foo-bar.appspot.com", "gs://foo-bar.appspot.com/child"])
    func aURLThatIsNotGsBucketIsInvalidOptions(url: String) throws {
        let app = try app(bucket: "bucket")
        #expect {
            try Storage.storage(app: app, url: url)
        } throws: { error in
            if case .invalidOptions = error as? ComponentError { return true }
            return false
        }
    }

    /// `testInitWithoutURL`, `testStorageDefaultApp`.
    @Test func theDefaultInstanceBelongsToItsApp() throws {
        let app = try app(bucket: "bucket")
        let storage = try Storage.storage(app: app)
        #expect(storage.appName == app.name)
        #expect(storage.bucket == "bucket")
    }

    /// `testStorageEmptyBucketInConfig`, `SKIPtestStorageNoBucketInConfig`: the SDK's default instance of an app
    /// with an empty bucket takes references of any bucket; Flint has no default instance then (the guide's
    /// "Setup and entry points"), but an instance for a URL's bucket works.
    @Test(arguments: ["", nil] as [String?])
    func anAppWithAnEmptyBucketHasNoDefaultInstanceButURLInstancesWork(bucket: String?) throws {
        let app = try app(bucket: bucket)
        #expect {
            try Storage.storage(app: app)
        } throws: { error in
            if case .invalidOptions = error as? ComponentError { return true }
            return false
        }
        let ref = try Storage.storage(app: app, url: "gs://bucket").reference(forURL: "gs://bucket/path/to/object")
        #expect(ref.bucket == "bucket")
    }

    /// `SKIPtestStorageWrongBucketInConfig`.
    @Test func aReferenceOfAnotherBucketThanTheConfiguredOneIsABucketMismatch() throws {
        let storage = try Storage.storage(app: app(bucket: "notMyBucket"))
        #expect(throws: StorageError.self) { try storage.reference(forURL: "gs://bucket/path/to/object") }
    }

    /// `testUseEmulator`.
    @Test func referencesWorkAfterUseEmulator() throws {
        let storage = try Storage.storage(app: app(bucket: "bucket"), url: "gs://foo-bar.appspot.com")
        storage.useEmulator(withHost: "localhost", port: 8080)
        #expect(storage.emulatorOrigin == "http://localhost:8080")
        #expect(storage.reference().description == "gs://foo-bar.appspot.com/")
    }

    /// `testRefDefaultApp`, `testRefCustomApp`, `testRootRefDefaultApp`, `testRefWithPathDefaultApp`.
    @Test(arguments: ["bucket", "bucket2"])
    func aURLReferenceIsThePathsReference(bucket: String) throws {
        let storage = try Storage.storage(app: app(bucket: bucket))
        let convenience = try storage.reference(forURL: "gs://\(bucket)/path/to/object")
        let built = storage.reference(withPath: "path/to/object")
        #expect(convenience.description == built.description)
        #expect(convenience.storage === built.storage)
        #expect(storage.reference().description == "gs://\(bucket)/")
    }

    /// `testEqual`, `testHash`, `testNotEqual`.
    @Test func oneAppAndBucketIsOneInstanceAndAnotherAppAnother() throws {
        let app = try app(bucket: "bucket")
        let storage = try Storage.storage(app: app)
        #expect(try Storage.storage(app: app) === storage)
        #expect(try Storage.storage(app: self.app(bucket: "bucket2")) !== storage)
    }
}
