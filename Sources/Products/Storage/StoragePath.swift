// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Path and URL rules of Storage references, as Firebase's `StoragePath`: paths have no leading, trailing
/// or repeated slashes; `gs://bucket/path` names a bucket and an object.
enum StoragePath {
    /// `path` without empty components: `"/a//b/"` → `"a/b"`.
    static func normalize(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
    }

    /// `child` appended to `path`, both normalized.
    static func appending(_ child: String, to path: String) -> String {
        let child = normalize(child)
        if child.isEmpty { return path }
        return path.isEmpty ? child : "\(path)/\(child)"
    }

    /// The parent of a normalized path; nil for the root (`""`).
    static func parent(of path: String) -> String? {
        guard !path.isEmpty else { return nil }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The last component of a normalized path (`""` for the root).
    static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The bucket and normalized path of a download URL: `http(s)://{host}/v0/b/{bucket}` (the root, with or
    /// without a trailing slash) or `http(s)://{host}/v0/b/{bucket}/o/{path}` where the path may be
    /// percent-encoded whole (`a%2Fb`) or in segments (`a/b`), as in the SDK's `StoragePath`; the query (e.g.
    /// `?alt=media&token=…`) is ignored. Nil for anything else.
    static func parse(httpURL url: String) -> (bucket: String, path: String)? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", components.host?.isEmpty == false
        else { return nil }
        let parts = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
        // "", "v0", "b", bucket[, "o"[, path…]]
        guard parts.count >= 4, parts[0].isEmpty, parts[1] == "v0", parts[2] == "b", !parts[3].isEmpty,
            let bucket = String(parts[3]).removingPercentEncoding
        else { return nil }
        let rest = parts.dropFirst(4)
        if rest.isEmpty || rest.elementsEqual([""]) { return (bucket, "") }
        guard rest.first == "o", let path = rest.dropFirst().joined(separator: "/").removingPercentEncoding
        else { return nil }
        return (bucket, normalize(path))
    }

    /// The bucket and normalized path of `gs://bucket/path` (the path may be empty); nil for anything else.
    static func parse(gsURL url: String) -> (bucket: String, path: String)? {
        guard url.hasPrefix("gs://") else { return nil }
        let rest = url.dropFirst("gs://".count)
        let bucket = rest.prefix { $0 != "/" }
        guard !bucket.isEmpty else { return nil }
        return (String(bucket), normalize(String(rest.dropFirst(bucket.count))))
    }

    /// The bucket and normalized path of a `gs://` or download URL, as the SDK's `StoragePath.path(string:)`.
    ///
    /// - Throws: ``StorageError/pathError(message:)`` with the SDK's message: for another scheme, a `gs://` URL
    ///   without a bucket, or an `http(s)://` URL not of the form `/v0/b/{bucket}/o/{path}`.
    static func parse(_ url: String) throws(StorageError) -> (bucket: String, path: String) {
        if url.hasPrefix("gs://") {
            guard let parsed = parse(gsURL: url) else {
                throw StorageError(
                    .pathError,
                    message: "Internal error: URI must be in the form of gs://<bucket>/<path/to/object>")
            }
            return parsed
        }
        if url.hasPrefix("http://") || url.hasPrefix("https://") {
            guard let parsed = parse(httpURL: url) else {
                throw StorageError(
                    .pathError,
                    message:
                        "Internal error: URL must be in the form of http[s]://<host>/v0/b/<bucket>/o/<path/to/object>[?token=signed_url_params]"
                )
            }
            return parsed
        }
        throw StorageError(
            .pathError, message: "Internal error: URL scheme must be one of gs://, http://, or https://")
    }
}
