// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

@Suite("Database writes: set, update, remove, priorities, arrays")
struct WriteTests {
    @Test func setValueThenGetData() async throws {
        let ref = try makeDatabase().reference(withPath: "users/ada")
        try await ref.setValue(["name": "Ada", "born": 1815])
        let snapshot = try await ref.getData()
        #expect(json(snapshot.value) == #"{"born":1815,"name":"Ada"}"#)
        #expect(snapshot.exists())
        #expect(snapshot.hasChild("name"))
        #expect(!snapshot.hasChild("age"))
        #expect(snapshot.childrenCount == 2)
        #expect(snapshot.childSnapshot(forPath: "name").value as? String == "Ada")
        #expect(snapshot.key == "ada")
        #expect(snapshot.ref.url == ref.url)
    }

    @Test func completionBlockFormReportsSuccess() async throws {
        let ref = try makeDatabase().reference(withPath: "a")
        let done = Locked<Bool?>(nil)
        ref.setValue(1) { error, _ in done.withLock { $0 = error == nil } }
        try await waitUntil { done.withLock { $0 } != nil }
        #expect(done.withLock { $0 } == true)
    }

    @Test func setNilRemoves() async throws {
        let ref = try makeDatabase().reference(withPath: "a")
        try await ref.setValue(1)
        try await ref.setValue(nil)
        #expect(!(try await ref.getData().exists()))
        try await ref.setValue(2)
        try await ref.removeValue()
        #expect(!(try await ref.getData().exists()))
    }

    @Test func arraysReadBackByTheSDKRule() async throws {
        let root = try makeDatabase().reference()
        try await root.child("list").setValue(["a", "b", "c"])
        #expect(json(try await root.child("list").getData().value) == #"["a","b","c"]"#)
        #expect(try await root.child("list/1").getData().value as? String == "b")
        try await root.child("sparse").setValue(["0": "a", "2": "c"])
        #expect(json(try await root.child("sparse").getData().value) == #"["a",null,"c"]"#)
        try await root.child("object").setValue(["0": "a", "5": "f"])
        #expect(json(try await root.child("object").getData().value) == #"{"0":"a","5":"f"}"#)
    }

    @Test func priorities() async throws {
        let ref = try makeDatabase().reference(withPath: "a")
        try await ref.setValue("x", andPriority: 5)
        var snapshot = try await ref.getData()
        #expect(snapshot.priority as? Int == 5)
        #expect(json(snapshot.valueInExportFormat) == #"{".priority":5,".value":"x"}"#)
        try await ref.setPriority("p")
        snapshot = try await ref.getData()
        #expect(snapshot.priority as? String == "p")
        #expect(snapshot.value as? String == "x")
    }

    @Test func updateChildValuesWritesSeveralPathsAndDeletesNils() async throws {
        let ref = try makeDatabase().reference(withPath: "root")
        try await ref.setValue(["a": 1, "b": 2, "c": ["d": 3]])
        try await ref.updateChildValues(["a": 10, "b": nil, "c/e": 4, "f": NSNull()])
        #expect(json(try await ref.getData().value) == #"{"a":10,"c":{"d":3,"e":4}}"#)
    }

    @Test func overlappingUpdatePathsAreInvalidArgument() async throws {
        let ref = try makeDatabase().reference(withPath: "root")
        #expect(await databaseCode { try await ref.updateChildValues(["a": 1, "a/b": 2]) } == .invalidArgument)
        #expect(await databaseCode { try await ref.updateChildValues(["a.b": 1]) } == .invalidArgument)
    }

    @Test func serverTimestampAndIncrement() async throws {
        let ref = try makeDatabase().reference(withPath: "a")
        let before = Date().timeIntervalSince1970 * 1000
        try await ref.setValue(["at": ServerValue.timestamp(), "count": ServerValue.increment(1)])
        try await ref.child("count").setValue(ServerValue.increment(2))
        let snapshot = try await ref.getData()
        #expect(
            (snapshot.childSnapshot(forPath: "at").value as? Int).map { Double($0) >= before.rounded(.down) } == true)
        #expect(snapshot.childSnapshot(forPath: "count").value as? Int == 3)
    }

    @Test func twoClientsShareOneBackend() async throws {
        let (alice, bob) = try makeTwoClients()
        let log = EventLog()
        bob.reference(withPath: "room").log([.value], into: log)
        #expect(try await log.take(1) == ["value null"])
        try await alice.reference(withPath: "room/msg").setValue("hi")
        #expect(try await log.take(1) == [#"value {"msg":"hi"}"#])
    }
}
