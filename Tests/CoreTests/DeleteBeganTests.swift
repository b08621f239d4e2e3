// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Synchronization
import Testing

@testable import FlintCore

private final class Slow: Sendable {}

/// Marks `app`'s storage deleted as `delete()` does first, before it reaches any slot: the moment in which a
/// lookup used to claim a slot that `delete()` had not marked yet and run its factory.
private func beginDeletion(of app: FlintApp) {
    app.container.storage.deleted.store(true, ordering: .sequentiallyConsistent)
}

@Suite("Once delete() has begun, no factory starts")
struct DeleteBeganTests {
    @Test func aLookupAfterDeleteBeganThrowsAppDeletedWithoutRunningTheFactory() async throws {
        let runs = RunCounter()
        let app = try makeApp([cached(Slow.self, runs: runs) { _ in Slow() }])
        beginDeletion(of: app)
        #expect(throws: ComponentError.appDeleted(name: app.name)) { try app.container.require(Slow.self) }
        #expect(runs.value == 0)
        #expect(await app.delete())
    }

    @Test func anUncacheableLookupAfterDeleteBeganRunsNoFactory() async throws {
        let runs = RunCounter()
        let app = try makeApp([
            Component(Slow.self) { _, _ in
                runs.increment()
                return Slow()
            }
        ])
        _ = try app.container.require(Slow.self)
        beginDeletion(of: app)
        #expect(throws: ComponentError.appDeleted(name: app.name)) { try app.container.require(Slow.self) }
        #expect(runs.value == 1)
        #expect(await app.delete())
    }

    /// A creation fails with `appDeleted` (its dependency was marked deleted) while another thread waits for it:
    /// the waiter gets `appDeleted` and does not run the factory again.
    @Test func theWaitersOfACreationThatFailedWithAppDeletedDoNotRetryIt() async throws {
        let runs = RunCounter()
        let entered = Signal()
        let release = Signal()
        let app = try makeApp([
            Component(Slow.self) { container, isCacheable in
                isCacheable = true
                guard runs.increment() == 1 else { return Slow() }
                entered.fire()
                _ = release.wait()
                throw ComponentError.appDeleted(name: container.appName)
            }
        ])
        let storage = app.container.storage
        let index = try #require(storage.index(of: ObjectIdentifier(Slow.self)))
        let creator = Task.detached {
            await onThread { Result { () throws(ComponentError) in try app.container.require(Slow.self) } }
        }
        #expect(await onThread { entered.wait() })
        let waiter = Task.detached {
            await onThread { Result { () throws(ComponentError) in try app.container.require(Slow.self) } }
        }
        // The waiter has marked the claim as waited for.
        try await waitUntil { storage.word(index).pointee.load(ordering: .acquiring) & 1 == 1 }
        beginDeletion(of: app)
        release.fire()
        let created = try await value(of: creator)
        let waited = try await value(of: waiter)
        #expect(throws: ComponentError.appDeleted(name: app.name)) { try created.get() }
        #expect(throws: ComponentError.appDeleted(name: app.name)) { try waited.get() }
        #expect(runs.value == 1)
        #expect(await app.delete())
    }
}
