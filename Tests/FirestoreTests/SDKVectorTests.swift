// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// `VectorValue` and `FieldValue.vector(_:)`, ported from the SDK's
/// `Firestore/Swift/Tests/Integration/VectorIntegrationTests.swift` and the vector cases of
/// `Firestore/core/test/unit/model/value_util_test.cc` (each test names its original).
@Suite(.timeLimit(.minutes(3)))
struct SDKVectorTests {
    /// The documents of the SDK's ordering tests, in the backend's order of `embedding`.
    static let docsInOrder: [[String: FirestoreValue]] = [
        ["embedding": [1, 2, 3, 4, 5, 6]],
        ["embedding": [100]],
        ["embedding": FieldValue.vector([-Double.infinity])],
        ["embedding": FieldValue.vector([-100.0])],
        ["embedding": FieldValue.vector([100.0])],
        ["embedding": FieldValue.vector([Double.infinity])],
        ["embedding": FieldValue.vector([1, 2.0])],
        ["embedding": FieldValue.vector([2, 2.0])],
        ["embedding": FieldValue.vector([1, 2, 3.0])],
        ["embedding": FieldValue.vector([1, 2, 3, 4.0])],
        ["embedding": FieldValue.vector([1, 2, 3, 4, 5.0])],
        ["embedding": FieldValue.vector([1, 2, 100, 4, 4.0])],
        ["embedding": FieldValue.vector([100, 2, 3, 4, 5.0])],
        ["embedding": ["HELLO": "WORLD"]],
        ["embedding": ["hello": "world"]],
    ]

    /// Adds the ordering documents to a fresh collection; returns it and the documents' IDs in order.
    private func orderedCollection() async throws -> (CollectionReference, [String]) {
        let collection = try makeLRUFirestore().collection("vectors")
        var ids: [String] = []
        for data in Self.docsInOrder {
            ids.append(try await collection.addDocument(data: data).documentID)
        }
        return (collection, ids)
    }

    /// `testWriteAndReadVectorEmbeddings`
    @Test func writeAndReadVectorEmbeddings() async throws {
        let collection = try makeFirestore().collection("vectors")
        let ref = try await collection.addDocument(data: [
            "vector0": FieldValue.vector([0.0]), "vector1": FieldValue.vector([1, 2, 3.99]),
        ])
        try await ref.setData([
            "vector0": FieldValue.vector([0.0]), "vector1": FieldValue.vector([1, 2, 3.99]),
            "vector2": FieldValue.vector([0, 0, 0] as [Double]),
        ])
        try await ref.updateData(["vector3": FieldValue.vector([-1, -200, -999] as [Double])])
        let snapshot = try await ref.getDocument()
        #expect(snapshot.get("vector0")?.vectorValue == VectorValue([0.0]))
        #expect(snapshot.get("vector1")?.vectorValue == VectorValue([1, 2, 3.99]))
        #expect(snapshot.get("vector2")?.vectorValue == VectorValue([0, 0, 0]))
        #expect(snapshot.get("vector3") == FieldValue.vector([-1, -200, -999] as [Double]))
        #expect(snapshot.data()?["vector1"] == .vector(VectorValue([1, 2, 3.99])))
    }

    /// `testSdkOrdersVectorFieldSameWayAsBackend`: the listener's order (the client's) is the backend's.
    @Test func sdkOrdersVectorFieldSameWayAsBackend() async throws {
        let (collection, ids) = try await orderedCollection()
        let ordered = collection.order(by: "embedding")
        let recorder = ordered.record()
        let watched = try await recorder.next()
        recorder.remove()
        let fromServer = try await ordered.getDocuments(source: .server)
        #expect(watched.ids == fromServer.ids)
        #expect(watched.ids == ids)
    }

    /// `testSdkOrdersVectorFieldSameWayOnlineAndOffline`, with its `isLessThan` / `isGreaterThan` a vector.
    @Test func sdkOrdersVectorFieldSameWayOnlineAndOffline() async throws {
        let (collection, ids) = try await orderedCollection()
        let pivot = FieldValue.vector([1, 2, 100, 4, 4.0])
        let queries: [(Query, [String])] = [
            (collection.order(by: "embedding"), ids),
            (collection.order(by: "embedding").whereField("embedding", isLessThan: pivot), Array(ids[2...10])),
            (collection.order(by: "embedding").whereField("embedding", isGreaterThan: pivot), Array(ids[12...12])),
        ]
        for (query, expected) in queries {
            #expect(try await query.getDocuments(source: .server).ids == expected)
        }
        await collection.firestore.disableNetwork()
        for (query, expected) in queries {
            #expect(try await query.getDocuments(source: .cache).ids == expected)
        }
        await collection.firestore.enableNetwork()
    }

