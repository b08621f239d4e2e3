// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync

/// The tour's model.
struct DemoProduct: DataSyncModelProtocol {
    let id: String
    var name: String
    var price: Double

    static var mocks: [DemoProduct] { [DemoProduct(id: "lamp", name: "Lamp", price: 20)] }
}
