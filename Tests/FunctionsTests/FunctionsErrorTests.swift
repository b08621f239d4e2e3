// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Testing

@testable import FlintFunctions

@Suite("FunctionsError and its codes")
struct FunctionsErrorTests {
    @Test func codesAreTheGRPCCodesInOrder() {
        let expected: [(FunctionsErrorCode, String)] = [
            (.ok, "OK"), (.cancelled, "CANCELLED"), (.unknown, "UNKNOWN"), (.invalidArgument, "INVALID_ARGUMENT"),
            (.deadlineExceeded, "DEADLINE_EXCEEDED"), (.notFound, "NOT_FOUND"), (.alreadyExists, "ALREADY_EXISTS"),
            (.permissionDenied, "PERMISSION_DENIED"), (.resourceExhausted, "RESOURCE_EXHAUSTED"),
            (.failedPrecondition, "FAILED_PRECONDITION"), (.aborted, "ABORTED"), (.outOfRange, "OUT_OF_RANGE"),
            (.unimplemented, "UNIMPLEMENTED"), (.internal, "INTERNAL"), (.unavailable, "UNAVAILABLE"),
            (.dataLoss, "DATA_LOSS"), (.unauthenticated, "UNAUTHENTICATED"),
        ]
        #expect(FunctionsErrorCode.allCases.count == 17)
        for (number, (code, name)) in expected.enumerated() {
            #expect(code.rawValue == number)
            #expect(code.statusName == name)
            #expect(FunctionsErrorCode(statusName: name) == code)
        }
        #expect(FunctionsErrorCode(statusName: "not-found") == nil)
    }

    @Test(
        arguments: zip(
            [200, 400, 401, 403, 404, 409, 429, 499, 500, 501, 503, 504, 302, 418, 502],
            [
                FunctionsErrorCode.ok, .invalidArgument, .unauthenticated, .permissionDenied, .notFound,
                .alreadyExists, .resourceExhausted, .cancelled, .internal, .unimplemented, .unavailable,
                .deadlineExceeded, .internal, .internal, .internal,
            ]))
    func httpStatusMapsToCode(status: Int, code: FunctionsErrorCode) {
        #expect(FunctionsErrorCode(httpStatus: status) == code)
    }

    @Test func serverSideStatusesFollowHttpsError() {
        let statuses = FunctionsErrorCode.allCases.map(\.httpStatus)
        #expect(statuses == [200, 499, 500, 400, 504, 404, 409, 403, 429, 400, 409, 400, 501, 500, 503, 500, 401])
    }

    @Test func theDefaultMessageIsTheStatusNameWithSpaces() {
        #expect(FunctionsError(.invalidArgument).message == "INVALID ARGUMENT")
        #expect(FunctionsError(.notFound, message: "No such user.").message == "No such user.")
    }

    @Test func errorsCompareByCodeMessageAndDetails() {
        #expect(FunctionsError(.notFound, details: ["id": 1]) == FunctionsError(.notFound, details: ["id": 1]))
        #expect(FunctionsError(.notFound, details: ["id": 1]) != FunctionsError(.notFound, details: ["id": 2]))
        #expect(FunctionsError(.notFound) != FunctionsError(.internal, message: "NOT FOUND"))
    }

    @Test func descriptionNamesStatusMessageAndDetails() {
        #expect(
            FunctionsError(.permissionDenied, message: "No.", details: ["why": "owner"]).description
                == #"FunctionsError(PERMISSION_DENIED): No. details: {"why":"owner"}"#)
        #expect(FunctionsError(.internal).description == "FunctionsError(INTERNAL): INTERNAL")
    }
}
