// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The error behaviour of the Firebase SDK's `StorageError.swift` (firebase-ios-sdk, FirebaseStorage/Sources; the
/// iOS SDK has no unit test file for it): `StorageErrorCode.error(withServerError:ref:)` maps a status to a code
/// and fills `userInfo`, and `error(withCode:infoDictionary:)` words the message.
@Suite("SDK: StorageError")
struct SDKErrorTests {
    /// `error(withServerError:ref:)`: 400 and unknown statuses are `unknown`, 401, 402, 403 and 404 their codes.
    @Test(arguments: [
        (400, StorageErrorCode.unknown), (401, .unauthenticated), (402, .quotaExceeded), (403, .unauthorized),
        (404, .objectNotFound), (409, .unknown), (412, .unknown),
    ])
    func aStatusMapsToTheSDKsCode(status: Int, code: StorageErrorCode) async throws {
        let failure = try await SDKTest.failureCode(status: status, body: "no") { _ = try await $0.getMetadata() }
        #expect(failure == code.rawValue)
    }

    /// `error(withServerError:ref:)`: `userInfo` carries the bucket, the object, the response's domain, status and
    /// body; the message is the code's, naming the object.
    @Test func aServersErrorCarriesTheSDKsUserInfo() async throws {
        try await SDKTest.withServer(SDKTest.answer(404, SDKTest.notFoundBody)) { storage, _ in
            let error = try await #require(throws: StorageError.self) {
                _ = try await storage.reference(withPath: "path/to/object").getMetadata()
            }
            #expect(error.responseStatus == 404)
            #expect(error.responseBody == SDKTest.notFoundBody)
            let nsError = error as NSError
            #expect(nsError.domain == "FIRStorageErrorDomain")
            #expect(nsError.code == -13010)
            #expect(nsError.userInfo["bucket"] as? String == "bucket")
            #expect(nsError.userInfo["object"] as? String == "path/to/object")
            #expect(nsError.userInfo["ResponseErrorDomain"] as? String == "com.google.HTTPStatus")
            #expect(nsError.userInfo["ResponseErrorCode"] as? Int == 404)
            #expect(nsError.userInfo["ResponseBody"] as? String == SDKTest.notFoundBody)
            #expect(nsError.localizedDescription == "Object path/to/object does not exist.")
        }
    }

    /// `error(withCode:infoDictionary:)`: the messages of the codes that name their bucket or object.
    @Test func messagesNameTheBucketAndObject() {
        #expect(StorageError(.objectNotFound, object: "a/b").message == "Object a/b does not exist.")
        #expect(StorageError(.bucketNotFound, bucket: "b").message == "Bucket b does not exist.")
        #expect(
            StorageError(.quotaExceeded, bucket: "b").message
                == "Quota for bucket b exceeded, please view quota on firebase.google.com.")
        #expect(
            StorageError(.unauthorized, bucket: "b", object: "a/b").message
                == "User does not have permission to access gs://b/a/b.")
        #expect(
            StorageError(.unauthenticated).message
                == "User is not authenticated, please authenticate using Firebase Authentication and try again.")
        #expect(StorageError(.retryLimitExceeded).message == "Max retry time for operation exceeded, please try again.")
        #expect(StorageError(.cancelled).message == "User cancelled the upload/download.")
        #expect(StorageError(.unknown).message == "An unknown error occurred, please check the server response.")
    }

    /// `error(withServerError:ref:)` of a 403: the message names `gs://bucket/object`.
    @Test func aDeniedRequestsMessageNamesTheObjectsURL() async throws {
        try await SDKTest.withServer(SDKTest.answer(403, SDKTest.unauthorizedBody)) { storage, _ in
            let error = try await #require(throws: StorageError.self) {
                try await storage.reference(withPath: "path/to/object").delete()
            }
            #expect(error.message == "User does not have permission to access gs://bucket/path/to/object.")
        }
    }
}
