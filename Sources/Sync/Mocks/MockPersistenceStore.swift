// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The storage of the mock persistences (``MockLocalDocumentPersistence``, ``MockLocalCollectionPersistence``):
/// their contents behind a lock, loads failing with the injected load error and saves with the injected save error.
final class MockPersistenceStore<Contents>: Sendable {
    private struct State {
        var contents: Contents
        var loadError: (any Error)?
        var saveError: (any Error)?
    }

    private let state: Locked<State>

    /// Storage holding `contents`.
    init(_ contents: Contents) {
        state = Locked(State(contents: contents))
    }

    /// The contents, whatever error is injected.
    var contents: Contents { state.withLock { $0.contents } }

    /// Makes every load throw `error` (nil: succeed).
    func setLoadError(_ error: (any Error)?) { state.withLock { $0.loadError = error } }
    /// Makes every save throw `error` (nil: succeed).
    func setSaveError(_ error: (any Error)?) { state.withLock { $0.saveError = error } }

    /// What `body` reads from the contents; throws the load error instead, when one is set.
    func load<Value>(_ body: (Contents) -> Value) throws -> Value {
        try state.withLock { state in
            if let error = state.loadError { throw error }
            return body(state.contents)
        }
    }

    /// Changes the contents with `body`; throws the save error instead (nothing changed), when one is set.
    func save(_ body: (inout Contents) -> Void) throws {
        try state.withLock { state in
            if let error = state.saveError { throw error }
            body(&state.contents)
        }
    }
}
