// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The changes of one view update, one per document, merged as Firestore merges them: added then modified
/// is added; added then removed is nothing; modified then removed is removed; removed then added is
/// modified; a metadata change takes the kind of a real change.
struct ChangeSet {
    /// One document's merged change: its state before the update (nil if it was not in the view) and after.
    struct Change {
        var kind: ViewChange.Kind
        var old: ViewEntry?
        var new: ViewEntry?
    }

    private(set) var changes: [ResourcePath: Change] = [:]

    var isEmpty: Bool { changes.isEmpty }

    /// Records one change of the document at `path`.
    mutating func add(_ kind: ViewChange.Kind, path: ResourcePath, old: ViewEntry?, new: ViewEntry?) {
        guard var existing = changes[path] else {
            changes[path] = Change(kind: kind, old: old, new: new)
            return
        }
        switch (existing.kind, kind) {
        case (.added, .removed):
            changes[path] = nil
            return
        case (.added, _):
            existing.new = new
        case (.removed, .added):
            existing.kind = .modified
            existing.new = new
        case (_, .removed):
            existing.kind = .removed
            existing.new = nil
        case (.metadata, _):
            existing.kind = kind
            existing.new = new
        case (_, .metadata), (.modified, .modified):
            existing.new = new
        default:
            existing.kind = kind
            existing.new = new
        }
        changes[path] = existing
    }
}
