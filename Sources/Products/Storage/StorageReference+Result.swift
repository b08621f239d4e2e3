// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The SDK's `Result` forms of the completion-handler operations (`Result.swift` in FirebaseStorage): the same
/// operation, with one `Result` instead of an optional value and an optional error.
extension StorageReference {
    /// ``downloadURL(completion:)`` with a `Result`.
    public func downloadURL(completion: @escaping @Sendable (Result<URL, any Error>) -> Void) {
        downloadURL(completion: Self.resultCallback(completion))
    }

    /// ``getData(maxSize:completion:)`` with a `Result`.
    @discardableResult
    public func getData(
        maxSize: Int64,
        completion: @escaping @Sendable (Result<Data, any Error>) -> Void
    ) -> StorageDownloadTask {
        getData(maxSize: maxSize, completion: Self.resultCallback(completion))
    }

    /// ``getMetadata(completion:)`` with a `Result`.
    public func getMetadata(completion: @escaping @Sendable (Result<StorageMetadata, any Error>) -> Void) {
        getMetadata(completion: Self.resultCallback(completion))
    }

    /// ``list(maxResults:pageToken:completion:)`` with a `Result`.
    public func list(
        maxResults: Int64, pageToken: String,
        completion: @escaping @Sendable (Result<StorageListResult, any Error>) -> Void
    ) {
        list(maxResults: maxResults, pageToken: pageToken, completion: Self.resultCallback(completion))
    }

    /// ``list(maxResults:completion:)`` with a `Result`.
    public func list(maxResults: Int64, completion: @escaping @Sendable (Result<StorageListResult, any Error>) -> Void)
    {
        list(maxResults: maxResults, completion: Self.resultCallback(completion))
    }

    /// ``listAll(completion:)`` with a `Result`.
    public func listAll(completion: @escaping @Sendable (Result<StorageListResult, any Error>) -> Void) {
        listAll(completion: Self.resultCallback(completion))
    }

    /// ``putData(_:metadata:completion:)`` with a `Result`.
    @discardableResult
    public func putData(
        _ data: Data, metadata: StorageMetadata? = nil,
        completion: @escaping @Sendable (Result<StorageMetadata, any Error>) -> Void
    ) -> StorageUploadTask {
        putData(data, metadata: metadata, completion: Self.resultCallback(completion))
    }

    /// ``putFile(from:metadata:completion:)`` with a `Result`.
    @discardableResult
    public func putFile(
        from fileURL: URL, metadata: StorageMetadata? = nil,
        completion: @escaping @Sendable (Result<StorageMetadata, any Error>) -> Void
    ) -> StorageUploadTask {
        putFile(from: fileURL, metadata: metadata, completion: Self.resultCallback(completion))
    }

    /// ``updateMetadata(_:completion:)`` with a `Result`.
    public func updateMetadata(
        _ metadata: StorageMetadata,
        completion: @escaping @Sendable (Result<StorageMetadata, any Error>) -> Void
    ) {
        updateMetadata(metadata, completion: Self.resultCallback(completion))
    }

    /// ``write(toFile:completion:)`` with a `Result`.
    @discardableResult
    public func write(
        toFile fileURL: URL,
        completion: @escaping @Sendable (Result<URL, any Error>) -> Void
    ) -> StorageDownloadTask {
        write(toFile: fileURL, completion: Self.resultCallback(completion))
    }

    /// Turns a `Result` completion into the (value, error) form. Neither value nor error (which Flint never
    /// produces) is reported as `unknown` (the SDK: `internalError`).
    private static func resultCallback<Value: Sendable>(
        _ completion: @escaping @Sendable (Result<Value, any Error>) -> Void
    ) -> @Sendable (Value?, (any Error)?) -> Void {
        { value, error in
            if let value {
                completion(.success(value))
            } else {
                completion(.failure(error ?? StorageError(.unknown, message: "Internal failure in getResultCallback")))
            }
        }
    }
}
