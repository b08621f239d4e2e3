// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintMessaging
import Foundation
import Testing

@Suite("Messaging errors")
struct MessagingErrorTests {
    @Test func theCodesHaveTheSDKsRawValues() {
        let expected: [(MessagingErrorCode, Int)] = [
            (.unknown, 0), (.authentication, 1), (.noAccess, 2), (.timeout, 3), (.network, 4),
            (.operationInProgress, 5), (.invalidRequest, 7), (.invalidTopicName, 8),
        ]
        #expect(expected.map(\.0.rawValue) == expected.map(\.1))
        #expect(MessagingErrorCode.allCases.count == expected.count)
        #expect(MessagingErrorCode(rawValue: 6) == nil)
    }

    @Test func anErrorBridgesToTheSDKsNSError() {
        let error = MessagingError(.invalidTopicName, message: "Cannot parse topic name: ''. Will not subscribe.")
        let bridged = error as NSError
        #expect(bridged.domain == "com.google.fcm")
        #expect(bridged.domain == MessagingErrorDomain)
        #expect(bridged.code == 8)
        #expect(bridged.userInfo[NSLocalizedFailureReasonErrorKey] as? String == error.message)
        #expect(bridged.localizedDescription == error.message)
    }

    @Test func anErrorWithoutAMessageUsesItsCodesDefault() {
        for code in MessagingErrorCode.allCases {
            #expect(MessagingError(code).message == code.defaultMessage)
            #expect(!code.defaultMessage.isEmpty)
        }
        #expect(
            MessagingError(.network).description
                == "MessagingError(network): \(MessagingErrorCode.network.defaultMessage)")
    }
}
