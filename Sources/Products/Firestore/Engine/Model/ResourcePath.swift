// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A slash-separated path of a document or collection, relative to the database root
/// (`users/ada/posts/p1`). Compared and hashed segment by segment, by UTF-8 bytes.
struct ResourcePath: Sendable, Hashable, CustomStringConvertible {
    /// The path's segments, none of them empty.
    let segments: [String]

    /// A path of the given segments.
    init(_ segments: [String]) {
        self.segments = segments
    }

    /// The database root (no segments).
    static let root = ResourcePath([])

    /// Parses `path`: segments separated by `/`. One leading and one trailing slash are ignored; `//` anywhere
    /// (also `//a` or `a//`) is an error, as in the SDK's `ResourcePath::FromString`. Each segment must also be
    /// an ID the backend accepts (``segmentError(_:)``).
    static func parse(_ path: String) -> Result<ResourcePath, FirestoreError> {
        if path.contains("//") {
            return .failure(
                FirestoreError(
                    .invalidArgument,
                    "Invalid path (\(path)). Paths must not contain // in them."))
        }
        var text = Substring(path)
        if text.hasPrefix("/") { text = text.dropFirst() }
        if text.hasSuffix("/") { text = text.dropLast() }
        if text.isEmpty { return .success(.root) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for part in parts {
            if let error = segmentError(part) { return .failure(error) }
        }
        return .success(ResourcePath(parts))
    }

    /// The longest document or collection ID the backend accepts, in UTF-8 bytes.
    static let maxSegmentBytes = 1_500

    /// Why the backend would reject `segment` as a document or collection ID
    /// (https://firebase.google.com/docs/firestore/quotas#collections_documents_and_fields): empty, longer
    /// than 1,500 bytes, `.` or `..`, or matching `__.*__` other than the numeric-ID escape `__id<int64>__`.
    static func segmentError(_ segment: String) -> FirestoreError? {
        let bytes = segment.utf8.count
        if bytes == 0 {
            return FirestoreError(.invalidArgument, "Invalid path: document and collection IDs must not be empty.")
        }
        if bytes > maxSegmentBytes {
            return FirestoreError(
                .invalidArgument,
                "Invalid document or collection ID of \(bytes) bytes: IDs must "
                    + "be no longer than \(maxSegmentBytes) bytes.")
        }
        if segment == "." || segment == ".." {
            return FirestoreError(
                .invalidArgument,
                "Invalid document or collection ID '\(segment)': IDs cannot "
                    + "solely consist of a single period (.) or double periods (..).")
        }
        if bytes >= 4, segment.hasPrefix("__"), segment.hasSuffix("__"), !isNumericIDEscape(segment) {
            return FirestoreError(
                .invalidArgument,
                "Invalid document or collection ID '\(segment)': IDs cannot "
                    + "match __.*__ (reserved by Firestore).")
        }
        return nil
    }

    /// `__id<int64>__`: how the backend escapes a numeric ID; allowed despite matching `__.*__`.
    private static func isNumericIDEscape(_ segment: String) -> Bool {
        numericID(segment) != nil
    }

    /// The number of a numeric-ID segment `__id<int64>__` (`__id7__`, `__id-2__`), or nil. Such IDs sort
    /// before every other ID, by their number (the SDK's `BasePath::CompareSegments`; its integration test
    /// `snapshotListenerSortsQueryByDocumentIdInTheSameOrderAsServer` pins the backend's order).
    @inline(__always)
    static func numericID(_ segment: String) -> Int64? {
        let utf8 = segment.utf8
        // Fast rejection: almost no segment starts with `_`.
        guard utf8.count > 6, utf8.first == UInt8(ascii: "_") else { return nil }
        return numericIDSlow(utf8)
    }

    private static func numericIDSlow(_ utf8: String.UTF8View) -> Int64? {
        let bytes = Array(utf8)
        let underscore = UInt8(ascii: "_")
        guard bytes[1] == underscore, bytes[2] == UInt8(ascii: "i"), bytes[3] == UInt8(ascii: "d"),
            bytes[bytes.count - 1] == underscore, bytes[bytes.count - 2] == underscore
        else { return nil }
        var digits = bytes[4..<(bytes.count - 2)]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var magnitude: UInt64 = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times, overflowTimes) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowSum else { return nil }
            magnitude = sum
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    /// One segment against another: numeric IDs (``numericID(_:)``) first, by number; then the rest by
    /// UTF-8 bytes. Two spellings of one number (`__id7__`, `__id07__`) fall back to their bytes, so the
    /// order stays consistent with equality.
    @inline(__always)
    static func compareSegments(_ lhs: String, _ rhs: String) -> Int {
        let left = numericID(lhs)
        let right = numericID(rhs)
        switch (left, right) {
        case (nil, nil):
            return compareUTF8(lhs, rhs)
        case (.some, nil):
            return -1
        case (nil, .some):
            return 1
        case (.some(let left), .some(let right)):
            if left != right { return left < right ? -1 : 1 }
            return compareUTF8(lhs, rhs)
        }
    }

    /// The number of segments.
    var count: Int { segments.count }
    /// Whether the path has no segments.
    var isEmpty: Bool { segments.isEmpty }
    /// A document path has an even, non-zero number of segments.
    var isDocument: Bool { !segments.isEmpty && segments.count % 2 == 0 }
    /// A collection path has an odd number of segments.
    var isCollection: Bool { segments.count % 2 == 1 }
    /// The last segment (a document or collection ID).
    var lastSegment: String { segments.last ?? "" }
    /// The path without its last segment.
    var parent: ResourcePath { ResourcePath(Array(segments.dropLast())) }
    /// For a document path: the ID of the collection that holds it.
    var collectionID: String { segments.count >= 2 ? segments[segments.count - 2] : "" }

    /// This path followed by `other`'s segments.
    func appending(_ other: ResourcePath) -> ResourcePath {
        ResourcePath(segments + other.segments)
    }

    /// This path followed by one segment.
    func appending(_ segment: String) -> ResourcePath {
        ResourcePath(segments + [segment])
    }

    /// Whether `self` is `other` or a path below it.
    func isPrefix(of other: ResourcePath) -> Bool {
        guard segments.count <= other.segments.count else { return false }
        for index in segments.indices where !equalUTF8(segments[index], other.segments[index]) {
            return false
        }
        return true
    }

    /// Whether the document at `self` sits directly in the collection `collection`.
    func isDirectChild(of collection: ResourcePath) -> Bool {
        segments.count == collection.segments.count + 1 && collection.isPrefix(of: self)
    }

    /// Segment-wise comparison (``compareSegments(_:_:)``: numeric IDs first, the rest by UTF-8 bytes); a
    /// prefix sorts first.
    static func compare(_ lhs: ResourcePath, _ rhs: ResourcePath) -> Int {
        let common = min(lhs.segments.count, rhs.segments.count)
        for index in 0..<common {
            let result = compareSegments(lhs.segments[index], rhs.segments[index])
            if result != 0 { return result }
        }
        return lhs.segments.count == rhs.segments.count ? 0 : (lhs.segments.count < rhs.segments.count ? -1 : 1)
    }

    /// Byte-wise equality, last segment (usually the most distinctive) first. Swift's `==` on strings runs
    /// first as a fast filter: strings it finds different always differ in their bytes too.
    static func == (lhs: ResourcePath, rhs: ResourcePath) -> Bool {
        let count = lhs.segments.count
        guard count == rhs.segments.count else { return false }
        var index = count - 1
        while index >= 0 {
            let left = lhs.segments[index]
            let right = rhs.segments[index]
            guard left == right, left.utf8.count == right.utf8.count, equalUTF8(left, right) else { return false }
            index -= 1
        }
        return true
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(segments.count)
        for segment in segments {
            var segment = segment
            segment.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// `a/b/c`.
    var description: String { segments.joined(separator: "/") }
}
