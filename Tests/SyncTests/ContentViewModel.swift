// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync
import Observation

/// The seed's composition pattern: a manager owning an engine and exposing only what the app needs.
@MainActor
@Observable
final class ContentViewModel {
    private let engine: CollectionSyncEngine<TestUser>
    var names: [String] { engine.currentCollection.map(\.name) }

    init(engine: CollectionSyncEngine<TestUser>) {
        self.engine = engine
    }

    func start() async { await engine.startListening() }
    func stop() { engine.stopListening() }
}
