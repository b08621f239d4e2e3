// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintDatabase
import FlintSync

/// A `RemoteCollectionGroupService` over FlintDatabase, read-only: the Realtime Database's counterpart of a
/// Firestore collection group. A JSON tree has no collections, so the group is named by a **path pattern** whose
/// `$` segments match any key: `"users/$uid/orders"` is every `orders` list one level below `users`
/// (`users/alice/orders`, `users/bob/orders`, …), and its documents are those lists' children, each key a
/// document ID (keep IDs unique across the group, as push IDs are). Several wildcards work
/// (`"shops/$shop/products/$product/reviews"`); a pattern without one is a plain collection.
///
/// Queries are evaluated on the client. The listener follows the children of the pattern's root (the keys before
/// the first wildcard, `users`) with child events: one change costs the size of the root child it touched (one
/// user's subtree), whatever the size of the group.
///
/// ```swift
/// let orders = CollectionGroupSyncEngine<Order>(
///     remote: try DatabaseRemoteCollectionGroupService(app: app, pathPattern: "users/$uid/orders"),
///     managerKey: "orders", app: app)
/// await orders.startListening { $0.where("total", isGreaterThan: 100) }
/// ```
public struct DatabaseRemoteCollectionGroupService<Model: DataSyncModelProtocol>: RemoteCollectionGroupService {
    private let database: Database
    private let layout: DatabaseCollectionLayout

    /// The group `pathPattern` names in `database`.
    public init(database: Database, pathPattern: String) {
        self.database = database
        self.layout = DatabaseCollectionLayout(pattern: pathPattern)
    }

    /// The group `pathPattern` names in the app's default database.
    public init(app: FlintApp, pathPattern: String) throws {
        self.init(database: try Database.database(app: app), pathPattern: pathPattern)
    }

    /// The group's documents matching `query`.
    public func getCollection(query: SyncQuery) async throws -> [Model] {
        try await DatabaseCollectionReads.models(Model.self, in: database, layout: layout, query: query)
    }

    /// The group's changes as batches: the whole result first, then one batch per changed root child.
    public func streamCollectionUpdates(query: SyncQuery) -> AsyncThrowingStream<
        SyncCollectionChanges<Model>, any Error
    > {
        DatabaseCollectionChanges.stream(Model.self, in: database, layout: layout, query: query)
    }
}
