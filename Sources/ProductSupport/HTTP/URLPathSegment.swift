// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Percent-encoding of one URL path segment taken from outside (a project ID, an installation ID, a
/// namespace): everything but unreserved characters is encoded, so the value can never add a segment,
/// a query or change the host.
public enum URLPathSegment {
    private static let allowed: CharacterSet = {
        var set = CharacterSet()
        set.insert(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return set
    }()

    /// `value` with every character but `A-Z a-z 0-9 - . _ ~` percent-encoded; `.` and `..` are encoded too.
    public static func encode(_ value: String) -> String {
        if value == "." { return "%2E" }
        if value == ".." { return "%2E%2E" }
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
