// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Testing

@testable import FlintFunctions

/// How an answer is read (shared by every transport): Firebase's client rules.
@Suite("Response parsing")
struct ResponseParsingTests {
    private func parse(_ status: Int, _ body: String) throws(FunctionsError) -> CallableValue {
        try CallableResponseParser.result(of: CallableResponse(statusCode: status, body: Data(body.utf8)))
    }

    @Test func theDataFieldIsTheResult() throws {
        #expect(try parse(200, #"{"data":{"greeting":"hi"}}"#) == ["greeting": "hi"])
    }

    @Test func theResultFieldIsReadWhenThereIsNoData() throws {
        #expect(try parse(200, #"{"result":[1,2]}"#) == [1, 2])
    }

    @Test func dataWinsOverResult() throws {
        #expect(try parse(200, #"{"data":"d","result":"r"}"#) == "d")
    }

    @Test func aNullResultIsNull() throws {
        #expect(try parse(200, #"{"result":null}"#) == .null)
    }

    @Test func neitherDataNorResultIsInternal() {
        #expect(throws: FunctionsError(.internal, message: "Response is missing data field.")) {
            try parse(200, #"{"other":1}"#)
        }
    }

    @Test(arguments: [#"[1,2]"#, #""text""#, "42", "not json", ""])
    func aBodyThatIsNotAnObjectIsInternal(body: String) {
        #expect(throws: FunctionsError(.internal, message: "Response was not a dictionary.")) {
            try parse(200, body)
        }
    }

    @Test func int64WrappersInTheResultAreDecoded() throws {
        let body =
            #"{"result":{"n":{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"9007199254740993"},"#
            + #""list":[{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"-1"}]}}"#
        #expect(try parse(200, body) == ["n": .int(9_007_199_254_740_993), "list": [-1]])
    }

    @Test func anInvalidInt64WrapperInTheResultIsInternal() {
        let body = #"{"result":{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"1.5"}}"#
        let error = #expect(throws: FunctionsError.self) { try parse(200, body) }
        #expect(error?.code == .internal)
    }

    @Test func anErrorBodyIsAnErrorEvenWithStatus200() {
        let body = #"{"error":{"status":"NOT_FOUND","message":"No such user.","details":{"uid":"bob"}}}"#
        #expect(throws: FunctionsError(.notFound, message: "No such user.", details: ["uid": "bob"])) {
            try parse(200, body)
        }
    }

    @Test func theErrorBodyStatusWinsOverTheHttpStatus() {
        #expect(throws: FunctionsError(.permissionDenied, message: "Nope.")) {
            try parse(500, #"{"error":{"status":"PERMISSION_DENIED","message":"Nope."}}"#)
        }
    }

    @Test func anErrorWithoutMessageGetsTheCodesDefaultMessage() {
        #expect(throws: FunctionsError(.resourceExhausted, message: "RESOURCE EXHAUSTED")) {
            try parse(429, #"{"error":{"status":"RESOURCE_EXHAUSTED"}}"#)
        }
    }

    @Test func anUnknownStatusIsAPlainInternalError() {
        #expect(throws: FunctionsError(.internal)) {
            try parse(400, #"{"error":{"status":"TEAPOT","message":"ignored","details":1}}"#)
        }
    }

    @Test func anInternalStatusIsAPlainInternalError() {
        #expect(throws: FunctionsError(.internal, message: "INTERNAL")) {
            try parse(500, #"{"error":{"status":"INTERNAL","message":"secret stack trace","details":{"x":1}}}"#)
        }
    }

    @Test func errorDetailsHaveTheirInt64WrappersDecoded() {
        let body =
            #"{"error":{"status":"ABORTED","message":"m","details":{"#
            + #""retry":{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"3"}}}}"#
        #expect(throws: FunctionsError(.aborted, message: "m", details: ["retry": 3])) { try parse(409, body) }
    }

    @Test func anErrorBodyWithoutStatusTakesTheCodeFromTheHttpStatus() {
        #expect(throws: FunctionsError(.unavailable, message: "Try later.")) {
            try parse(503, #"{"error":{"message":"Try later."}}"#)
        }
    }

    @Test func anErrorBodyWithoutStatusIsNoErrorAtStatus200() throws {
        #expect(try parse(200, #"{"error":{"message":"ignored"},"data":5}"#) == 5)
    }

    @Test func anErrorBodySayingOKAtAnErrorStatusFallsBackToTheHttpStatus() {
        #expect(throws: FunctionsError(.notFound)) { try parse(404, #"{"error":{"status":"OK"}}"#) }
    }

    @Test(
        arguments: zip(
            [400, 401, 403, 404, 409, 429, 499, 500, 501, 503, 504, 302, 418, 502],
            [
                FunctionsErrorCode.invalidArgument, .unauthenticated, .permissionDenied, .notFound,
                .alreadyExists, .resourceExhausted, .cancelled, .internal, .unimplemented, .unavailable,
                .deadlineExceeded, .internal, .internal, .internal,
            ]))
    func anErrorStatusWithoutErrorBodyMapsToItsCode(status: Int, code: FunctionsErrorCode) {
        #expect(throws: FunctionsError(code)) { try parse(status, "<html>oops</html>") }
    }

    @Test func otherSuccessStatusesAreSuccess() throws {
        #expect(try parse(201, #"{"data":true}"#) == true)
    }
}
