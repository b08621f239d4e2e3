// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Reads the document `id` from a remote with the `getDocument_*` events (`document_id`), for the engines'
/// `getDocumentAsync`.
/// - Throws: ``SyncError/documentNotFound(id:)`` when `get` finds none, or what `get` throws.
@MainActor
func fetchDocument<T>(id: String, events: SyncEventLog, _ get: (String) async throws -> T?) async throws -> T {
    events.track("getDocument_start", ["document_id": id])
    do {
        guard let model = try await get(id) else { throw SyncError.documentNotFound(id: id) }
        events.track("getDocument_success", ["document_id": id])
        return model
    } catch {
        events.track("getDocument_fail", ["document_id": id, "error_description": SyncEventLog.describe(error)])
        throw error
    }
}
