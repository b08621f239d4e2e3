// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync
import Observation

/// The seed's composition pattern: a manager owning an engine, exposing only what the app needs.
@MainActor
@Observable
final class ProductsManager {
    private let engine: CollectionSyncEngine<DemoProduct>

    var products: [DemoProduct] { engine.currentCollection }
    var pendingWrites: Int { engine.pendingWriteCount }

    init(engine: CollectionSyncEngine<DemoProduct>) {
        self.engine = engine
    }

    func start() async { await engine.startListening() }
    func stop() { engine.stopListening(clearCaches: false) }
    func add(_ product: DemoProduct) async throws { try await engine.saveDocument(product) }
}
