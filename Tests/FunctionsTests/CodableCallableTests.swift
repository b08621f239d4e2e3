// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintFunctions

@Suite("Codable callables")
struct CodableCallableTests {
    struct Order: Codable, Equatable, Sendable {
        let item: String
        let quantity: Int
        let price: Double
    }

    struct Receipt: Codable, Equatable, Sendable {
        let total: Double
        let orderNumber: Int64
    }

    @Test func aCodableRequestIsEncodedAndTheResultDecoded() async throws {
        let backend = LocalFunctionsBackend()
        backend.register(name: "order") { data, _ in
            let total = (data["price"]?.doubleValue ?? 0) * Double(data["quantity"]?.intValue ?? 0)
            return ["total": .double(total), "orderNumber": .int(Int64.max)]
        }
        let order = try functions(using: backend).httpsCallable(
            "order", requestAs: Order.self, responseAs: Receipt.self)
        let receipt = try await order.call(Order(item: "tea", quantity: 3, price: 2.5))
        #expect(receipt == Receipt(total: 7.5, orderNumber: Int64.max))
    }

    @Test func codableIntegersTravelAsInt64Values() async throws {
        let transport = RecordingTransport(statusCode: 200, body: #"{"result":{"total":1,"orderNumber":2}}"#)
        let order = try functions(using: transport).httpsCallable(
            "order", requestAs: Order.self, responseAs: Receipt.self)
        _ = try await order(Order(item: "tea", quantity: 3, price: 2.5))
        #expect(
            transport.onlyRequest?.bodyText
                == #"{"data":{"item":"tea","price":2.5,"quantity":{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"3"}}}"#
        )
    }

    @Test func aResultThatDoesNotDecodeThrowsDecodingError() async throws {
        let transport = RecordingTransport(statusCode: 200, body: #"{"result":{"total":"free"}}"#)
        let order = try functions(using: transport).httpsCallable(
            "order", requestAs: Order.self, responseAs: Receipt.self)
        let error = await #expect(throws: DecodingError.self) {
            _ = try await order(Order(item: "tea", quantity: 1, price: 1))
        }
        guard case .typeMismatch? = error else {
            Issue.record("expected DecodingError.typeMismatch, got \(String(describing: error))")
            return
        }
    }

    @Test func aFunctionsErrorPassesThroughTheCodableVariant() async throws {
        let transport = RecordingTransport(statusCode: 404, body: "")
        let order = try functions(using: transport).httpsCallable(
            "order", requestAs: Order.self, responseAs: Receipt.self)
        await #expect(throws: FunctionsError(.notFound)) {
            _ = try await order(Order(item: "tea", quantity: 1, price: 1))
        }
    }

    @Test func theTimeoutOptionIsSharedWithTheUnderlyingCallable() async throws {
        let transport = RecordingTransport(statusCode: 200, body: #"{"result":{"total":1,"orderNumber":2}}"#)
        let order = try functions(using: transport).httpsCallable(
            "order", requestAs: Order.self, responseAs: Receipt.self)
        #expect(order.timeoutInterval == 70)
        order.timeoutInterval = 3
        _ = try await order(Order(item: "tea", quantity: 1, price: 1))
        #expect(transport.onlyRequest?.timeout == 3)
    }

    @Test func optionalAndScalarResponsesDecode() async throws {
        let transport = RecordingTransport(statusCode: 200, body: #"{"result":null}"#)
        let optional = try functions(using: transport).httpsCallable(
            "f", requestAs: [String].self, responseAs: String?.self)
        #expect(try await optional(["a"]) == nil)
        #expect(transport.onlyRequest?.bodyText == #"{"data":["a"]}"#)
    }
}
