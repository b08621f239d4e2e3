// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

#if canImport(Combine) || canImport(OpenCombine)
    import FlintFirestore

    // Firestore's publishers and futures (FirebaseCombineSwift's `DocumentReference+Combine.swift`,
    // `Query+Combine.swift`, `CollectionReference+Combine.swift`, `WriteBatch+Combine.swift`,
    // `Transaction+Combine.swift`).

    extension FirestoreError: CombineFailure {
        static func wrapping(_ error: any Error) -> FirestoreError {
            error as? FirestoreError ?? FirestoreError(.unknown, "\(error)")
        }

        /// How a snapshot listener's error ends a publisher: `cancelled` (the instance was terminated or its
        /// app deleted) finishes it, as the app's deletion finishes every Flint stream; anything else fails it.
        static func snapshotCompletion(_ error: any Error) -> Subscribers.Completion<FirestoreError> {
            let error = wrapping(error)
            return error.code == .cancelled ? .finished : .failure(error)
        }
    }

    extension DocumentReference {
        // MARK: - Publisher

        /// The document now, then after every change: the publisher form of
        /// `addSnapshotListener(includeMetadataChanges:_:)` (Firebase's `snapshotPublisher(includeMetadataChanges:)`).
        ///
        /// ```swift
        /// db.document("rooms/lobby").snapshotPublisher()
        ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0.data() ?? [:]) })
        ///     .store(in: &cancellables)
        /// ```
        ///
        /// Each subscription registers its own listener at its first demand and removes it when cancelled. A
        /// listener error (`permissionDenied`, an invalid reference) fails the publisher with that
        /// ``FirestoreError``; `terminate()` or the app's deletion finishes it.
        public func snapshotPublisher(includeMetadataChanges: Bool = false) -> AnyPublisher<
            DocumentSnapshot, FirestoreError
        > {
            .streaming(
                { self.snapshots(includeMetadataChanges: includeMetadataChanges) },
                completion: FirestoreError.snapshotCompletion)
        }

        // MARK: - Futures

        /// ``DocumentReference/setData(_:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func setData(_ data: [String: FirestoreValue]) -> Future<Void, FirestoreError> {
            .started { try await self.setData(data) }
        }

        /// ``DocumentReference/setData(_:merge:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func setData(_ data: [String: FirestoreValue], merge: Bool) -> Future<Void, FirestoreError> {
            .started { try await self.setData(data, merge: merge) }
        }

        /// ``DocumentReference/setData(_:mergeFields:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func setData(_ data: [String: FirestoreValue], mergeFields: [FieldPath]) -> Future<
            Void, FirestoreError
        > {
            .started { try await self.setData(data, mergeFields: mergeFields) }
        }

        /// ``DocumentReference/setData(from:merge:encoder:)`` as a `Future`: `value` is encoded at once (an encoding
        /// error fails the future), then written.
        @_disfavoredOverload @discardableResult
        public func setData<T: Encodable>(from value: T, merge: Bool = false) -> Future<Void, FirestoreError> {
            let fields: [String: FirestoreValue]
            do {
                fields = try Firestore.Encoder().encode(value)
            } catch {
                return Future { $0(.failure(.wrapping(error))) }
            }
            return .started { try await self.setData(fields, merge: merge) }
        }

        /// ``DocumentReference/updateData(_:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func updateData(_ fields: [FieldPath: FirestoreValue]) -> Future<Void, FirestoreError> {
            .started { try await self.updateData(fields) }
        }

        /// ``DocumentReference/delete()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func delete() -> Future<Void, FirestoreError> {
            .started { try await self.delete() }
        }

        /// ``DocumentReference/getDocument()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func getDocument() -> Future<DocumentSnapshot, FirestoreError> {
            .started { try await self.getDocument() }
        }

        /// ``DocumentReference/getDocument(source:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func getDocument(source: FirestoreSource) -> Future<DocumentSnapshot, FirestoreError> {
            .started { try await self.getDocument(source: source) }
        }
    }

    extension Query {
        /// The query's results now, then after every change: the publisher form of
        /// `addSnapshotListener(includeMetadataChanges:_:)` (Firebase's `snapshotPublisher(includeMetadataChanges:)`).
        ///
        /// Each subscription registers its own listener at its first demand and removes it when cancelled. A
        /// listener error (`permissionDenied`, an invalid query) fails the publisher with that
        /// ``FirestoreError``; `terminate()` or the app's deletion finishes it.
        public func snapshotPublisher(includeMetadataChanges: Bool = false) -> AnyPublisher<
            QuerySnapshot, FirestoreError
        > {
            .streaming(
                { self.snapshots(includeMetadataChanges: includeMetadataChanges) },
                completion: FirestoreError.snapshotCompletion)
        }

        /// ``Query/getDocuments()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func getDocuments() -> Future<QuerySnapshot, FirestoreError> {
            .started { try await self.getDocuments() }
        }

        /// ``Query/getDocuments(source:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func getDocuments(source: FirestoreSource) -> Future<QuerySnapshot, FirestoreError> {
            .started { try await self.getDocuments(source: source) }
        }
    }

    extension CollectionReference {
        /// ``CollectionReference/addDocument(data:)`` as a `Future`, started at once: the new document's reference.
        @_disfavoredOverload @discardableResult
        public func addDocument(data: [String: FirestoreValue]) -> Future<DocumentReference, FirestoreError> {
            .started { try await self.addDocument(data: data) }
        }

        /// ``CollectionReference/addDocument(from:encoder:)`` as a `Future`: `value` is encoded at once (an encoding
        /// error fails the future), then added.
        @_disfavoredOverload @discardableResult
        public func addDocument<T: Encodable>(from value: T) -> Future<DocumentReference, FirestoreError> {
            let fields: [String: FirestoreValue]
            do {
                fields = try Firestore.Encoder().encode(value)
            } catch {
                return Future { $0(.failure(.wrapping(error))) }
            }
            return .started { try await self.addDocument(data: fields) }
        }
    }

    extension AggregateQuery {
        /// ``AggregateQuery/getAggregation(source:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func getAggregation(source: AggregateSource) -> Future<AggregateQuerySnapshot, FirestoreError> {
            .started { try await self.getAggregation(source: source) }
        }
    }

    extension WriteBatch {
        /// ``WriteBatch/commit()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func commit() -> Future<Void, FirestoreError> {
            .started { try await self.commit() }
        }
    }

    extension Firestore {
        /// The snapshots-in-sync events: one at the first demand, then one each time every snapshot listener of
        /// this instance is in sync (the publisher form of `addSnapshotsInSyncListener(_:)`).
        ///
        /// Each subscription registers its own listener and removes it when cancelled; `terminate()` or the
        /// app's deletion finishes it.
        public func snapshotsInSyncPublisher() -> AnyPublisher<Void, Never> {
            .streaming({ self.snapshotsInSync }, completion: { _ in .finished })
        }

        /// ``Firestore/runTransaction(maxAttempts:_:)`` as a `Future`, started at once: the block's value once
        /// the writes are committed. The block may run several times (see the async call).
        @_disfavoredOverload @discardableResult
        public func runTransaction<T>(
            maxAttempts: Int = 5,
            _ updateBlock: @escaping @Sendable (Transaction) async throws -> T
        ) -> Future<T, FirestoreError> {
            .started { try await self.runTransaction(maxAttempts: maxAttempts, updateBlock) }
        }

        /// ``Firestore/waitForPendingWrites()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func waitForPendingWrites() -> Future<Void, FirestoreError> {
            .started { try await self.waitForPendingWrites() }
        }
    }
#endif
