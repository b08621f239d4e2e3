// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The Firebase SDK's `StorageMetadataTests.swift` (firebase-ios-sdk, FirebaseStorage/Tests/Unit), ported. The
/// SDK's `updatedMetadata()` tests check the PATCH body an update sends (on the wire here); `testMetadataCopy`
/// and `testMetadataHashEquality` become value equality (metadata is a value).
@Suite("SDK: StorageMetadataTests")
struct SDKMetadataTests {
    private static var full: [String: AnyHashable] {
        [
            "bucket": "bucket",
            "cacheControl": "max-age=3600, no-cache",
            "contentDisposition": "inline",
            "contentEncoding": "gzip",
            "contentLanguage": "en-us",
            "contentType": "application/octet-stream",
            "customMetadata": ["foo": ["bar": "baz"]],
            "generation": "12345",
            "metageneration": "67890",
            "name": "path/to/object",
            "timeCreated": "1992-08-07T17:22:53.108Z",
            "updated": "2016-03-01T20:16:01.673Z",
            "md5Hash": "d41d8cd98f00b204e9800998ecf8427e",
            "size": 1337,
        ]
    }

    /// `testInitializeNoMetadata`.
    @Test func anEmptyDictionaryIsEmptyMetadata() {
        #expect(StorageMetadata(dictionary: [:]) == StorageMetadata())
    }

    /// `testInitializeFullMetadata`.
    @Test func everyFieldIsReadFromTheDictionary() {
        let metadata = StorageMetadata(dictionary: Self.full)
        #expect(metadata.bucket == "bucket")
        #expect(metadata.cacheControl == "max-age=3600, no-cache")
        #expect(metadata.contentDisposition == "inline")
        #expect(metadata.contentEncoding == "gzip")
        #expect(metadata.contentLanguage == "en-us")
        #expect(metadata.contentType == "application/octet-stream")
        #expect(metadata.customMetadata == nil)  // "customMetadata" is not the key, "metadata" is
        #expect(metadata.md5Hash == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(metadata.generation == 12345)
        #expect(metadata.metageneration == 67890)
        #expect(metadata.path == "path/to/object")
        #expect(metadata.name == "object")
        #expect(abs((metadata.timeCreated?.timeIntervalSince1970 ?? 0) - 713_208_173.108) < 0.0005)
        #expect(abs((metadata.updated?.timeIntervalSince1970 ?? 0) - 1_456_863_361.673) < 0.0005)
        #expect(metadata.size == 1337)
        #expect(metadata.changed.isEmpty)
    }

    /// `testDictionaryRepresentation`.
    @Test func theDictionaryRepresentationRoundTrips() {
        let metadata = StorageMetadata(dictionary: Self.full)
        var expected = Self.full
        expected["customMetadata"] = nil
        expected["size"] = Int64(1337)
        #expect(metadata.dictionaryRepresentation() == expected)
        var custom = StorageMetadata(dictionary: ["metadata": ["foo": "bar"]])
        #expect(custom.dictionaryRepresentation() == ["bucket": "", "metadata": ["foo": "bar"]])
        custom.customMetadata = nil
        #expect(custom.dictionaryRepresentation() == ["bucket": ""])
    }

    /// `testInitializeDownloadURLFromToken`: the first of the object's download tokens.
    @Test func theDownloadURLCarriesTheFirstDownloadToken() async throws {
        let json = SDKTest.objectJSON("path/to/object", extra: ["downloadTokens": "12345,ignored"])
        try await SDKTest.withServer(SDKTest.answer(200, json)) { storage, server in
            let url = try await storage.reference(withPath: "path/to/object").downloadURL()
            #expect(url.absoluteString == "\(server.origin)/v0/b/bucket/o/path%2Fto%2Fobject?alt=media&token=12345")
        }
    }

    /// `testInitializeEmptyDownloadURL`: the SDK has no URL (and its task fails) for an object without tokens.
    @Test func anObjectWithoutDownloadTokensHasNoDownloadURL() async throws {
        try await SDKTest.withServer(SDKTest.answer(200, SDKTest.objectJSON("path/to/object"))) { storage, _ in
            let code = await storageErrorCode {
                _ = try await storage.reference(withPath: "path/to/object").downloadURL()
            }
            #expect(code == .unknown)
        }
    }

