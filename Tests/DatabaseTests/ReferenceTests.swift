// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

@Suite("Database references: navigation, push IDs, invalid paths")
struct ReferenceTests {
    @Test func navigation() throws {
        let db = try makeDatabase()
        let ref = db.reference(withPath: "users/ada/name")
        #expect(ref.key == "name")
        #expect(ref.parent?.key == "ada")
        #expect(ref.root.key == nil)
        #expect(db.reference().parent == nil)
        #expect(ref.child("first/initial").key == "initial")
        #expect(ref.url == "https://flint-test-default-rtdb.firebaseio.com/users/ada/name")
        #expect(db.reference(fromURL: "https://flint-test-default-rtdb.firebaseio.com/a/b").key == "b")
    }

    @Test func childByAutoIdSortsInCreationOrder() throws {
        let ref = try makeDatabase().reference(withPath: "messages")
        let keys = (0..<50).map { _ in ref.childByAutoId().key! }
        #expect(keys.allSatisfy { $0.count == 20 })
        #expect(keys == keys.sorted())
    }

    @Test func invalidPathsAreInvalidArgument() async throws {
        let db = try makeDatabase()
        for path in ["a.b", "a#", "$x", "a[0]", "b]"] {
            #expect(await databaseCode { try await db.reference(withPath: path).setValue(1) } == .invalidArgument)
        }
        #expect(
            await databaseCode { _ = try await db.reference().child("a").child("x.y").getData() } == .invalidArgument)
    }

    @Test func referenceFromAnotherDatabaseIsInvalidArgument() async throws {
        let db = try makeDatabase()
        let ref = db.reference(fromURL: "https://elsewhere.firebaseio.com/a")
        #expect(await databaseCode { try await ref.setValue(1) } == .invalidArgument)
    }

    @Test func invalidValuesAreInvalidArgument() async throws {
        let ref = try makeDatabase().reference(withPath: "a")
        #expect(await databaseCode { try await ref.setValue(Double.nan) } == .invalidArgument)
        #expect(await databaseCode { try await ref.setValue(["a.b": 1]) } == .invalidArgument)
        #expect(await databaseCode { try await ref.setValue(Date()) } == .invalidArgument)
        #expect(await databaseCode { try await ref.setPriority(true) } == .invalidArgument)
    }

    @Test func errorsBridgeToNSError() {
        let error = DatabaseError(.permissionDenied, "no") as NSError
        #expect(error.domain == DatabaseError.errorDomain)
        #expect(error.code == DatabaseErrorCode.permissionDenied.rawValue)
        #expect(error.localizedDescription == "no")
    }
}
