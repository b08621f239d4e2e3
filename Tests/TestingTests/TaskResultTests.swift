// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@Suite struct TaskResultTests {
    @Test func aFinishedTaskGivesItsValue() async throws {
        let task = Task { () -> Int in
            await Task.yield()
            return 42
        }
        #expect(try await value(of: task) == 42)
        #expect(try await result(of: task).get() == 42)
    }

    @Test func aThrowingTaskGivesItsValue() async throws {
        let task = Task { () throws -> String in "done" }
        #expect(try await value(of: task) == "done")
    }

    @Test func aFailingTasksErrorIsReturnedAndRethrown() async throws {
        let task = Task { () throws -> Int in throw FakeError("boom") }
        let outcome = try await result(of: task)
        #expect(throws: FakeError("boom")) { try outcome.get() }
        await #expect(throws: FakeError("boom")) { try await value(of: task) }
    }

    @Test func waitsForATaskFinishedLaterByAnEvent() async throws {
        let gate = Gate()
        let task = Task { () -> String in
            await gate.wait()
            return "opened"
        }
        gate.open()
        #expect(try await value(of: task) == "opened")
    }

    @Test func aTaskThatNeverFinishesTimesOutAndIsCancelled() async throws {
        let never = Gate()  // never opened: the task ends only when cancelled
        let task = Task { () -> Bool in
            await never.wait()
            return Task.isCancelled
        }
        await #expect(throws: TestTimeoutError.taskNotFinished(timeout: .milliseconds(50))) {
            try await result(of: task, timeout: .milliseconds(50))
        }
        #expect(task.isCancelled)
        // The cancellation reached the task: it ended, seeing itself cancelled.
        #expect(try await value(of: task) == true)
    }

    @Test func aThrowingTaskThatNeverFinishesTimesOutAndIsCancelled() async throws {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
        let consumer = Task { () throws -> Int in
            for try await _ in stream {}
            return Task.isCancelled ? 1 : 0
        }
        await #expect(throws: TestTimeoutError.taskNotFinished(timeout: .milliseconds(50))) {
            try await value(of: consumer, timeout: .milliseconds(50))
        }
        #expect(consumer.isCancelled)
        #expect(try await value(of: consumer) == 1)
        continuation.finish()
    }

    @Test func aTaskIgnoringCancellationStillTimesOut() async throws {
        let release = Gate()
        let stubborn = Task { () -> String in
            // Awaiting another task's value does not respond to cancellation.
            await Task.detached(priority: Task.currentPriority) { await release.wait() }.value
            return "released"
        }
        await #expect(throws: TestTimeoutError.taskNotFinished(timeout: .milliseconds(50))) {
            try await value(of: stubborn, timeout: .milliseconds(50))
        }
        #expect(stubborn.isCancelled)
        release.open()
        #expect(try await value(of: stubborn) == "released")
    }

    @Test func theNeverFailingOverloadThrowsOnlyTimeouts() async throws {
        let task = Task { () -> Int in
            await Gate().wait()
            return 0
        }
        do throws(TestTimeoutError) {
            _ = try await value(of: task, timeout: .milliseconds(50))
            Issue.record("the task was expected to time out")
        } catch {
            #expect(error == .taskNotFinished(timeout: .milliseconds(50)))
        }
    }

    @Test func cancellingTheCallerCancelsTheAwaitedTask() async throws {
        let inner = Task { () -> Bool in
            await Gate().wait()
            return Task.isCancelled
        }
        let outer = Task { try await value(of: inner, timeout: .seconds(60)) }
        outer.cancel()
        #expect(try await value(of: outer) == true)
        #expect(inner.isCancelled)
    }

    @Test func theTimeoutIsDescribed() {
        #expect(
            TestTimeoutError.taskNotFinished(timeout: .milliseconds(50)).description
                == "Timed out after 0.05 seconds: the task did not finish, so it was cancelled.")
    }
}
