// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

// The spirit of Firebase Android's DeadlockTests: a factory that waits for another thread which resolves
// components must not deadlock, because no lock is held while factories run.

private final class Starter: Sendable {}
private final class Helper: Sendable {}
private final class Holder: Sendable {
    let helper: Provider<Helper>
    init(helper: Provider<Helper>) { self.helper = helper }
}

@Suite("Deadlocks: factories waiting for other threads")
struct DeadlockTests {
    @Test func anEagerFactoryWaitingForAThreadThatResolvesAProviderDoesNotDeadlock() async throws {
        let resolvedOnOtherThread = Signal()
        let configuring = Task.detached(priority: Task.currentPriority) {
            await onThread { () -> Bool in
                let registry = try? makeRegistry([
                    (
                        "flint-deadlock",
                        [
                            Component(Holder.self, dependencies: [.provider(Helper.self)]) { container, isCacheable in
                                isCacheable = true
                                return Holder(helper: try container.provider(for: Helper.self))
                            },
                            cached(Helper.self) { _ in Helper() },
                            Component(Starter.self, timing: .alwaysEager, dependencies: [.required(Holder.self)]) {
                                container, isCacheable in
                                isCacheable = true
                                let holder = try container.require(Holder.self)
                                // Another thread resolves through the provider while this eager factory waits for it.
                                Thread.detachNewThread {
                                    if holder.helper.get() != nil { resolvedOnOtherThread.fire() }
                                }
                                guard resolvedOnOtherThread.wait() else { return nil }
                                return Starter()
                            },
                        ]
                    )
                ])
                guard let app = try? registry?.configure(options: .testing) else { return false }
                return app.container.instance(for: Starter.self) != nil
            }
        }
        #expect(try await value(of: configuring))
    }

    @Test func twoThreadsCreatingEachOthersDependenciesThroughProvidersFinish() async throws {
        // A's factory resolves B on another thread and waits; B's factory resolves nothing that A holds.
        let app = try makeApp([
            Component(Holder.self, dependencies: [.provider(Helper.self)]) { container, isCacheable in
                isCacheable = true
                let provider = try container.provider(for: Helper.self)
                let done = Signal()
                Thread.detachNewThread {
                    _ = provider.get()
                    done.fire()
                }
                guard done.wait() else { return nil }
                return Holder(helper: provider)
            },
            cached(Helper.self) { _ in Helper() },
        ])
        let holder = try await value(
            of: Task.detached(priority: Task.currentPriority) {
                await onThread { app.container.instance(for: Holder.self) }
            })
        #expect(holder?.helper.get() != nil)
    }
}
