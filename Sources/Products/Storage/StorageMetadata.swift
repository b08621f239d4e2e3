// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An object's metadata (Firebase's `StorageMetadata`): what the server keeps (``bucket``, ``path``,
/// ``size``, ``generation``, ``timeCreated``, …) and what a client may set (``contentType``,
/// ``cacheControl``, ``customMetadata``, …).
///
/// To upload with metadata, make one and set the writable fields. To change an object's metadata, pass one to
/// ``StorageReference/updateMetadata(_:)``: only the writable fields *set* on it are changed, and a field set
/// to nil is cleared, as in Firebase.
///
/// ```swift
/// var changes = StorageMetadata()
/// changes.cacheControl = nil                    // cleared
/// changes.customMetadata = ["reviewed": "yes"]  // replaces the custom metadata
/// let updated = try await ref.updateMetadata(changes)   // contentType unchanged
/// ```
public struct StorageMetadata: Sendable, Equatable {
    /// The writable fields.
    enum Field: Sendable, Hashable, CaseIterable {
        case cacheControl, contentDisposition, contentEncoding, contentLanguage, contentType, customMetadata
    }

    /// The bucket of the object.
    public internal(set) var bucket: String = ""
    /// The object's full path, e.g. `images/a.png`.
    public internal(set) var path: String?
    /// The object's name (the last path component), e.g. `a.png`.
    public var name: String? { path.map { StoragePath.lastComponent(of: $0) } }
    /// The size in bytes.
    public internal(set) var size: Int64 = 0
    /// The object's generation: a new value each time its content is written.
    public internal(set) var generation: Int64 = 0
    /// The metadata's generation: a new value each time its metadata changes, back to 1 with new content.
    public internal(set) var metageneration: Int64 = 0
    /// When the object was created.
    public internal(set) var timeCreated: Date?
    /// When the object or its metadata was last changed.
    public internal(set) var updated: Date?
    /// The base64 MD5 hash of the content. Set it on an upload's metadata to have the backend check the
    /// content against it (``StorageErrorCode/nonMatchingChecksum`` when they differ); it is not changed by
    /// ``StorageReference/updateMetadata(_:)``.
    public var md5Hash: String?
    /// The download tokens (for ``StorageReference/downloadURL()``), as the server keeps them.
    var downloadTokens: String?
    /// The reference of the object this metadata describes, for metadata that came from the backend (a
    /// finished upload, ``StorageReference/getMetadata()``, ``StorageReference/updateMetadata(_:)``, a download
    /// task's snapshots); nil for metadata you made. Not compared by `==`.
    public internal(set) var storageReference: StorageReference?

    /// `Cache-Control` for downloads.
    public var cacheControl: String? { didSet { changed.insert(.cacheControl) } }
    /// `Content-Disposition` for downloads.
    public var contentDisposition: String? { didSet { changed.insert(.contentDisposition) } }
    /// `Content-Encoding` for downloads.
    public var contentEncoding: String? { didSet { changed.insert(.contentEncoding) } }
    /// `Content-Language` for downloads.
    public var contentLanguage: String? { didSet { changed.insert(.contentLanguage) } }
    /// `Content-Type`, e.g. `image/png`.
    public var contentType: String? { didSet { changed.insert(.contentType) } }
    /// The user's own key-value pairs. An update changes the keys set to a new value and deletes the keys removed
    /// since the value came from the server (the server keeps the others), as the SDK sends them; set to nil, it
    /// clears them all.
    public var customMetadata: [String: String]? {
        didSet {
            if !changed.contains(.customMetadata) { originalCustomMetadata = oldValue }
            changed.insert(.customMetadata)
        }
    }

    /// The custom metadata before it was first set since this value was made: what an update's key changes are
    /// relative to.
    var originalCustomMetadata: [String: String]?

    /// The key changes of the custom metadata an update sends, as the SDK computes them: each key set to a new
    /// value, and nil for each key removed since ``originalCustomMetadata``. Nil when ``customMetadata`` is nil
    /// (every key cleared).
    var customMetadataChanges: [String: String?]? {
        guard let customMetadata else { return nil }
        var changes: [String: String?] = [:]
        for (key, value) in customMetadata where originalCustomMetadata?[key] != value { changes[key] = .some(value) }
        for key in (originalCustomMetadata ?? [:]).keys where customMetadata[key] == nil { changes[key] = .some(nil) }
        return changes
    }

    /// The writable fields set since this value was made (what an update sends).
    var changed: Set<Field> = []

    /// Empty metadata, to set writable fields on.
    public init() {}

    /// Whether this is an object's metadata (the server's answer for a file).
    public var isFile: Bool { path != nil }

    /// Every writable field of `other`, set or not: an upload's metadata, which the SDK sends whole.
    mutating func setWritableFields(from other: StorageMetadata) {
        cacheControl = other.cacheControl
        contentDisposition = other.contentDisposition
        contentEncoding = other.contentEncoding
        contentLanguage = other.contentLanguage
        contentType = other.contentType
        customMetadata = other.customMetadata
    }

    /// Copies the writable fields set on `changes` onto this metadata (nil clears; custom metadata by key, see
    /// ``customMetadataChanges``).
    mutating func apply(_ changes: StorageMetadata) {
        for field in changes.changed {
            switch field {
            case .cacheControl: cacheControl = changes.cacheControl
            case .contentDisposition: contentDisposition = changes.contentDisposition
            case .contentEncoding: contentEncoding = changes.contentEncoding
            case .contentLanguage: contentLanguage = changes.contentLanguage
            case .contentType: contentType = changes.contentType
            case .customMetadata:
                guard let keyChanges = changes.customMetadataChanges else {
                    customMetadata = nil
                    continue
                }
                guard !keyChanges.isEmpty else { continue }
                var merged = customMetadata ?? [:]
                for (key, value) in keyChanges { merged[key] = value }
                customMetadata = merged.isEmpty ? nil : merged
            }
        }
        changed = []
    }

    /// Equal when every field is (whether a field was set since creation does not count).
    public static func == (lhs: StorageMetadata, rhs: StorageMetadata) -> Bool {
        lhs.bucket == rhs.bucket && lhs.path == rhs.path && lhs.size == rhs.size
            && lhs.generation == rhs.generation && lhs.metageneration == rhs.metageneration
            && lhs.timeCreated == rhs.timeCreated && lhs.updated == rhs.updated && lhs.md5Hash == rhs.md5Hash
            && lhs.downloadTokens == rhs.downloadTokens && lhs.cacheControl == rhs.cacheControl
            && lhs.contentDisposition == rhs.contentDisposition && lhs.contentEncoding == rhs.contentEncoding
            && lhs.contentLanguage == rhs.contentLanguage && lhs.contentType == rhs.contentType
            && lhs.customMetadata == rhs.customMetadata
    }
}
