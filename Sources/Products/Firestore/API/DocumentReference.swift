// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// A document's location, to read, write and listen to it (Firebase's `DocumentReference`).
///
/// A reference made from a malformed path records the problem: every operation throws it
/// (``RPCStatusCode/invalidArgument``) and a listener receives it.
public final class DocumentReference: Sendable, Hashable, CustomStringConvertible {
    /// The database client this reference belongs to.
    public let firestore: Firestore
    /// The document's path.
    let resourcePath: ResourcePath
    /// Why the reference is unusable, or nil.
    let validationError: FirestoreError?

    init(firestore: Firestore, path: ResourcePath, validationError: FirestoreError? = nil) {
        self.firestore = firestore
        resourcePath = path
        self.validationError = validationError
    }

    convenience init(firestore: Firestore, parsing path: String) {
        switch ResourcePath.parse(path) {
        case .failure(let error):
            self.init(firestore: firestore, path: .root, validationError: error)
        case .success(let parsed) where !parsed.isDocument:
            self.init(
                firestore: firestore, path: parsed,
                validationError: FirestoreError(
                    .invalidArgument,
                    "Invalid document reference. Document references must have an even number of "
                        + "segments, but \(path) has \(parsed.count)."))
        case .success(let parsed):
            self.init(firestore: firestore, path: parsed)
        }
    }

    /// The document's ID (the last path segment).
    public var documentID: String { resourcePath.lastSegment }

    /// The path from the database root, e.g. `users/ada`.
    public var path: String { resourcePath.description }

    /// The collection holding the document.
    public var parent: CollectionReference {
        CollectionReference(firestore: firestore, path: resourcePath.parent, validationError: validationError)
    }

    /// The subcollection at `collectionPath`, relative to this document.
    public func collection(_ collectionPath: String) -> CollectionReference {
        if let validationError {
            return CollectionReference(firestore: firestore, path: resourcePath, validationError: validationError)
        }
        return CollectionReference(firestore: firestore, parsing: collectionPath, under: resourcePath)
    }

    // MARK: - Writes

    /// Replaces the document's fields with `data` (creating it if needed); keys are literal field names.
    /// Returns once the backend acknowledged the write; listeners see it at once.
    public func setData(_ data: [String: FirestoreValue]) async throws {
        let parsed = try firestore.parser.parseSetData(data)
        try await firestore.write([parsed.setMutation(at: try validPath())])
    }

    /// With `merge: true`, merges `data` into the document (nested maps deeply; `FieldValue.delete()`
    /// removes a field), creating it if needed; with `false`, replaces it like ``setData(_:)``.
    public func setData(_ data: [String: FirestoreValue], merge: Bool) async throws {
        guard merge else { return try await setData(data) }
        let parsed = try firestore.parser.parseMergeData(data, mergeFields: nil)
        try await firestore.write([parsed.mergeMutation(at: try validPath())])
    }

    /// Writes only the fields listed in `mergeFields` (each must appear in `data`), leaving the others.
    public func setData(_ data: [String: FirestoreValue], mergeFields: [FieldPath]) async throws {
        let parsed = try firestore.parser.parseMergeData(data, mergeFields: mergeFields)
        try await firestore.write([parsed.mergeMutation(at: try validPath())])
    }

    /// Updates fields of an existing document; keys are field paths (`"address.city"`). Fails with
    /// ``RPCStatusCode/notFound`` when the document does not exist (and creates nothing).
    public func updateData(_ fields: [FieldPath: FirestoreValue]) async throws {
        let parsed = try firestore.parser.parseUpdateData(fields)
        try await firestore.write([parsed.updateMutation(at: try validPath())])
    }

    /// Deletes the document (nothing happens if it does not exist). Subcollections are not deleted.
    public func delete() async throws {
        try await firestore.write([Mutation(path: try validPath(), kind: .delete)])
    }

    // MARK: - Reads

