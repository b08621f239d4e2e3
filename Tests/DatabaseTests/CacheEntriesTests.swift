// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Testing

@testable import FlintDatabase

/// The disk cache's values by location (`DatabaseCacheEntries`): a location's value replaces what was cached at
/// and below it, and copies are independent.
@Suite("Database cache entries")
struct CacheEntriesTests {
    private func path(_ string: String) -> DatabasePath {
        DatabasePath(keys: string.split(separator: "/").map(String.init))
    }

    private func number(_ value: Double) -> DatabaseNode {
        DatabaseNode(.number(value))
    }

    private func summary(_ entries: DatabaseCacheEntries) -> [String] {
        entries.byAge.map { "\($0.path) \($0.sequence)" }
    }

    @Test("a value replaces what was cached at and below its location, and keeps what is above or beside it")
    func storeReplacesBelow() {
        var entries = DatabaseCacheEntries()
        entries.store(number(1), sequence: 0, at: path("a"))
        entries.store(number(2), sequence: 1, at: path("a/b/c"))
        entries.store(number(3), sequence: 2, at: path("a/b/d"))
        entries.store(number(4), sequence: 3, at: path("x"))
        entries.store(number(5), sequence: 4, at: path("a/b"))
        #expect(summary(entries) == ["/a 0", "/x 3", "/a/b 4"])
        entries.store(number(6), sequence: 5, at: .root)
        #expect(summary(entries) == ["/ 5"])
        #expect(entries.nextSequence == 6)
    }

    @Test("removing a location returns the entries at and below it, and nothing for a location with none")
    func removeAllReturnsTheSubtree() {
        var entries = DatabaseCacheEntries()
        entries.store(number(1), sequence: 0, at: path("a"))
        entries.store(number(2), sequence: 1, at: path("b/c"))
        entries.store(number(3), sequence: 2, at: path("b/d/e"))
        #expect(entries.removeAll(at: path("q/r")).isEmpty)
        let removed = entries.removeAll(at: path("b")).map { "\($0.path)" }.sorted()
        #expect(removed == ["/b/c", "/b/d/e"])
        #expect(summary(entries) == ["/a 0"])
        #expect(entries.removeAll(at: path("a")).map(\.sequence) == [0])
        #expect(entries.isEmpty)
        #expect(entries.nextSequence == 0)
    }

    @Test("a copy is independent: changing it leaves the original as it was (compaction trims a copy)")
    func copiesAreIndependent() {
        var original = DatabaseCacheEntries()
        original.store(number(1), sequence: 0, at: path("a/b"))
        original.store(number(2), sequence: 1, at: path("a/c"))
        var copy = original
        _ = copy.removeAll(at: path("a/b"))
        copy.store(number(3), sequence: 2, at: path("a/c/d"))
        #expect(summary(original) == ["/a/b 0", "/a/c 1"])
        #expect(summary(copy) == ["/a/c 1", "/a/c/d 2"])
    }
}
