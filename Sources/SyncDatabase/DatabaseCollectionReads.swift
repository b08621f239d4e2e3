// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintDatabase
import FlintSync

/// The reads the Realtime Database collection and collection-group services share.
enum DatabaseCollectionReads {
    /// The documents under `layout` matching `query`, read once (the layout's root, read whole), as models in
    /// the query's order.
    static func models<Model: DataSyncModelProtocol>(
        _ type: Model.Type, in database: Database, layout: DatabaseCollectionLayout, query: SyncQuery
    ) async throws -> [Model] {
        try SyncFieldDepth.check(query, maximumDepth: DatabaseCollectionPath.databaseDepth)
        let root = try await database.reference(withPath: layout.rootPath).getData()
        return try layout.documents(inRoot: root, matching: query).map {
            try DatabaseSyncCoding.model(Model.self, from: $0)
        }
    }
}
