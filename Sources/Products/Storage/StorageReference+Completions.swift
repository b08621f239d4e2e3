// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The SDK's completion-handler forms of the operations that are not tasks. Each runs the `async` form in a new
/// task and calls `completion` once, from that task, with the value or the error.
extension StorageReference {
    /// ``downloadURL()`` with a completion: the URL, or the error.
    public func downloadURL(completion: @escaping @Sendable (URL?, (any Error)?) -> Void) {
        complete(completion) { try await $0.downloadURL() }
    }

    /// ``getMetadata()`` with a completion: the metadata, or the error.
    public func getMetadata(completion: @escaping @Sendable (StorageMetadata?, (any Error)?) -> Void) {
        complete(completion) { try await $0.getMetadata() }
    }

    /// ``updateMetadata(_:)`` with a completion: the new metadata, or the error.
    public func updateMetadata(
        _ metadata: StorageMetadata,
        completion: (@Sendable (StorageMetadata?, (any Error)?) -> Void)?
    ) {
        complete(completion ?? { _, _ in }) { try await $0.updateMetadata(metadata) }
    }

    /// ``delete()`` with a completion: nil on success, or the error.
    public func delete(completion: (@Sendable ((any Error)?) -> Void)?) {
        complete({ (_: Void?, error) in completion?(error) }) { try await $0.delete() }
    }

    /// ``list(maxResults:)`` with a completion: the page, or the error.
    public func list(maxResults: Int64, completion: @escaping @Sendable (StorageListResult?, (any Error)?) -> Void) {
        complete(completion) { try await $0.list(maxResults: maxResults) }
    }

    /// ``list(maxResults:pageToken:)`` with a completion: the page, or the error.
    public func list(
        maxResults: Int64, pageToken: String,
        completion: @escaping @Sendable (StorageListResult?, (any Error)?) -> Void
    ) {
        complete(completion) { try await $0.list(maxResults: maxResults, pageToken: pageToken) }
    }

    /// ``listAll()`` with a completion: every folder and object, or the error.
    public func listAll(completion: @escaping @Sendable (StorageListResult?, (any Error)?) -> Void) {
        complete(completion) { try await $0.listAll() }
    }

    /// Runs `operation` in a new task and hands its outcome to `completion`.
    private func complete<Value: Sendable>(
        _ completion: @escaping @Sendable (Value?, (any Error)?) -> Void,
        _ operation: @escaping @Sendable (StorageReference) async throws -> Value
    ) {
        Task { [self] in
            do {
                completion(try await operation(self), nil)
            } catch {
                completion(nil, error)
            }
        }
    }
}
