// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

@Suite("Listing")
struct ListTests {
    /// A bucket with `a/1`, `a/2`, `a/3`, `a/sub/x`, `a/sub2/y` and `b`.
    private func populated() async throws -> Storage {
        let (_, storage) = try makeStorage()
        for path in ["a/1", "a/2", "a/3", "a/sub/x", "a/sub2/y", "b"] {
            try await storage.reference(withPath: path).putDataAsync(Data(path.utf8))
        }
        return storage
    }

    @Test func listAllReturnsPrefixesAndItems() async throws {
        let storage = try await populated()
        let result = try await storage.reference(withPath: "a").listAll()
        #expect(result.items.map(\.fullPath) == ["a/1", "a/2", "a/3"])
        #expect(result.prefixes.map(\.fullPath) == ["a/sub", "a/sub2"])
        #expect(result.pageToken == nil)
        let root = try await storage.reference().listAll()
        #expect(root.items.map(\.fullPath) == ["b"])
        #expect(root.prefixes.map(\.fullPath) == ["a"])
    }

    @Test func listPagesWithPageTokens() async throws {
        let storage = try await populated()
        let ref = storage.reference(withPath: "a")
        let first = try await ref.list(maxResults: 2)
        #expect(first.items.map(\.fullPath) == ["a/1", "a/2"])
        let token = try #require(first.pageToken)
        let second = try await ref.list(maxResults: 2, pageToken: token)
        #expect(second.items.map(\.fullPath) == ["a/3"])
        #expect(second.prefixes.map(\.fullPath) == ["a/sub"])
        let secondToken = try #require(second.pageToken)
        let third = try await ref.list(maxResults: 2, pageToken: secondToken)
        #expect(third.prefixes.map(\.fullPath) == ["a/sub2"])
        #expect(third.items.isEmpty)
        #expect(third.pageToken == nil)
    }

    @Test func maxResultsOutOfRangeIsInvalidArgument() async throws {
        let (_, storage) = try makeStorage()
        #expect(await storageErrorCode { _ = try await storage.reference().list(maxResults: 0) } == .invalidArgument)
        #expect(await storageErrorCode { _ = try await storage.reference().list(maxResults: 1001) } == .invalidArgument)
    }
}
