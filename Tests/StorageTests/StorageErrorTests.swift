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
        (.cancelled, -13040), (.invalidArgument, -13050), (.bucketMismatch, -13051),
    ])
    func theCodesAreTheSDKs(code: StorageErrorCode, raw: Int) {
        #expect(code.rawValue == raw)
    }

    @Test func anErrorBridgesToTheSDKsNSError() {
        let error = StorageError(.objectNotFound, message: "gone", bucket: "b", object: "a/b") as NSError
        #expect(error.domain == "FIRStorageErrorDomain")
        #expect(error.code == -13010)
        #expect(error.localizedDescription == "gone")
        #expect(error.userInfo["bucket"] as? String == "b")
        #expect(error.userInfo["object"] as? String == "a/b")
    }

    @Test func anErrorWithoutMessageHasTheCodesDefault() {
        #expect(StorageError(.cancelled).message == StorageErrorCode.cancelled.defaultMessage)
    }
}
