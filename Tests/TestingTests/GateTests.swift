// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@Suite struct GateTests {
    @Test func startsClosedAndOpensOnce() {
        let gate = Gate()
        #expect(!gate.isOpen)
        #expect(gate.waiterCount == 0)
        gate.open()
        gate.open()  // later calls do nothing
        #expect(gate.isOpen)
    }

    @Test func aGateOpenedBeforeWaitingLetsTheBoundedWaitThrough() async throws {
        let gate = Gate()
        gate.open()
        try await gate.wait(timeout: .zero)  // no deadline is even started
        #expect(gate.waiterCount == 0)
    }

    @Test func aGateOpenedWhileWaitingLetsTheBoundedWaitThrough() async throws {
        let gate = Gate()
        let waiter = Task { () throws(TestTimeoutError) -> Bool in
            try await gate.wait(timeout: defaultTestTimeout)
            return gate.isOpen
        }
        try await waitUntil { gate.waiterCount == 1 }  // the waiter is at the gate
        gate.open()
        #expect(try await value(of: waiter) == true)
        #expect(gate.waiterCount == 0)
    }

    @Test func everyWaiterIsLetThrough() async throws {
        let gate = Gate()
        let waiters = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<10 {
                    group.addTask {
                        if index.isMultiple(of: 2) {
                            try await gate.wait(timeout: defaultTestTimeout)
                        } else {
                            await gate.wait()
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        try await waitUntil { gate.waiterCount == 10 }
        gate.open()
        try await value(of: waiters)
        #expect(gate.waiterCount == 0)
    }

    @Test func aGateNeverOpenedTimesOut() async throws {
        let gate = Gate()
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: TestTimeoutError.gateNotOpened(timeout: .milliseconds(50))) {
            try await gate.wait(timeout: .milliseconds(50))
        }
        #expect(clock.now - start >= .milliseconds(50))
        #expect(gate.waiterCount == 0)  // the timed-out waiter left the gate
        #expect(!gate.isOpen)
    }

    @Test func theBoundedWaitThrowsOnlyTimeouts() async {
        let gate = Gate()
        do throws(TestTimeoutError) {
            try await gate.wait(timeout: .milliseconds(50))
            Issue.record("the wait was expected to time out")
        } catch {
            #expect(error == .gateNotOpened(timeout: .milliseconds(50)))
        }
    }

    @Test func aTimedOutWaiterIsNotResumedAgainByALaterOpen() async throws {
        let gate = Gate()
        let timedOut = Task { () -> TestTimeoutError? in
            do throws(TestTimeoutError) {
                try await gate.wait(timeout: .milliseconds(50))
                return nil
            } catch {
                return error
            }
        }
        let patient = Task { try await gate.wait(timeout: defaultTestTimeout) }
        #expect(try await value(of: timedOut) == .gateNotOpened(timeout: .milliseconds(50)))
        #expect(gate.waiterCount == 1)  // only the patient waiter is left
        // Resuming the timed-out waiter's continuation a second time would trap the test process.
        gate.open()
        try await value(of: patient)
        #expect(gate.waiterCount == 0)
        try await gate.wait(timeout: .zero)  // and the gate stays open
    }

    @Test func aTimeoutShorterThanAnotherWaitersLeavesThatWaiterWaiting() async throws {
        let gate = Gate()
        let unbounded = Task { () -> Bool in
            await gate.wait()
            return gate.isOpen
        }
        try await waitUntil { gate.waiterCount == 1 }
        await #expect(throws: TestTimeoutError.gateNotOpened(timeout: .milliseconds(50))) {
            try await gate.wait(timeout: .milliseconds(50))
        }
        #expect(gate.waiterCount == 1)
        gate.open()
        #expect(try await value(of: unbounded) == true)
    }

    @Test func cancellingABoundedWaiterEndsTheWaitAtOnce() async throws {
        let gate = Gate()
        let waiter = Task { () throws(TestTimeoutError) -> Bool in
            try await gate.wait(timeout: .seconds(60))
            return Task.isCancelled
        }
        try await waitUntil { gate.waiterCount == 1 }
        waiter.cancel()
        #expect(try await value(of: waiter) == true)
        #expect(gate.waiterCount == 0)
        #expect(!gate.isOpen)
        gate.open()  // nothing left to resume
    }

    @Test func aWaiterCancelledBeforeItWaitsReturnsAtOnce() async throws {
        let gate = Gate()
        let waiter = Task { () throws(TestTimeoutError) -> Bool in
            withUnsafeCurrentTask { $0?.cancel() }
            try await gate.wait(timeout: .seconds(60))
            return Task.isCancelled
        }
        #expect(try await value(of: waiter) == true)
        #expect(gate.waiterCount == 0)
    }

    @Test func cancellingAnUnboundedWaiterEndsTheWaitAtOnce() async throws {
        let gate = Gate()
        let waiter = Task { () -> Bool in
            await gate.wait()
            return Task.isCancelled
        }
        try await waitUntil { gate.waiterCount == 1 }
        waiter.cancel()
        #expect(try await value(of: waiter) == true)
        #expect(gate.waiterCount == 0)
    }

    @Test func theTimeoutIsDescribed() {
        #expect(
            TestTimeoutError.gateNotOpened(timeout: .milliseconds(50)).description
                == "Timed out after 0.05 seconds: the gate was not opened.")
    }
}
