// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The SDK's dictionary form of ``StorageMetadata`` (the keys of the REST resource).
extension StorageMetadata {
    /// Metadata read from the SDK's dictionary form, as `StorageMetadata(dictionary:)` does: `bucket`, `name` (the
    /// ``path``), `size`, `generation` and `metageneration` (numbers or decimal strings), `timeCreated` and
    /// `updated` (RFC 3339, with `Z` or an offset such as `+0000` or `-07:00`), `md5Hash`, the writable fields
    /// and `metadata` (the ``customMetadata``). Unknown keys and values of another type are ignored. No field
    /// counts as set for ``StorageReference/updateMetadata(_:)``.
    public init(dictionary: [String: AnyHashable]) {
        self = StorageMetadataJSON.metadata(from: dictionary)
    }

    /// The SDK's dictionary form (what ``init(dictionary:)`` reads back): `bucket`, the fields that are set
    /// (`size` as a number, `generation` and `metageneration` as decimal strings, each only when not 0; times
    /// as RFC 3339 with milliseconds in UTC), `name` for the ``path`` and `metadata` for the ``customMetadata``.
    public func dictionaryRepresentation() -> [String: AnyHashable] {
        var object = StorageMetadataJSON.resource(of: self)
        object["downloadTokens"] = nil
        object["size"] = size != 0 ? size : nil
        if generation == 0 { object["generation"] = nil }
        if metageneration == 0 { object["metageneration"] = nil }
        return object.compactMapValues { $0 as? AnyHashable }
    }

    /// Whether this is a folder's metadata: always false, as in the SDK (listing gives folders as references,
    /// ``StorageListResult/prefixes``).
    public var isFolder: Bool { false }
}