    /// `testInitializeMetadataWithFile`, `testInitializeMetadataWithFolder`: an object's metadata is a file's;
    /// nothing is a folder's (the SDK never sets it either).
    @Test func anObjectsMetadataIsAFilesNeverAFolders() async throws {
        let (_, storage) = try makeStorage()
        let metadata = try await storage.reference(withPath: "path/to/file").putDataAsync(Data("x".utf8))
        #expect(metadata.isFile)
        #expect(!metadata.isFolder)
        #expect(!StorageMetadata().isFile)
        #expect(!StorageMetadata().isFolder)
    }

    /// `testReflexiveMetadataEquality`, `testMetadataEquality`, `testMetadataCopy`, `testMetadataHashEquality`.
    @Test func metadataOfTheSameDictionaryIsEqual() {
        let dictionary: [String: AnyHashable] = [
            "bucket": "bucket", "name": "/path/to/file", "md5Hash": "d41d8cd98f00b204e9800998ecf8427e",
        ]
        let metadata = StorageMetadata(dictionary: dictionary)
        let copy = metadata
        #expect(metadata == copy)
        #expect(metadata == StorageMetadata(dictionary: dictionary))
    }

    /// `testNonsenseMetadataEquality`, `testMetadataMd5Inequality`.
    @Test func metadataWithAnotherFieldIsNotEqual() {
        #expect(StorageMetadata(dictionary: ["bucket": "bucket", "name": "path/to/object"]) != StorageMetadata())
        #expect(
            StorageMetadata(dictionary: ["md5Hash": "d41d8cd98f00b204e9800998ecf8427e"])
                != StorageMetadata(dictionary: ["md5Hash": "d41d8cd98f00b204e9800998ecf8427f"]))
    }

    /// `testZuluTimeOffset`, `testZuluZeroTimeOffset`, `testGoogleStandardTimeOffset`, `testUnspecifiedTimeOffset`
    /// (which only check that the metadata is made): each offset is read.
    @Test(arguments: [
        ("1992-08-07T17:22:53.108Z", 0), ("1992-08-07T17:22:53.108+0000", 0), ("1992-08-07T17:22:53.108-0700", 7),
        ("1992-08-07T17:22:53.108-0000", 0), ("1992-08-07T17:22:53.108-07:00", 7),
    ])
    func timesWithAnyOffsetAreRead(time: String, hoursBehindUTC: Int) {
        let metadata = StorageMetadata(dictionary: ["timeCreated": time])
        let expected = 713_208_173.108 + Double(hoursBehindUTC * 3600)
        #expect(abs((metadata.timeCreated?.timeIntervalSince1970 ?? 0) - expected) < 0.0005)
    }

    /// `testUpdatedMetadata`: only the changed fields and custom keys are sent.
    @Test func anUpdateSendsTheChangedFieldsAndCustomKeys() async throws {
        let body = try await patchBody { metadata in
            metadata.contentLanguage = "new"
            metadata.customMetadata = ["foo": "new", "bar": "old"]
        }
        #expect(body == #"{"contentLanguage":"new","metadata":{"foo":"new"}}"#)
    }

    /// `testUpdatedMetadataWithEmptyUpdate`.
    @Test func anUpdateWithoutChangesSendsNothing() async throws {
        #expect(try await patchBody { _ in } == "{}")
    }

    /// `testUpdatedMetadataWithDelete`.
    @Test func anUpdateSendsNullForClearedFieldsAndRemovedCustomKeys() async throws {
        let body = try await patchBody { metadata in
            metadata.contentLanguage = nil
            metadata.customMetadata = ["foo": "old"]
        }
        #expect(body == #"{"contentLanguage":null,"metadata":{"bar":null}}"#)
    }

    /// The PATCH body (JSON, keys sorted) of an update of the object whose metadata has `contentLanguage` "old" and
    /// custom metadata `foo` and `bar` "old", after `change` on the fetched metadata.
    private func patchBody(_ change: (inout StorageMetadata) -> Void) async throws -> String {
        let json = SDKTest.objectJSON(extra: ["contentLanguage": "old", "metadata": ["foo": "old", "bar": "old"]])
        var body = ""
        try await SDKTest.withServer(SDKTest.answer(200, json)) { storage, server in
            let ref = storage.reference(withPath: "object")
            var metadata = try await ref.getMetadata()
            change(&metadata)
            try await ref.updateMetadata(metadata)
            let patch = try #require(server.requests.last { $0.method == "PATCH" })
            body = patch.bodyText
        }
        return body
    }
}
