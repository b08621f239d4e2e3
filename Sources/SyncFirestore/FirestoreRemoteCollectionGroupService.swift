// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintFirestore
import FlintSync

/// A `RemoteCollectionGroupService` over FlintFirestore: every collection named `groupName`, at any depth
/// (`collectionGroup`), read-only.
public struct FirestoreRemoteCollectionGroupService<Model: DataSyncModelProtocol>: RemoteCollectionGroupService {
    private let firestore: Firestore
    private let groupName: String

    /// The service for the group `groupName` in `firestore`.
    public init(firestore: Firestore, groupName: String) {
        self.firestore = firestore
        self.groupName = groupName
    }

    /// The service for the group `groupName` in the app's default Firestore database.
    public init(app: FlintApp, groupName: String) throws {
        self.init(firestore: try Firestore.firestore(app: app), groupName: groupName)
    }

    /// The group's documents matching `query`.
    public func getCollection(query: SyncQuery) async throws -> [Model] {
        let snapshot = try await FirestoreSyncCoding.query(firestore.collectionGroup(groupName), query, isGroup: true)
            .getDocuments()
        return try FirestoreSyncCoding.models(Model.self, from: snapshot)
    }

    /// The query's snapshots as change batches.
    public func streamCollectionUpdates(query: SyncQuery) -> AsyncThrowingStream<
        SyncCollectionChanges<Model>, any Error
    > {
        do {
            return FirestoreSyncCoding.changes(
                Model.self,
                of: try FirestoreSyncCoding.query(firestore.collectionGroup(groupName), query, isGroup: true))
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
    }
}
