// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Testing

@testable import FlintFunctions

/// `FunctionsError as NSError` is Firebase's error: domain, gRPC code, description and details key.
@Suite("FunctionsError as NSError")
struct FunctionsErrorBridgingTests {
    @Test func domainAndKeysAreFirebases() {
        #expect(FunctionsErrorDomain == "com.firebase.functions")
        #expect(FunctionsError.errorDomain == "com.firebase.functions")
        #expect(FunctionsErrorDetailsKey == "details")
    }

    @Test func everyCodeBridgesWithItsRawValueAndFirebasesDescription() {
        let descriptions = [
            "OK", "CANCELLED", "UNKNOWN", "INVALID ARGUMENT", "DEADLINE EXCEEDED", "NOT FOUND",
            "ALREADY EXISTS", "PERMISSION DENIED", "RESOURCE EXHAUSTED", "FAILED PRECONDITION", "ABORTED",
            "OUT OF RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA LOSS", "UNAUTHENTICATED",
        ]
        for (code, description) in zip(FunctionsErrorCode.allCases, descriptions) {
            let error = FunctionsError(code) as NSError
            #expect(error.domain == "com.firebase.functions")
            #expect(error.code == code.rawValue)
            #expect(error.localizedDescription == description)
            #expect(error.userInfo[NSLocalizedDescriptionKey] as? String == description)
            #expect(error.userInfo["details"] == nil)
        }
    }

    @Test func permissionDeniedIsCode7() {
        let error = FunctionsError(.permissionDenied) as NSError
        #expect(error.code == 7)
        #expect(error.localizedDescription == "PERMISSION DENIED")
    }

    @Test func theServersMessageAndDetailsAreInUserInfo() {
        let error =
            FunctionsError(.failedPrecondition, message: "Insufficient funds.", details: ["balance": 5]) as NSError
        #expect(error.domain == "com.firebase.functions")
        #expect(error.code == 9)
        #expect(error.localizedDescription == "Insufficient funds.")
        #expect(error.userInfo[FunctionsErrorDetailsKey] as? CallableValue == ["balance": 5])
    }

    @Test func aThrownFunctionsErrorCastsToTheSameNSError() async throws {
        let transport = RecordingTransport(
            statusCode: 403,
            body: #"{"error":{"status":"PERMISSION_DENIED","message":"No.","details":{"why":"owner"}}}"#)
        do {
            _ = try await functions(using: transport).httpsCallable("f").call()
            Issue.record("the call did not fail")
        } catch {
            let bridged = error as NSError
            #expect(bridged.domain == FunctionsErrorDomain)
            #expect(bridged.code == FunctionsErrorCode.permissionDenied.rawValue)
            #expect(bridged.localizedDescription == "No.")
            #expect(bridged.userInfo["details"] as? CallableValue == ["why": "owner"])
        }
    }
}