    /// The document as this client sees it: the backend's version with this client's pending writes; offline,
    /// the local cache's (``getDocument(source:)`` with `.default`).
    @discardableResult
    public func getDocument() async throws -> DocumentSnapshot {
        try await getDocument(source: .default)
    }

    /// The document as this client sees it, read from `source` (Firebase's `getDocument(source:)`): the
    /// backend's version (remembered in the local cache) for `.server`, and for `.default` while online; the
    /// local cache's for `.cache`, and for `.default` offline. Pending writes of this client are applied
    /// either way; `metadata.isFromCache` tells which it was.
    ///
    /// - Throws: ``RPCStatusCode/unavailable``, with the SDK's messages: for `.cache` when the cache does
    ///   not know the document (it never received it); while the network is disabled, for `.default` when
    ///   the cache does not have the document (unknown or known missing) and for `.server` always.
    @discardableResult
    public func getDocument(source: FirestoreSource) async throws -> DocumentSnapshot {
        let path = try validPath()
        let (document, isFromCache) = try await firestore.engine.getDocument(at: path, source: source)
        return DocumentSnapshot(
            reference: self, document: document,
            metadata: SnapshotMetadata(
                hasPendingWrites: document?.hasPendingWrites ?? false,
                isFromCache: isFromCache))
    }

    /// Calls `listener` with the document now, then after every change, until the registration is removed.
    /// A missing document gives a snapshot with `exists == false`. With `includeMetadataChanges`, changes of
    /// `hasPendingWrites` / `isFromCache` alone also call the listener. An error (such as
    /// `permissionDenied` or an invalid reference) is delivered once and ends the listener.
    @discardableResult
    public func addSnapshotListener(
        includeMetadataChanges: Bool = false,
        _ listener: @escaping @Sendable (DocumentSnapshot?, (any Error)?) -> Void
    )
        -> any ListenerRegistration
    {
        addSnapshotListener(
            options: SnapshotListenOptions().withIncludeMetadataChanges(includeMetadataChanges), listener: listener)
    }

    /// Calls `listener` with the document now, then after every change, as `options` say (Firebase's
    /// `addSnapshotListener(options:listener:)`): with ``ListenSource/cache``, from the local cache only,
    /// never reaching the backend (a document the cache does not know gives `exists == false`). An error is
    /// delivered once and ends the listener.
    @discardableResult
    public func addSnapshotListener(
        options: SnapshotListenOptions,
        listener: @escaping @Sendable (DocumentSnapshot?, (any Error)?) -> Void
    )
        -> any ListenerRegistration
    {
        if let validationError {
            return Self.failImmediately(validationError, listener)
        }
        return firestore.engine.listen(.document(resourcePath), options: options) { [self] event in
            switch event {
            case .snapshot(let snapshot):
                let document = snapshot.entries.first?.document
                listener(
                    DocumentSnapshot(
                        reference: self, document: document,
                        metadata: SnapshotMetadata(
                            hasPendingWrites: snapshot.hasPendingWrites,
                            isFromCache: snapshot.isFromCache)), nil)
            case .failure(let error):
                listener(nil, error)
            }
        }
    }

    // MARK: - Internals

    /// The path, or the reference's validation error.
    func validPath() throws(FirestoreError) -> ResourcePath {
        if let validationError { throw validationError }
        return resourcePath
    }

    /// Delivers `error` from a task and returns an inert registration.
    static func failImmediately<Snapshot>(
        _ error: FirestoreError,
        _ listener: @escaping @Sendable (Snapshot?, (any Error)?) -> Void
    )
        -> any ListenerRegistration
    {
        let registration = ClosureListenerRegistration {}
        Task {
            if !registration.isRemoved { listener(nil, error) }
        }
        return registration
    }

    /// Same database client and path.
    public static func == (lhs: DocumentReference, rhs: DocumentReference) -> Bool {
        lhs.firestore === rhs.firestore && lhs.resourcePath == rhs.resourcePath
    }

    /// Hashes the path.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(resourcePath)
    }

    /// `DocumentReference(users/ada)`.
    public var description: String { "DocumentReference(\(path))" }
}
