// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync

/// The model of the sync tests.
struct TestUser: DataSyncModelProtocol, Equatable {
    let id: String
    var name: String
    var age: Int

    var eventParameters: [String: String] { ["user_name": name] }

    static var mocks: [TestUser] {
        [TestUser(id: "1", name: "John", age: 30), TestUser(id: "2", name: "Jane", age: 25)]
    }
}
