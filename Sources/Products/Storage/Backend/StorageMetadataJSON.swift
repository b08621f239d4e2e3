// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Firebase Storage's JSON form of object metadata (the REST API's `/v0/b/{bucket}/o/{path}` resource):
/// numbers as strings, RFC 3339 times, custom metadata under `metadata`.
enum StorageMetadataJSON {
    /// The metadata of a resource object.
    static func metadata(from object: [String: Any]) -> StorageMetadata {
        var metadata = StorageMetadata()
        metadata.bucket = object["bucket"] as? String ?? ""
        metadata.path = object["name"] as? String
        metadata.size = int64(object["size"])
        metadata.generation = int64(object["generation"])
        metadata.metageneration = int64(object["metageneration"])
        metadata.timeCreated = date(object["timeCreated"])
        metadata.updated = date(object["updated"])
        metadata.md5Hash = object["md5Hash"] as? String
        metadata.downloadTokens = object["downloadTokens"] as? String
        metadata.cacheControl = object["cacheControl"] as? String
        metadata.contentDisposition = object["contentDisposition"] as? String
        metadata.contentEncoding = object["contentEncoding"] as? String
        metadata.contentLanguage = object["contentLanguage"] as? String
        metadata.contentType = object["contentType"] as? String
        metadata.customMetadata = object["metadata"] as? [String: String]
        metadata.changed = []
        return metadata
    }

    /// The metadata of a JSON body.
    /// - Throws: ``StorageError`` `unknown` for a body that is not a JSON object.
    static func metadata(from body: Data) throws(StorageError) -> StorageMetadata {
        metadata(from: try object(from: body))
    }

    /// A JSON object body.
    static func object(from body: Data) throws(StorageError) -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            throw StorageError(.unknown, message: "The server's answer is not a JSON object.")
        }
        return object
    }

    /// The writable fields set on `metadata` (nil as JSON null: cleared; with `onlyChanged`, the custom metadata
    /// as its key changes), plus `name` and `md5Hash` when given.
    static func body(of metadata: StorageMetadata?, name: String? = nil, onlyChanged: Bool) -> Data {
        var object: [String: Any] = [:]
        if let name { object["name"] = name }
        if let metadata {
            let fields: [(StorageMetadata.Field, String, Any?)] = [
                (.cacheControl, "cacheControl", metadata.cacheControl),
                (.contentDisposition, "contentDisposition", metadata.contentDisposition),
                (.contentEncoding, "contentEncoding", metadata.contentEncoding),
                (.contentLanguage, "contentLanguage", metadata.contentLanguage),
                (.contentType, "contentType", metadata.contentType),
                (.customMetadata, "metadata", metadata.customMetadata),
            ]
            for (field, key, value) in fields where !onlyChanged || metadata.changed.contains(field) {
                if onlyChanged, field == .customMetadata, let keyChanges = metadata.customMetadataChanges {
                    // Key by key, as the SDK: the server keeps the keys not named.
                    if !keyChanges.isEmpty { object[key] = keyChanges.mapValues { $0.map { $0 as Any } ?? NSNull() } }
                } else if let value {
                    object[key] = value
                } else if onlyChanged {
                    object[key] = NSNull()
                }
            }
            if let md5Hash = metadata.md5Hash { object["md5Hash"] = md5Hash }
        }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    /// Every field of `metadata` as the REST resource object (what ``metadata(from:)-(_:[String:Any])`` reads back).
    static func resource(of metadata: StorageMetadata) -> [String: Any] {
        var object: [String: Any] = [
            "bucket": metadata.bucket, "size": "\(metadata.size)",
            "generation": "\(metadata.generation)",
            "metageneration": "\(metadata.metageneration)",
        ]
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let optional: [(String, Any?)] = [
            ("name", metadata.path), ("md5Hash", metadata.md5Hash), ("downloadTokens", metadata.downloadTokens),
            ("cacheControl", metadata.cacheControl), ("contentDisposition", metadata.contentDisposition),
            ("contentEncoding", metadata.contentEncoding), ("contentLanguage", metadata.contentLanguage),
            ("contentType", metadata.contentType), ("metadata", metadata.customMetadata),
            ("timeCreated", metadata.timeCreated.map(formatter.string(from:))),
            ("updated", metadata.updated.map(formatter.string(from:))),
        ]
        for (key, value) in optional { if let value { object[key] = value } }
        return object
    }

    private static func int64(_ value: Any?) -> Int64 {
        if let string = value as? String { return Int64(string) ?? 0 }
        if let number = value as? NSNumber { return number.int64Value }
        return 0
    }

    /// An RFC 3339 time, with or without fractional seconds, its offset `Z`, `+07:00` or `+0700`.
    private static func date(_ value: Any?) -> Date? {
        guard let string = value as? String else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: string) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: string)
    }
}
