// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

#if canImport(Combine) || canImport(OpenCombine)
    import FlintStorage
    import Foundation

    // Storage's futures (FirebaseCombineSwift's `StorageReference+Combine.swift`) and the task progress publisher.

    extension StorageError: CombineFailure {
        static func wrapping(_ error: any Error) -> StorageError {
            error as? StorageError ?? StorageError(.unknown, message: "\(error)")
        }
    }

    extension StorageTask {
        /// The task's progress: a snapshot for each `progress` event, in order (the publisher form of
        /// `observe(.progress)`, ``StorageTask/progressUpdates`` as a publisher).
        ///
        /// It finishes when the task succeeds and fails with the task's ``StorageError`` when it fails
        /// (`cancelled` when the task is cancelled or its app deleted: an unfinished transfer is a failure).
        /// Each subscription observes the task with observers of its own from its first demand; cancelling it
        /// removes them (the task goes on).
        public func progressPublisher() -> AnyPublisher<StorageTaskSnapshot, StorageError> {
            .streaming { self.progressUpdates }
        }
    }

    extension StorageReference {
        // MARK: - Uploads

        /// Uploads `data` (`putData(_:metadata:completion:)`) and publishes the stored metadata. The upload
        /// starts at once. Chosen by its type (`ref.putData(data)` alone stays the task-returning call).
        @_disfavoredOverload @discardableResult
        public func putData(_ data: Data, metadata: StorageMetadata? = nil) -> Future<StorageMetadata, StorageError> {
            .started { try await self.putDataAsync(data, metadata: metadata) }
        }

        /// Uploads the file at `fileURL` (`putFile(from:metadata:completion:)`) and publishes the stored
        /// metadata. The upload starts at once.
        @_disfavoredOverload @discardableResult
        public func putFile(from fileURL: URL, metadata: StorageMetadata? = nil) -> Future<
            StorageMetadata, StorageError
        > {
            .started { try await self.putFileAsync(from: fileURL, metadata: metadata) }
        }

        // MARK: - Downloads

        /// Downloads the object into memory (at most `size` bytes, else ``StorageErrorCode/downloadSizeExceeded``)
        /// and publishes its bytes. The download starts at once.
        @_disfavoredOverload @discardableResult
        public func getData(maxSize size: Int64) -> Future<Data, StorageError> {
            .started { try await self.data(maxSize: size) }
        }

        /// Downloads the object into the file at `fileURL` (`write(toFile:completion:)`) and publishes
        /// `fileURL`. The download starts at once.
        @_disfavoredOverload @discardableResult
        public func write(toFile fileURL: URL) -> Future<URL, StorageError> {
            .started { try await self.writeAsync(toFile: fileURL) }
        }

        /// ``StorageReference/downloadURL()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func downloadURL() -> Future<URL, StorageError> {
            .started { try await self.downloadURL() }
        }

        // MARK: - Listing

        /// ``StorageReference/listAll()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func listAll() -> Future<StorageListResult, StorageError> {
            .started { try await self.listAll() }
        }

        /// ``StorageReference/list(maxResults:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func list(maxResults: Int64) -> Future<StorageListResult, StorageError> {
            .started { try await self.list(maxResults: maxResults) }
        }

        /// ``StorageReference/list(maxResults:pageToken:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func list(maxResults: Int64, pageToken: String) -> Future<StorageListResult, StorageError> {
            .started { try await self.list(maxResults: maxResults, pageToken: pageToken) }
        }

        // MARK: - Metadata

        /// ``StorageReference/getMetadata()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func getMetadata() -> Future<StorageMetadata, StorageError> {
            .started { try await self.getMetadata() }
        }

        /// ``StorageReference/updateMetadata(_:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func updateMetadata(_ metadata: StorageMetadata) -> Future<StorageMetadata, StorageError> {
            .started { try await self.updateMetadata(metadata) }
        }

        // MARK: - Delete

        /// ``StorageReference/delete()`` as a `Future`, started at once: `true` once the object is deleted
        /// (FirebaseCombineSwift's `Future<Bool, Error>`).
        @_disfavoredOverload @discardableResult
        public func delete() -> Future<Bool, StorageError> {
            .started {
                try await self.delete() as Void
                return true
            }
        }
    }
#endif
