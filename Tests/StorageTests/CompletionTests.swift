// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The completion-handler and `Result` forms of the SDK, next to the `async` ones.
@Suite("Completion and Result forms", .timeLimit(.minutes(3)))
struct CompletionTests {
    /// Waits for the one call of a completion-based operation.
    private func outcome<Value: Sendable>(
        _ start: (@escaping @Sendable (Value) -> Void) -> Void
    ) async -> Value {
        await withCheckedContinuation { continuation in
            start { continuation.resume(returning: $0) }
        }
    }

    private func storedObject() async throws -> (Storage, StorageReference) {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "docs/a.txt")
        try await ref.putDataAsync(Data("hello".utf8))
        try await storage.reference(withPath: "docs/b.txt").putDataAsync(Data("b".utf8))
        return (storage, ref)
    }

    private func code(_ error: (any Error)?) -> StorageErrorCode? {
        (error as? StorageError)?.code
    }

    @Test func completionFormsReturnTheValues() async throws {
        let (_, ref) = try await storedObject()
        let url = await outcome { done in ref.downloadURL { url, error in done(url != nil && error == nil) } }
        #expect(url)
        let size = await outcome { done in ref.getMetadata { metadata, _ in done(metadata?.size) } }
        #expect(size == 5)
        var changes = StorageMetadata()
        changes.contentType = "text/plain"
        let type = await outcome { done in ref.updateMetadata(changes) { metadata, _ in done(metadata?.contentType) } }
        #expect(type == "text/plain")
        let folder = ref.parent()!
        let listed = await outcome { done in folder.list(maxResults: 1) { result, _ in done(result?.items.map(\.name)) }
        }
        #expect(listed == ["a.txt"])
        let all = await outcome { done in folder.listAll { result, _ in done(result?.items.map(\.name)) } }
        #expect(all == ["a.txt", "b.txt"])
        let deleted = await outcome { done in ref.delete { error in done(error == nil) } }
        #expect(deleted)
    }

    @Test func completionFormsReportErrorsByCase() async throws {
        let (_, storage) = try makeStorage()
        let missing = storage.reference(withPath: "missing")
        #expect(await outcome { done in missing.getMetadata { _, error in done(self.code(error)) } } == .objectNotFound)
        #expect(await outcome { done in missing.downloadURL { _, error in done(self.code(error)) } } == .objectNotFound)
        #expect(await outcome { done in missing.delete { error in done(self.code(error)) } } == .objectNotFound)
        #expect(
            await outcome { done in
                missing.list(maxResults: 0) { _, error in done(self.code(error)) }
            } == .invalidArgument)
    }

    @Test func resultFormsReturnTheValues() async throws {
        let (_, ref) = try await storedObject()
        let data = await outcome { done in
            ref.getData(maxSize: 100) { (result: Result<Data, any Error>) in done(try? result.get()) }
        }
        #expect(data == Data("hello".utf8))
        let uploaded = await outcome { done in
            ref.putData(Data("new".utf8)) { (result: Result<StorageMetadata, any Error>) in
                done((try? result.get())?.size)
            }
        }
        #expect(uploaded == 3)
        let metadata = await outcome { done in
            ref.getMetadata { (result: Result<StorageMetadata, any Error>) in done((try? result.get())?.name) }
        }
        #expect(metadata == "a.txt")
        let folder = ref.parent()!
        let all = await outcome { done in
            folder.listAll { (result: Result<StorageListResult, any Error>) in done((try? result.get())?.items.count) }
        }
        #expect(all == 2)
        let url = await outcome { done in
            ref.downloadURL { (result: Result<URL, any Error>) in done((try? result.get()) != nil) }
        }
        #expect(url)
    }

    @Test func resultFormsCarryTheErrorsCase() async throws {
        let (_, storage) = try makeStorage()
        let missing = storage.reference(withPath: "missing")
        let error = await outcome { done in
            missing.getData(maxSize: 10) { (result: Result<Data, any Error>) in
                if case .failure(let error) = result { done(self.code(error)) } else { done(nil) }
            }
        }
        #expect(error == .objectNotFound)
    }

    @Test func resultFormsOfFileTransfers() async throws {
        let (_, storage) = try makeStorage()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flint-storage-result-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("in.bin")
        try testBytes(1000).write(to: source)
        let ref = storage.reference(withPath: "files/in.bin")
        let size = await outcome { done in
            ref.putFile(from: source) { (result: Result<StorageMetadata, any Error>) in done((try? result.get())?.size)
            }
        }
        #expect(size == 1000)
        let target = folder.appendingPathComponent("out.bin")
        let written = await outcome { done in
            ref.write(toFile: target) { (result: Result<URL, any Error>) in done(try? result.get()) }
        }
        #expect(written == target)
        #expect(try Data(contentsOf: target) == testBytes(1000))
    }
}
