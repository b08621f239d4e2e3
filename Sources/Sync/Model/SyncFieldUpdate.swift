// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Applies partial updates (`updateDocument(data:)`) to a document's fields: keys are dot-separated paths
/// (`"address.city"`), as Firestore's `updateData` takes them.
enum SyncFieldUpdate {
    /// `fields` with every entry of `update` written at its path.
    static func applying(_ update: [String: SyncValue], to fields: [String: SyncValue]) -> [String: SyncValue] {
        var root = SyncValue.map(fields)
        for key in update.keys.sorted() {
            root.setValue(update[key]!, at: key.split(separator: ".", omittingEmptySubsequences: false))
        }
        guard case .map(let result) = root else { return fields }
        return result
    }
}
