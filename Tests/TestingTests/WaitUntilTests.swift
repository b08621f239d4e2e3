// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Testing

@Suite struct WaitUntilTests {
    @Test func returnsAtOnceWhenTheConditionAlreadyHolds() async throws {
        try await waitUntil(timeout: .zero) { true }
    }

    @Test func returnsOnceAnotherTaskMakesTheConditionTrue() async throws {
        let analytics = FakeAnalytics()
        let producer = Task.detached(priority: Task.currentPriority) {
            for index in 0..<3 {
                analytics.logEvent("tick\(index)", parameters: [:])
                await Task.yield()
            }
        }
        try await waitUntil { analytics.loggedEvents.count == 3 }
        #expect(analytics.loggedEvents.map(\.name) == ["tick0", "tick1", "tick2"])
        await producer.value
    }

    @Test func supportsAsyncConditions() async throws {
        let auth = FakeAuth()
        Task.detached(priority: Task.currentPriority) { auth.simulateSignIn(userID: "late") }
        try await waitUntil { (try? await auth.getToken(forcingRefresh: false)) != nil }
        #expect(auth.currentUserID == "late")
    }

    @Test func throwsConditionNotMetAtTheDeadline() async throws {
        await #expect(throws: TestTimeoutError.conditionNotMet(timeout: .milliseconds(50))) {
            try await waitUntil(timeout: .milliseconds(50)) { false }
        }
    }

    @Test func cancellationEndsTheWait() async throws {
        let task = Task { try await waitUntil(timeout: .seconds(60)) { false } }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await value(of: task) }
    }
}
