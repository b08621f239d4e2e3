// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Runs a remote query with the `getDocumentsQuery_*` events (`filter_count`, `count`).
@MainActor
func runQuery<T>(
    _ query: SyncQuery, events: SyncEventLog,
    _ fetch: (SyncQuery) async throws -> [T]
) async throws -> [T] {
    events.track("getDocumentsQuery_start", ["filter_count": String(query.filterCount)])
    do {
        let models = try await fetch(query)
        events.track(
            "getDocumentsQuery_success", ["filter_count": String(query.filterCount), "count": String(models.count)])
        return models
    } catch {
        events.track(
            "getDocumentsQuery_fail",
            [
                "filter_count": String(query.filterCount),
                "error_description": SyncEventLog.describe(error),
            ])
        throw error
    }
}
