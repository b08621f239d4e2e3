// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync

/// The model of the Realtime Database end-to-end tests.
struct Item: DataSyncModelProtocol, Equatable {
    let id: String
    var name: String
    var score: Int

    static var mocks: [Item] { [Item(id: "a", name: "Ada", score: 10)] }
}
