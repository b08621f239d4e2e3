// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintFirestore
import FlintSync
import FlintSyncFirestore
import FlintTesting
import Foundation
import Observation

/// The sync-engine part of the tour: two apps on one embedded Firestore backend, a `CollectionSyncEngine` each
/// (wrapped in a manager, the seed's composition pattern); a write through one appears in the other's
/// `currentCollection`; a write the backend refuses is queued on disk and lands after a restart; the events go
/// to the app's Analytics (a FakeAnalytics here). Uses private registries and a temporary directory, and
/// deletes its apps at the end.
@MainActor
func syncTour() async throws {
    var narrator = Narrator()
    print("")
    print("Flint Sync: collection sync engines over Firestore")

    narrator.section(
        "Two apps, one backend, one engine each",
        "Each app gets a CollectionSyncEngine<DemoProduct> over FirestoreRemoteCollectionService(collectionPath: { \"products\" }), wrapped in a ProductsManager."
    )
    let allowWrites = Locked(true)
    let backend = LocalFirestoreBackend(rules: { request in
        request.operation == .get || request.operation == .list || allowWrites.withLock { $0 }
    })
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("flint-demo-sync-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let analytics = FakeAnalytics()
    func makeApp(_ name: String) throws -> FlintApp {
        try TestApp.make(
            name: name, libraries: [FirestoreLibrary.self],
            overrides: [.instance(backend, as: FirestoreBackend.self)] + analytics.components)
    }
    func makeManager(_ app: FlintApp) throws -> ProductsManager {
        ProductsManager(
            engine: CollectionSyncEngine(
                remote: try FirestoreRemoteCollectionService(app: app, collectionPath: { "products" }),
                managerKey: "products", persistenceDirectory: directory.appendingPathComponent(app.name), app: app))
    }
    let aliceApp = try makeApp("alice")
    let bobApp = try makeApp("bob")
    var alice = try makeManager(aliceApp)
    let bob = try makeManager(bobApp)
    await alice.start()
    await bob.start()
    narrator.show("both started listening: a bulk load, then the listener (\(bob.products.count) products)")

    narrator.section(
        "A write through alice's engine reaches bob's",
        "alice saves a product; bob's view model, observing currentCollection, is told.")
    try await alice.add(DemoProduct(id: "lamp", name: "Lamp", price: 20))
    try await waitForChange(in: bob) { $0.products.contains { $0.id == "lamp" } }
    narrator.show("bob.products → \(bob.products.map(\.name))")

    narrator.section(
        "A refused write is queued on disk",
        "The backend's rules now refuse writes: alice's save fails with permissionDenied and joins the pending-writes queue, persisted; her engine shows it while it waits."
    )
    allowWrites.withLock { $0 = false }
    do {
        try await alice.add(DemoProduct(id: "desk", name: "Desk", price: 150))
    } catch let error as FirestoreError {
        narrator.show("save → FirestoreError \(error.code); pending writes: \(alice.pendingWrites)")
    }
    narrator.show(
        "alice.products → \(alice.products.map(\.name).sorted()) (the queued write shows at once); "
            + "bob.products → \(bob.products.map(\.name).sorted())")
    alice.stop()
    await aliceApp.delete()
    narrator.show("alice's app deleted (her engine stopped with it)")

    narrator.section(
        "Restart: the queued write lands",
        "A new app and engine on the same directory load the queue; startListening sends it before attaching the listener."
    )
    allowWrites.withLock { $0 = true }
    let aliceAgain = try makeApp("alice")
    alice = try makeManager(aliceAgain)
    narrator.show("after the restart: \(alice.pendingWrites) pending write(s) loaded from disk")
    await alice.start()
    try await waitForChange(in: bob) { $0.products.contains { $0.id == "desk" } }
    narrator.show("pending writes now \(alice.pendingWrites); bob.products → \(bob.products.map(\.name).sorted())")

    narrator.section("Analytics", "Events are prefixed with the manager key and went to the app's AnalyticsInterop.")
    let names = Set(analytics.loggedEvents.map(\.name)).sorted()
    narrator.show(names.joined(separator: ", "))

    await aliceAgain.delete()
    await bobApp.delete()
    narrator.show("apps deleted")
}

/// Waits (at most 10 s) until `condition` holds for `manager`, re-checking whenever Observation reports a change.
@MainActor
private func waitForChange(in manager: ProductsManager, until condition: @escaping @MainActor (ProductsManager) -> Bool)
    async throws
{
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition(manager) {
        guard ContinuousClock.now < deadline else { throw SyncTourTimeout() }
        let changed = Gate()
        withObservationTracking {
            _ = manager.products
        } onChange: {
            changed.open()
        }
        if condition(manager) { return }
        try? await changed.wait(timeout: .seconds(1))
    }
}

/// The tour waited too long for a change.
private struct SyncTourTimeout: Error {}
