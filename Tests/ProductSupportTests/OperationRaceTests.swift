// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import FlintTesting
import Testing

/// ``OperationRace`` and ``InFlightOperations``: an operation answered by whichever comes first, its value, its
/// deadline, its caller's cancellation or the closing of its operations (an app deleted), without waiting for it.
@Suite struct OperationRaceTests {
    private enum Ended: Error, Equatable {
        case by(OperationRace.Ending)
    }

    /// An operation that only ends when cancelled (then it opens `cancelled`).
    private static func endless(_ cancelled: Gate) async throws -> Int {
        try await withTaskCancellationHandler {
            try await Task.sleep(for: .seconds(3600))  // never finishes: only its cancellation ends it
            return 0
        } onCancel: {
            cancelled.open()
        }
    }

    @Test func theOperationsValueWinsWhenItComesFirst() async throws {
        let value = try await OperationRace.run(deadline: 60, endedBy: { Ended.by($0) }) { () throws(Ended) in 42 }
        #expect(value == 42)
    }

    @Test func theDeadlineAnswersAtOnceAndCancelsTheOperation() async throws {
        let cancelled = Gate()
        let race = Task {
            try await OperationRace.run(deadline: 0.3, endedBy: { Ended.by($0) }) { try await Self.endless(cancelled) }
        }
        await #expect(throws: Ended.by(.deadline)) { try await value(of: race) }
        try await cancelled.wait(timeout: defaultTestTimeout)
    }

    @Test func closingTheOperationsEndsTheOnesInFlightAndRefusesLaterOnes() async throws {
        let operations = InFlightOperations()
        let cancelled = Gate()
        let race = Task {
            try await OperationRace.run(in: operations, endedBy: { Ended.by($0) }) { try await Self.endless(cancelled) }
        }
        try await waitUntil { operations.count == 1 }
        operations.close()
        await #expect(throws: Ended.by(.closed)) { try await value(of: race) }
        try await cancelled.wait(timeout: defaultTestTimeout)
        #expect(operations.count == 0)
        let started = Locked(false)
        await #expect(throws: Ended.by(.closed)) {
            try await OperationRace.run(in: operations, endedBy: { Ended.by($0) }) { () throws(Ended) in
                started.withLock { $0 = true }
            }
        }
        #expect(started.withLock { $0 } == false)
    }

    @Test func aFinishedOperationLeavesItsOperations() async throws {
        let operations = InFlightOperations()
        _ = try await OperationRace.run(in: operations, endedBy: { Ended.by($0) }) { () throws(Ended) in 1 }
        try await waitUntil { operations.count == 0 }
        #expect(!operations.isClosed)
    }

    @Test func cancellingTheCallerAnswersCancelled() async throws {
        let cancelled = Gate()
        let race = Task { try await OperationRace.run(endedBy: { Ended.by($0) }) { try await Self.endless(cancelled) } }
        race.cancel()
        await #expect(throws: Ended.by(.cancelled)) { try await value(of: race) }
    }
}
