// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// The SDK's `FData.m` (`FirebaseDatabase/Tests/Integration`), against the embedded backend: a writer and a
/// reader are two clients of one backend.
@Suite("SDK FData")
struct SDKDataTests {
    /// A writer's and a reader's reference to the same location.
    private func pair(_ path: String = "data") throws -> (writer: DatabaseReference, reader: DatabaseReference) {
        let (first, second) = try makeTwoClients()
        return (first.reference(withPath: path), second.reference(withPath: path))
    }

    /// `testWriteAndReadData`, `testValReturnsCompoundObjectWithChildren`.
    @Test func writtenDataReadsBack() async throws {
        let (writer, reader) = try pair()
        try await writer.setValue(42)
        #expect(try await reader.getData().value as? Int == 42)
        try await writer.setValue(["foo": ["bar": 5]])
        #expect(json(try await reader.getData().value) == #"{"foo":{"bar":5}}"#)
    }

    /// `testNamespaceCaseInsensitivityWithinARepo`, `testRootProperty`, `testToString`.
    @Test func descriptionsAreTheDatabaseURLAndThePath() throws {
        let db = try makeDatabase()
        #expect(db.reference(fromURL: db.url.uppercased()).description == db.reference(fromURL: db.url).description)
        #expect(db.reference(withPath: "x/y").root.description == db.url)
        #expect(db.reference().description == db.url)
        #expect(db.reference(withPath: "x").parent?.child("a/b/c").description == db.url + "/a/b/c")
    }

    /// `testURLEncodingOfDescriptionAndURLDecodingOfNewFirebase`.
    @Test func descriptionsEscapeKeysAsTheSDKAndURLsDecodeBack() throws {
        let db = try makeDatabase()
        let ref = db.reference(fromURL: db.url + "/a%b&c@d/space: /non-ascii_character:ø")
        let expected = db.url + "/a%25b%26c%40d/space%3A%20/non-ascii_character%3A%C3%B8"
        #expect(ref.description == expected)
        #expect(db.reference(fromURL: expected).description == expected)
    }

    /// `testWriteABunchOfDataAndRead`.
    @Test func deepWritesReadBackThroughChildSnapshots() async throws {
        let (writer, reader) = try pair()
        try await writer.child("a").child("b").child("c").setValue(1)
        try await writer.child("a").child("d").child("e").setValue(2)
        try await writer.child("a").child("d").child("f").setValue(3)
        try await writer.child("g").setValue(4)
        let snapshot = try await reader.getData()
        #expect(snapshot.childSnapshot(forPath: "a").childSnapshot(forPath: "b/c").value as? Int == 1)
        #expect(snapshot.childSnapshot(forPath: "a/d/e").value as? Int == 2)
        #expect(snapshot.childSnapshot(forPath: "a/d").childSnapshot(forPath: "f").value as? Int == 3)
        #expect(snapshot.childSnapshot(forPath: "g").value as? Int == 4)
    }

    /// `testWriteABunchOfDataWithLeadingZeroesAndRead`, `testLeadingZeroesTurnIntoDictionary`,
    /// `testLeadingZerosDontCollapseLocally`.
    @Test func keysWithLeadingZeroesStayDistinctAndMakeADictionary() async throws {
        let (writer, reader) = try pair()
        for (key, value) in [("1", 1), ("01", 2), ("001", 3), ("0001", 4)] {
            try await writer.child(key).setValue(value)
        }
        let snapshot = try await reader.getData()
        #expect(snapshot.childrenCount == 4)
        let value = try #require(snapshot.value as? [String: Any])
        #expect(value["1"] as? Int == 1)
        #expect(value["01"] as? Int == 2)
        #expect(value["001"] as? Int == 3)
        #expect(value["0001"] as? Int == 4)
        #expect(snapshot.children.map(\.key) == ["1", "01", "001", "0001"])
    }

    /// `testWriteLeafRemoveLeafAddChildToRemovedNode`.
    @Test func aChildCanBeAddedBelowARemovedLeaf() async throws {
        let (writer, reader) = try pair()
        try await writer.setValue(5)
        try await writer.removeValue()
        try await writer.child("abc").setValue(5)
        #expect(json(try await reader.getData().value) == #"{"abc":5}"#)
    }

