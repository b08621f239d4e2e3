/// One record of a collection file: the snapshot (first record) or one batch of changes.
struct CollectionRecord<Model: DataSyncModelProtocol>: Codable {
    var upserts: [Model]
    var deletes: [String]
}
