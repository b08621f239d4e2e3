// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync

/// The model of the Firestore end-to-end tests.
struct Product: DataSyncModelProtocol, Equatable {
    let id: String
    var name: String
    var price: Double

    var eventParameters: [String: String] { ["product_name": name] }

    static var mocks: [Product] {
        [Product(id: "p1", name: "Lamp", price: 20), Product(id: "p2", name: "Desk", price: 150)]
    }
}