    /// `testListenForValueAndThenWriteOnANodeWithExistingData`.
    @Test func aListenersFirstValueIncludesItsOwnEarlierWrite() async throws {
        let (writer, reader) = try pair()
        try await writer.setValue(["a": 5, "b": 2])
        let log = EventLog()
        reader.log([.value], into: log)
        try await reader.child("a").setValue(10)
        let lines = try await log.take(through: #"value {"a":10,"b":2}"#)
        #expect(lines.last == #"value {"a":10,"b":2}"#)
    }

    /// `testSetPriorityOnExistentNodeSucceeds`, `testSetWithPrioritySetsValueAndPriority`,
    /// `testSetPriorityOfLeafSavesCorrectly`, `testSetPriorityOfObjectSavesCorrectly`.
    @Test func prioritiesAreStoredWithLeavesAndObjects() async throws {
        let (writer, reader) = try pair()
        try await writer.setValue("hello!")
        try await writer.setPriority(5)
        #expect(try await reader.getData().priority as? Int == 5)
        try await writer.setValue("hello", andPriority: 5)
        let leaf = try await reader.getData()
        #expect(leaf.value as? String == "hello")
        #expect(leaf.priority as? Int == 5)
        try await writer.setValue(["a": 5], andPriority: 991)
        #expect(try await reader.getData().priority as? Int == 991)
    }

    /// `testSetOverwritesPriorityOfTopLevelNodeAndSubnodes`, `testSetWithPriorityFollowedBySetClearsPriority`.
    @Test func aSetWithoutPriorityClearsThePrioritiesBelow() async throws {
        let (writer, reader) = try pair()
        try await writer.setValue(["a": 5])
        try await writer.setPriority(10)
        try await writer.child("a").setPriority(18)
        try await writer.setValue(["a": 7])
        let snapshot = try await reader.getData()
        #expect(snapshot.priority == nil)
        #expect(snapshot.childSnapshot(forPath: "a").priority == nil)
        try await writer.setValue(["a": 5], andPriority: 991)
        try await reader.setValue(["a": 19])
        #expect(try await writer.getData().priority == nil)
    }

    /// `testGetPriorityReturnsCorrectType`.
    @Test func prioritiesKeepTheirType() async throws {
        let ref = try makeDatabase().reference(withPath: "typed")
        try await ref.setValue("a")
        #expect(try await ref.getData().priority == nil)
        try await ref.setValue("b", andPriority: 5)
        #expect(try await ref.getData().priority as? Int == 5)
        try await ref.setValue("c", andPriority: "6")
        #expect(try await ref.getData().priority as? String == "6")
        try await ref.setValue([".value": "e", ".priority": 8])
        let eight = try await ref.getData()
        #expect(eight.priority as? Int == 8)
        #expect(eight.value as? String == "e")
        try await ref.setValue([".value": "f", ".priority": "8"])
        #expect(try await ref.getData().priority as? String == "8")
        try await ref.setValue([".value": "e", ".priority": NSNull()])
        #expect(try await ref.getData().priority == nil)
    }

    /// `testExportValIncludesPriorities`.
    @Test func theExportFormatIncludesPriorities() async throws {
        let ref = try makeDatabase().reference(withPath: "export")
        let contents: [String: Any] = ["foo": ["bar": [".value": 5, ".priority": 7], ".priority": "hi"]]
        try await ref.setValue(contents)
        #expect(json(try await ref.getData().valueInExportFormat) == json(contents))
    }

    /// `testLargeNumericPrioritiesWork`.
    @Test func largeNumericPrioritiesRoundTrip() async throws {
        let (writer, reader) = try pair()
        try await writer.setValue(5, andPriority: 1_356_721_306_842)
        #expect(try await reader.getData().priority as? Int == 1_356_721_306_842)
    }

    /// `testUpdateRaisesCorrectLocalEvents`, `testUpdateRaisesCorrectRemoteEvents`.
    @Test(arguments: [true, false])
    func anUpdateRaisesChildValuesThenChildChangedThenTheValue(local: Bool) async throws {
        let (writer, reader) = try pair()
        try await writer.setValue(["a": 1, "b": 2, "c": 3, "d": 4])
        let node = local ? writer : reader
        let log = EventLog()
        node.child("a").log([.value], into: log, label: "a ")
        node.child("d").log([.value], into: log, label: "d ")
        node.log([.childChanged, .value], into: log)
        try await log.take(3)
        try await writer.updateChildValues(["a": 4, "d": 1])
        #expect(
            try await log.take(5) == [
                "a value 4", "d value 1", "changed a", "changed d after c", #"value {"a":4,"b":2,"c":3,"d":1}"#,
            ])
    }

    /// `testUpdateChangesAreStoredCorrectlyByTheServer`, `testUpdateDoesntAffectPriorityRemotely`.
    @Test func anUpdateKeepsTheOtherChildrenAndThePriority() async throws {
        let (writer, reader) = try pair()
        try await writer.setValue(["a": 1, "b": 2, "c": 3, "d": 4], andPriority: "testpri")
        try await writer.updateChildValues(["a": 42])
        let snapshot = try await reader.getData()
        #expect(json(snapshot.value) == #"{"a":42,"b":2,"c":3,"d":4}"#)
        #expect(snapshot.priority as? String == "testpri")
    }

