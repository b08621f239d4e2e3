// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Synchronization
import Testing

private final class Analytics: Sendable {}
private final class Uploader: Sendable {
    let analytics = Locked<Analytics?>(nil)
    let deferred: Deferred<Analytics>
    init(deferred: Deferred<Analytics>) { self.deferred = deferred }
}
private final class Unrelated: Sendable {}

/// Collects what `whenAvailable` handed over.
private final class Handed: Sendable {
    private let values = Locked<[Analytics?]>([])
    func add(_ value: Analytics?) { values.withLock { $0.append(value) } }
    var all: [Analytics?] { values.withLock { $0 } }
}

@Suite("Deferred dependencies (Android's Deferred<T>)")
struct DeferredTests {
    private func uploader(handed: Handed) -> Component {
        Component(Uploader.self, dependencies: [.deferred(Analytics.self)]) { container, isCacheable in
            isCacheable = true
            let deferred = try container.deferred(for: Analytics.self)
            deferred.whenAvailable { provider in handed.add(provider.get()) }
            return Uploader(deferred: deferred)
        }
    }

    @Test func aDeferredDependencyThatIsProvidedIsHandedOverAtOnce() throws {
        let handed = Handed()
        let app = try makeApp([uploader(handed: handed), cached(Analytics.self) { _ in Analytics() }])
        let uploader = try app.container.require(Uploader.self)
        #expect(handed.all.count == 1)
        #expect(handed.all.first! === (try app.container.require(Analytics.self)))
        #expect(uploader.deferred.provider?.get() === (try app.container.require(Analytics.self)))
    }

    @Test func aMissingDeferredDependencyIsNotAConfigureError() throws {
        let handed = Handed()
        let app = try makeApp([uploader(handed: handed)])
        let uploader = try app.container.require(Uploader.self)
        #expect(handed.all.isEmpty)
        #expect(uploader.deferred.provider == nil)
    }

    @Test func askingForAnUndeclaredDeferredIsUndeclaredDependency() throws {
        let app = try makeApp([
            cached(Uploader.self) { container in
                Uploader(deferred: try container.deferred(for: Analytics.self))
            }
        ])
        #expect(
            throws: ComponentError.undeclaredDependency(
                component: ComponentError.typeName(of: Uploader.self),
                requested: ComponentError.typeName(of: Analytics.self))
        ) {
            try app.container.require(Uploader.self)
        }
    }

    @Test func valueReturnsAtOnceWhenProvided() async throws {
        let app = try makeApp([cached(Analytics.self) { _ in Analytics() }])
        let deferred = try app.container.deferred(for: Analytics.self)
        #expect(try await deferred.value() === (try app.container.require(Analytics.self)))
    }

    @Test func aWaitingValueEndsWithAppDeletedWhenTheAppIsDeleted() async throws {
        let app = try makeApp([])
        let deferred = try app.container.deferred(for: Analytics.self)
        let waiting = Task { try await deferred.value() }
        #expect(await app.delete())
        let outcome = try await result(of: waiting)
        #expect(throws: ComponentError.appDeleted(name: FlintApp.defaultName)) { try outcome.get() }
        #expect(deferred.provider == nil)
    }

    @Test func aCancelledWaitEndsWithCancellationError() async throws {
        let app = try makeApp([])
        let deferred = try app.container.deferred(for: Analytics.self)
        let waiting = Task { try await deferred.value() }
        waiting.cancel()
        let outcome = try await result(of: waiting)
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(await app.delete())
    }

    @Test func theGraphDrawsDeferredEdges() throws {
        let app = try makeApp([uploader(handed: Handed()), cached(Analytics.self) { _ in Analytics() }])
        let edges = app.container.graph.edges
        #expect(edges.contains { $0.kind == .deferred })
        #expect(app.container.graph.mermaid.contains("-. deferred .->"))
    }
}
