// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A request path as its segments, each percent-decoded on its own (so an encoded `/` stays inside its
/// segment and never moves a name into another part of the path).
enum EmulatorPathSegments {
    /// The segments of `path` (`/v1/projects/p/installations` is `["v1", "projects", "p", "installations"]`);
    /// nil when a segment is not valid percent-encoding, is empty (a `//` or a trailing `/`), or is `.` or `..`.
    static func split(_ path: String) -> [String]? {
        guard path.hasPrefix("/") else { return nil }
        var segments: [String] = []
        for raw in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let segment = raw.removingPercentEncoding, !segment.isEmpty, segment != ".", segment != ".."
            else { return nil }
            segments.append(segment)
        }
        return segments
    }
}
