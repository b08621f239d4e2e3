// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Testing

@testable import FlintFirestore

/// `FirestoreError as NSError` is Firebase's error: domain `FIRFirestoreErrorDomain`, the gRPC code, the message.
@Suite("FirestoreError as NSError")
struct FirestoreErrorBridgingTests {
    @Test func domainIsFirebases() {
        #expect(FirestoreErrorDomain == "FIRFirestoreErrorDomain")
        #expect((FirestoreError(.notFound, "x") as NSError).domain == "FIRFirestoreErrorDomain")
    }

    @Test func codeIsTheGRPCCodesRawValue() {
        for code in FirestoreErrorCode.allCases where code != .ok {
            #expect((FirestoreError(code, "m") as NSError).code == code.rawValue)
        }
        #expect((FirestoreError(.permissionDenied, "m") as NSError).code == 7)
    }

    @Test func localizedDescriptionIsTheMessage() {
        let error = FirestoreError(.notFound, "No document to update: projects/p/databases/(default)/documents/a/b")
        let bridged = error as NSError
        #expect(bridged.localizedDescription == error.message)
        #expect(bridged.userInfo[NSLocalizedDescriptionKey] as? String == error.message)
    }

    /// Code written for the SDK's `NSError`s (`FirestoreErrorCode.notFound.rawValue`) recognizes a thrown error.
    /// (On Linux a `catch let error as NSError` pattern does not bridge a Swift error; `error as NSError` does.)
    @Test func sdkStyleCodeRecognizesAThrownError() async throws {
        let db = try makeFirestore()
        var caught: NSError?
        do {
            try await db.document("users/nobody").updateData(["age": 37])
        } catch {
            let error = error as NSError
            if error.domain == FirestoreErrorDomain && error.code == FirestoreErrorCode.notFound.rawValue {
                caught = error
            }
        }
        let error = try #require(caught)
        #expect(error.localizedDescription.contains("users/nobody"))
    }

    /// A listener's `(any Error)?` bridges too.
    @Test func listenerErrorsBridge() async throws {
        let db = try makeFirestore()
        let recorder = db.collection("c").limit(toLast: 1).record()
        var bridged: NSError?
        do {
            _ = try await recorder.next()
        } catch {
            bridged = error as NSError
        }
        #expect(bridged?.domain == FirestoreErrorDomain)
        #expect(bridged?.code == FirestoreErrorCode.invalidArgument.rawValue)
    }
}
