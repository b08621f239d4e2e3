// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintStorage
import Foundation

/// Firebase Storage's JSON object resource, both ways: the metadata the service answers (numbers as decimal
/// strings, RFC 3339 times, custom metadata under `metadata`, the download tokens under `downloadTokens`) and the
/// metadata a client sends (an upload's, or a `PATCH`'s changes).
enum StorageObjectJSON {
    /// The writable fields of the resource, by key.
    private static let writableKeys = [
        "cacheControl", "contentDisposition", "contentEncoding", "contentLanguage", "contentType",
    ]

    /// The resource of `metadata` (its SDK dictionary form, with the numbers as decimal strings), with
    /// `downloadTokens` (comma-separated) when given.
    static func resource(of metadata: StorageMetadata, downloadTokens: String?) -> [String: Any] {
        var object: [String: Any] = metadata.dictionaryRepresentation().mapValues(\.base)
        object["name"] = metadata.path ?? ""
        object["size"] = "\(metadata.size)"
        object["generation"] = "\(metadata.generation)"
        object["metageneration"] = "\(metadata.metageneration)"
        object["storageClass"] = "STANDARD"
        object["etag"] = "\(metadata.generation)-\(metadata.metageneration)"
        if let downloadTokens { object["downloadTokens"] = downloadTokens }
        return object
    }

    /// An upload's metadata: the writable fields and `md5Hash` of `object` (values of another type are a 400).
    static func uploadMetadata(from object: [String: Any]) throws(EmulatorHTTPError) -> StorageMetadata {
        var metadata = StorageMetadata()
        for key in writableKeys + ["md5Hash"] {
            guard let value = object[key], !(value is NSNull) else { continue }
            guard let text = value as? String else { throw notAString(key) }
            set(key, text, on: &metadata)
        }
        if let custom = object["metadata"], !(custom is NSNull) {
            guard let custom = custom as? [String: Any] else { throw invalid("metadata is not an object") }
            var strings: [String: String] = [:]
            for (key, value) in custom where !(value is NSNull) {
                guard let text = value as? String else { throw notAString("metadata.\(key)") }
                strings[key] = text
            }
            metadata.customMetadata = strings
        }
        return metadata
    }

    /// The changes of a `PATCH` body: each writable field present is set (`null` clears it); `metadata` changes
    /// custom metadata key by key (a `null` value removes the key; `metadata: null` removes them all).
    static func changes(from object: [String: Any]) throws(EmulatorHTTPError) -> StorageMetadata {
        var changes = StorageMetadata()
        if let custom = object["metadata"] {
            if custom is NSNull {
                changes.customMetadata = nil
            } else {
                guard let custom = custom as? [String: Any] else { throw invalid("metadata is not an object") }
                var sets: [String: String] = [:]
                var removals: [String: String] = [:]
                for (key, value) in custom {
                    if value is NSNull {
                        removals[key] = ""
                    } else if let text = value as? String {
                        sets[key] = text
                    } else {
                        throw notAString("metadata.\(key)")
                    }
                }
                // The keys to remove are the "original" custom metadata of the changes, so that they read as
                // removed and the keys set as changed.
                changes = StorageMetadata(dictionary: ["metadata": removals as AnyHashable])
                changes.customMetadata = sets
            }
        }
        for key in writableKeys {
            guard let value = object[key] else { continue }
            if value is NSNull {
                set(key, nil, on: &changes)
            } else if let text = value as? String {
                set(key, text, on: &changes)
            } else {
                throw notAString(key)
            }
        }
        return changes
    }

    private static func set(_ key: String, _ value: String?, on metadata: inout StorageMetadata) {
        switch key {
        case "cacheControl": metadata.cacheControl = value
        case "contentDisposition": metadata.contentDisposition = value
        case "contentEncoding": metadata.contentEncoding = value
        case "contentLanguage": metadata.contentLanguage = value
        case "contentType": metadata.contentType = value
        case "md5Hash": metadata.md5Hash = value
        default: break
        }
    }

    private static func notAString(_ key: String) -> EmulatorHTTPError {
        invalid("\(key) is not a string")
    }

    private static func invalid(_ message: String) -> EmulatorHTTPError {
        EmulatorHTTPError(.badRequest, "Invalid argument: \(message).")
    }
}
