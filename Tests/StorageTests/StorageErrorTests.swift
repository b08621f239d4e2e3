// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintStorage
import Foundation
import Testing

@Suite("Storage errors")
struct StorageErrorTests {
    @Test(arguments: [
        (StorageErrorCode.unknown, -13000), (.objectNotFound, -13010), (.bucketNotFound, -13011),
        (.quotaExceeded, -13013), (.unauthenticated, -13020), (.unauthorized, -13021),
        (.retryLimitExceeded, -13030), (.nonMatchingChecksum, -13031), (.downloadSizeExceeded, -13032),
        (.cancelled, -13040), (.invalidArgument, -13050), (.bucketMismatch, -13051), (.internalError, -13052),
        (.pathError, -13053),
    ])
    func theCodesAreTheSDKs(code: StorageErrorCode, raw: Int) {
        #expect(code.rawValue == raw)
    }

    @Test func anErrorBridgesToTheSDKsNSError() {
        let error = StorageError(.objectNotFound, message: "gone", bucket: "b", object: "a/b") as NSError
        #expect(error.domain == "FIRStorageErrorDomain")
        #expect(error.code == -13010)
        #expect(error.localizedDescription == "Object a/b does not exist.")
        #expect(error.userInfo[NSLocalizedFailureReasonErrorKey] as? String == "gone")
        #expect(error.userInfo["bucket"] as? String == "b")
        #expect(error.userInfo["object"] as? String == "a/b")
    }

    @Test func anErrorWithoutMessageHasTheCodesDefault() {
        #expect(StorageError(.cancelled).message == StorageErrorCode.cancelled.defaultMessage)
    }
}

/// `StorageError` as the SDK's enum: its cases match with their associated values, and bridge to `NSError`.
@Suite("Storage errors: the SDK's enum")
struct StorageErrorEnumTests {
    @Test func aMissingObjectIsCaughtByItsCaseWithTheObjectsPath() async throws {
        let (_, storage) = try makeStorage()
        do {
            _ = try await storage.reference(withPath: "images/a.png").data(maxSize: 1024)
            Issue.record("no error")
        } catch StorageError.objectNotFound(let object, let serverError) {
            #expect(object == "images/a.png")
            #expect(serverError["bucket"] as? String == storage.bucket)
        }
    }

    @Test func aTooLargeObjectIsDownloadSizeExceededWithBothSizes() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "big")
        _ = try await ref.putDataAsync(Data(count: 100))
        do {
            _ = try await ref.data(maxSize: 10)
            Issue.record("no error")
        } catch StorageError.downloadSizeExceeded(let total, let maxSize) {
            #expect(total == 100)
            #expect(maxSize == 10)
        }
    }

    @Test func downloadSizeExceededBridgesItsSizesAsTheSDK() {
        let error = StorageError.downloadSizeExceeded(total: 100, maxSize: 10) as NSError
        #expect(error.code == -13032)
        #expect(error.userInfo["totalSize"] as? Int64 == 100)
        #expect(error.userInfo["maxAllowedSize"] as? Int64 == 10)
        #expect(
            error.localizedDescription
                == "Attempted to download object with size of 100 bytes, which exceeds the maximum size of 10 bytes. "
                + "Consider raising the maximum download maxSize, or using StorageReference.write")
    }

    @Test(arguments: [
        (StorageError.internalError(message: "m"), -13052), (.pathError(message: "m"), -13053),
        (.bucketMismatch(message: "m"), -13051), (.invalidArgument(message: "m"), -13050),
        (.unknown(message: "m", serverError: [:]), -13000),
    ])
    func aMessageCaseBridgesItsMessage(error: StorageError, code: Int) {
        let bridged = error as NSError
        #expect(bridged.domain == StorageErrorDomain)
        #expect(bridged.code == code)
        #expect(bridged.localizedDescription == "m")
    }

    @Test func theInitializerFromACodeMakesTheCodesCase() {
        #expect(
            StorageError(.unauthorized, bucket: "b", object: "o")
                == .unauthorized(bucket: "b", object: "o", serverError: ["bucket": "b", "object": "o"]))
        #expect(StorageError(.cancelled) == .cancelled)
        #expect(StorageError(.unknown, responseStatus: 400).message == "Unknown 400 error from backend")
        #expect(StorageError(.unknown, responseStatus: 409).message == "Unexpected 409 code from backend")
    }
}
