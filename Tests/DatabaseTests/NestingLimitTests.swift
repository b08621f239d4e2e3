// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// `levels` dictionaries around a leaf: `[key: [key: … "leaf"]]`.
func nestedValue(_ levels: Int, key: String = "k") -> Any {
    var value: Any = "leaf"
    for _ in 0..<levels { value = [key: value] }
    return value
}

/// Values nested deeper than the database keeps (32 levels from the root, as the SDK counts) are refused with
/// `invalidArgument` by every write, however deep, before anything recurses over them. The deep cases run in a
/// child process (an exit test), so a crash fails the test instead of ending the run.
@Suite("Values nested too deep", .timeLimit(.minutes(3)))
struct NestingLimitTests {
    /// Thrown by an exit test whose check failed (any throw exits the child with a failure).
    struct CheckFailed: Error {}

    @Test func everyWriteRefusesAValueNested10000LevelsWithInvalidArgument() async {
        await #expect(processExitsWith: .success) {
            let ref = try makeDatabase().reference(withPath: "deep")
            let writes: [() async throws -> Void] = [
                { try await ref.setValue(nestedValue(10_000)) },
                { try await ref.setValue(nestedValue(10_000, key: ".value")) },
                { try await ref.setValue(["a": 1, ".priority": nestedValue(10_000)]) },
                { try await ref.setValue(1, andPriority: nestedValue(10_000)) },
                { try await ref.setPriority(nestedValue(10_000)) },
                { try await ref.updateChildValues(["a": nestedValue(10_000)]) },
                { try await ref.onDisconnectSetValue(nestedValue(10_000)) },
                { try await ref.onDisconnectUpdateChildValues(["a": nestedValue(10_000)]) },
            ]
            for write in writes {
                guard await databaseCode(of: write) == .invalidArgument else { throw CheckFailed() }
            }
            guard try await !ref.getData().exists() else { throw CheckFailed() }
        }
    }

    @Test func aTransactionSettingAValueNested10000LevelsFailsWithInvalidArgument() async {
        await #expect(processExitsWith: .success) {
            let ref = try makeDatabase().reference(withPath: "deep")
            let code = await databaseCode {
                _ = try await ref.runTransactionBlock { data in
                    data.value = nestedValue(10_000)
                    return .success(withValue: data)
                }
            }
            guard code == .invalidArgument, try await !ref.getData().exists() else { throw CheckFailed() }
        }
    }

    @Test func aDictionaryContainingItselfIsInvalidArgument() async {
        await #expect(processExitsWith: .success) {
            let ref = try makeDatabase().reference(withPath: "loop")
            let itself = NSMutableDictionary()
            itself["itself"] = itself
            let loop = NSMutableArray()
            loop.add(loop)
            for value in [itself, loop, ["a": itself] as [String: Any]] as [Any] {
                guard await databaseCode(of: { try await ref.setValue(value) }) == .invalidArgument else {
                    throw CheckFailed()
                }
            }
        }
    }

    @Test func thirtyTwoLevelsFromTheRootAreAcceptedAndOneMoreIsRefused() async throws {
        let root = try makeDatabase().reference()
        try await root.setValue(nestedValue(32))
        #expect(try await root.getData().childSnapshot(forPath: "k/k/k").exists())
        #expect(await databaseCode { try await root.setValue(nestedValue(33)) } == .invalidArgument)
        // Below `a`, the location's key counts: 31 levels fit, 32 do not.
        let child = root.child("a")
        try await child.setValue(nestedValue(31))
        #expect(await databaseCode { try await child.setValue(nestedValue(32)) } == .invalidArgument)
        #expect(await databaseCode { try await root.updateChildValues(["a": nestedValue(32)]) } == .invalidArgument)
        let committed = try await child.runTransactionBlock { data in
            data.value = nestedValue(31)
            return .success(withValue: data)
        }
        #expect(committed.0)
        let refused = await databaseCode {
            _ = try await child.runTransactionBlock { data in
                data.childData(byAppendingPath: "k").value = nestedValue(31)
                return .success(withValue: data)
            }
        }
        #expect(refused == .invalidArgument)
    }
}
