// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One record of a collection file: the snapshot (first record) or one batch of changes.
struct CollectionRecord<Model: DataSyncModelProtocol>: Codable {
    var upserts: [Model]
    var deletes: [String]
}