    /// `testDeepUpdatesWork`.
    @Test func deepUpdatesSetPathsAndValuesWithPriorities() async throws {
        let (writer, reader) = try pair()
        try await writer.setValue(["a": ["aa": 1, "ab": 2]])
        try await writer.updateChildValues([
            "a/aa": 10, ".priority": 3.0, "a/ab": [".priority": 2.0, ".value": 20],
        ])
        let snapshot = try await reader.getData()
        #expect(json(snapshot.value) == #"{"a":{"aa":10,"ab":20}}"#)
        #expect(snapshot.priority as? Int == 3)
        #expect(snapshot.childSnapshot(forPath: "a/ab").priority as? Int == 2)
    }

    /// `testUpdateOfPriorityWorks`.
    @Test func anUpdateSetsPrioritiesByTheirKey() async throws {
        let (writer, reader) = try pair()
        try await writer.setValue(["a": 5, ".priority": "pri1"])
        try await writer.updateChildValues(["a": 6, ".priority": "pri2", "b": [".priority": "pri3", "c": 10]])
        let snapshot = try await reader.getData()
        #expect(snapshot.childSnapshot(forPath: "a").value as? Int == 6)
        #expect(snapshot.priority as? String == "pri2")
        #expect(snapshot.childSnapshot(forPath: "b").priority as? String == "pri3")
        #expect(snapshot.childSnapshot(forPath: "b/c").value as? Int == 10)
    }

    /// `testSetPriorityOnNonexistentNodeFails` (the SDK's test only asks for an error; Flint's embedded backend
    /// answers `invalidArgument`).
    @Test func setPriorityWhereThereIsNoDataFails() async throws {
        let (writer, reader) = try pair()
        #expect(await databaseCode { try await writer.setPriority(5) } == .invalidArgument)
        #expect(try await reader.getData().exists() == false)
    }

    /// `testEmptyUpdateWorks`.
    @Test func anEmptyUpdateSucceeds() async throws {
        try await makeDatabase().reference(withPath: "empty").updateChildValues([:])
    }

    /// `testUpdateFiresCorrectEventWhenAChildIsDeleted`, `testUpdateFiresCorrectEventOnNewChildren`.
    @Test func anUpdateRemovesNullChildrenAndAddsNewOnes() async throws {
        let (writer, reader) = try pair()
        try await writer.setValue(["a": 12, "b": 6])
        let log = EventLog()
        writer.log([.value], into: log, label: "w ")
        reader.log([.value], into: log, label: "r ")
        try await log.take(2)
        try await writer.updateChildValues(["a": nil])
        #expect(Set(try await log.take(2)) == [#"w value {"b":6}"#, #"r value {"b":6}"#])
        try await writer.updateChildValues(["c": 42])
        #expect(Set(try await log.take(2)) == [#"w value {"b":6,"c":42}"#, #"r value {"b":6,"c":42}"#])
    }

    /// `testLargeNumbers`.
    @Test func largeNumbersReadBackExactly() async throws {
        let ref = try makeDatabase().reference(withPath: "large")
        try await ref.setValue(9_007_199_254_740_993)
        #expect(try await ref.getData().value as? Int == 9_007_199_254_740_993)
        try await ref.setValue(Int.max)
        #expect(try await ref.getData().value as? Int == Int.max)
        try await ref.setValue(Double.greatestFiniteMagnitude)
        #expect(try await ref.getData().value as? Double == Double.greatestFiniteMagnitude)
    }

    /// `testServerIncrementOverflowAndTypeCoercion` (Flint reads an integral double as `Int` up to 2^53).
    @Test func incrementsCoerceToDoublesAndOverflowToDoubles() async throws {
        let ref = try makeDatabase().reference(withPath: "count")
        try await ref.setValue(1)
        try await ref.setValue(ServerValue.increment(1.5))
        #expect(try await ref.getData().value as? Double == 2.5)
        try await ref.setValue(1.5)
        try await ref.setValue(ServerValue.increment(1))
        #expect(try await ref.getData().value as? Double == 2.5)
        try await ref.setValue(1)
        try await ref.setValue(ServerValue.increment(Int.max))
        #expect(try await ref.getData().value as? Double == Double(Int.max) + 1)
        try await ref.setValue(1)
        try await ref.setValue([".sv": ["increment": UInt64.max]])
        #expect(try await ref.getData().value as? Double == Double(UInt64.max) + 1)
        try await ref.setValue(-1)
        try await ref.setValue(ServerValue.increment(Int.min))
        #expect(try await ref.getData().value as? Double == Double(Int.min) - 1)
    }
}
