// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The seed's dictionary form of a pending write: the fields, with the metadata under reserved keys.
extension PendingWrite {
    /// The key of the document ID (absent for a collection-level write).
    public static let documentIdKey = "_documentId"
    /// The key of `createdAt`, in seconds since 1970.
    public static let createdAtKey = "_createdAt"
    /// The key of the kind (`"save"`, `"update"`, `"delete"`; a Flint addition: the seed's writes are all updates).
    public static let kindKey = "_kind"

    /// The write as one dictionary (the seed's `toDictionary()`): its fields, plus ``documentIdKey`` (when it has
    /// a document ID), ``createdAtKey`` and ``kindKey``. A field named like a metadata key is replaced by it.
    public func toDictionary() -> [String: SyncValue] {
        var dictionary = fields
        if let documentId { dictionary[Self.documentIdKey] = .string(documentId) }
        dictionary[Self.createdAtKey] = .double(createdAt.timeIntervalSince1970)
        dictionary[Self.kindKey] = .string(kind.rawValue)
        return dictionary
    }

    /// The write ``toDictionary()`` made (the seed's `fromDictionary`), or nil when the dictionary is malformed: a
    /// ``documentIdKey`` that is not a non-empty string, a ``createdAtKey`` that is not a finite number, a
    /// ``kindKey`` that is not a kind. As in the seed, a missing ``createdAtKey`` means now and a missing
    /// ``kindKey`` an update.
    public init?(dictionary: [String: SyncValue]) {
        var fields = dictionary
        var documentId: String?
        switch fields.removeValue(forKey: Self.documentIdKey) {
        case nil: documentId = nil
        case .string(let id) where !id.isEmpty: documentId = id
        default: return nil
        }
        var createdAt = Date()
        switch fields.removeValue(forKey: Self.createdAtKey) {
        case nil: break
        case .double(let seconds) where seconds.isFinite: createdAt = Date(timeIntervalSince1970: seconds)
        case .int(let seconds): createdAt = Date(timeIntervalSince1970: Double(seconds))
        default: return nil
        }
        var kind = Kind.update
        switch fields.removeValue(forKey: Self.kindKey) {
        case nil: break
        case .string(let raw):
            guard let parsed = Kind(rawValue: raw) else { return nil }
            kind = parsed
        default: return nil
        }
        self.init(documentId: documentId, kind: kind, fields: fields, createdAt: createdAt)
    }
}
