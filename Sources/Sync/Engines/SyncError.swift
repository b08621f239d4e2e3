// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Errors of the sync engines and their local persistence.
public enum SyncError: Error, Sendable, Equatable {
    /// An operation needs the document ID given to `startListening(documentId:)`, and there is none.
    case noDocumentId
    /// An empty document ID was given.
    case invalidDocumentId(String)
    /// Bad input, named by the message: a write's data nesting deeper than the remote's store keeps (see
    /// ``RemoteDocumentService/maximumFieldDepth``; refused before it is sent or queued), or an invalid query
    /// (see ``SyncQueryEvaluator/validate(_:)``).
    case invalidArgument(String)
    /// A document that is needed does not exist (remotely nor in the cache).
    case documentNotFound(id: String)
    /// A local file is damaged (bad magic, checksum mismatch, truncated, undecodable). It was moved aside to
    /// `movedTo` (when that worked) and the engine carried on without its contents.
    case corruptFile(path: String, reason: String, movedTo: String?)
    /// A local file could not be written (a full disk); what it was to record is kept in memory only.
    case persistenceFailed(path: String, reason: String)
    /// A write failed remotely (`remoteError`) and could not be queued on disk either (`reason`): it is queued in
    /// memory only and would be lost by a restart.
    case pendingWriteNotPersisted(remoteError: String, reason: String)
    /// The engine's app was deleted: the engine is stopped for good.
    case appDeleted(name: String)
    /// A remote service cannot run a valid query (its backend cannot express it); the message names what.
    case unsupportedQuery(String)
    /// A remote service could not name its collection (the seed's `collectionPath` closure returned nil).
    case collectionPathUnavailable
}