    /// `testQueryVectorValueWrittenByCodable`: a Codable `VectorValue` property is stored as a vector, found by
    /// `isEqualTo:` a vector, and decoded back.
    @Test func queryVectorValueWrittenByCodable() async throws {
        struct Model: Codable, Equatable {
            var name: String
            var embedding: VectorValue
        }
        let collection = try makeFirestore().collection("vectors")
        try await collection.document().setData(from: Model(name: "name", embedding: VectorValue([0.1, 0.3, 0.4])))
        try await collection.document().setData(["embedding": [0.1, 0.3, 0.4]])  // an array, not a vector
        let snapshot = try await collection.whereField("embedding", isEqualTo: FieldValue.vector([0.1, 0.3, 0.4]))
            .getDocuments()
        #expect(snapshot.count == 1)
        #expect(try snapshot.documents[0].data(as: Model.self).embedding == VectorValue([0.1, 0.3, 0.4]))
        #expect(snapshot.documents[0].data()["embedding"] == .vector(VectorValue([0.1, 0.3, 0.4])))
    }

    /// value_util_test.cc `Ordering`: vectors sort after arrays and before maps; a shorter vector first, then
    /// element by element (`VectorValue([])` first).
    @Test func vectorsOrderBetweenArraysAndMapsByLengthThenElements() {
        let ordered: [Value] = [
            .array([.integer(100)]),
            .vector([]),
            .vector([-Double.infinity]), .vector([-100]), .vector([100]), .vector([Double.infinity]),
            .vector([1, 2]), .vector([2, 2]),
            .vector([1, 2, 3]),
            .map([:]),
            .map(["a": .string("b")]),
        ]
        for (left, right) in zip(ordered, ordered.dropFirst()) {
            #expect(Value.compare(left, right) < 0, "\(left) < \(right)")
            #expect(Value.compare(right, left) > 0, "\(right) > \(left)")
        }
        #expect(Value.compare(.vector([1, 2]), .vector([1, 2])) == 0)
    }

    /// value_util_test.cc: a map shaped like a vector is one (`IsVectorValue`); a map missing the type or the
    /// array is a map.
    @Test func onlyAMapWithTheVectorTypeAndAnArrayIsAVector() {
        #expect(Value.vector([1]).vectorElements == [.double(1)])
        #expect(Value.map(["__type__": .string("__vector__"), "value": .array([])]).typeOrder == 10)
        #expect(Value.map(["__type__": .string("__vector__")]).vectorElements == nil)
        #expect(Value.map(["__type__": .string("__map__"), "value": .array([])]).vectorElements == nil)
        #expect(Value.map(["__type__": .string("__vector__"), "value": .string("x")]).vectorElements == nil)
    }

    @Test func equalityIsElementByElement() {
        #expect(VectorValue([1, 2]) == VectorValue([1, 2]))
        #expect(VectorValue([1, 2]) != VectorValue([2, 1]))
        #expect(FieldValue.vector([1, 2] as [Double]) == .vector(VectorValue([1, 2])))
        #expect(FieldValue.vector([1, 2] as [Float]) == .vector(VectorValue([1, 2])))
        #expect(FirestoreValue(VectorValue([3])) == .vector(VectorValue([3])))
        #expect(FirestoreValue.vector(VectorValue([1])) != .array([1.0]))
        #expect(VectorValue([1, 2]).description == "VectorValue([1.0, 2.0])")
    }

    /// `VectorValue+Codable`: other coders see `{array: [doubles]}`.
    @Test func otherCodersSeeTheArrayKey() throws {
        let json = try JSONEncoder().encode(VectorValue([1, 2.5]))
        #expect(String(decoding: json, as: UTF8.self) == #"{"array":[1,2.5]}"#)
        #expect(try JSONDecoder().decode(VectorValue.self, from: json) == VectorValue([1, 2.5]))
    }

    /// A vector in a listener's snapshot and in `isEqualTo:` on a listener.
    @Test func listenerFiltersByVector() async throws {
        let collection = try makeFirestore().collection("vectors")
        let recorder = collection.whereField("v", isEqualTo: FieldValue.vector([1, 2] as [Double])).record()
        #expect(try await recorder.next().isEmpty)
        try await collection.document("a").setData(["v": FieldValue.vector([1, 2] as [Double])])
        try await collection.document("b").setData(["v": FieldValue.vector([2, 1] as [Double])])
        let snapshot = try await recorder.next()
        #expect(snapshot.ids == ["a"])
        recorder.remove()
    }
}
