// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

#if canImport(Combine) || canImport(OpenCombine)
    import FlintDatabase
    import Foundation

    // The Realtime Database's publishers and futures (FirebaseCombineSwift's `DatabaseReference+Combine.swift`
    // has only `setValue(from:encoder:)`; the others follow the same rules).

    extension DatabaseError: CombineFailure {
        static func wrapping(_ error: any Error) -> DatabaseError {
            error as? DatabaseError ?? DatabaseError(.unknown, "\(error)")
        }
    }

    extension DatabaseQuery {
        // MARK: - Publishers

        /// The data the query selects: once at first, then after every change (the publisher form of
        /// `observe(.value, with:withCancel:)`, ``DatabaseQuery/value`` as a publisher).
        ///
        /// ```swift
        /// db.reference(withPath: "game/score").valuePublisher()
        ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0.value ?? "none") })
        ///     .store(in: &cancellables)
        /// ```
        ///
        /// Each subscription registers its own observer at its first demand and removes it when cancelled. A
        /// refusal by the security rules (``DatabaseErrorCode/permissionDenied``) or an invalid query fails it;
        /// the app's deletion finishes it.
        public func valuePublisher() -> AnyPublisher<DataSnapshot, DatabaseError> {
            .streaming { self.value }
        }

        /// The query's child events: a `childAdded` per child at first, in order, then each change's
        /// removals, additions, moves and changes (the publisher form of `observe(.childAdded…)` and its
        /// siblings, ``DatabaseQuery/events()`` as a publisher). Same lifetime as ``valuePublisher()``.
        public func eventPublisher() -> AnyPublisher<DatabaseEvent, DatabaseError> {
            .streaming { self.events() }
        }

        // MARK: - Futures

        /// ``DatabaseQuery/getData()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func getData() -> Future<DataSnapshot, DatabaseError> {
            .started { try await self.getData() }
        }
    }

    extension DatabaseReference {
        /// `setValue(_:)` as a `Future`, started at once (the write is applied locally before this returns).
        @_disfavoredOverload @discardableResult
        public func setValue(_ value: Any?) -> Future<Void, DatabaseError> {
            .completing { complete in
                self.setValue(value, withCompletionBlock: { error, _ in complete(Self.result(error)) })
            }
        }

        /// `setValue(_:andPriority:)` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func setValue(_ value: Any?, andPriority priority: Any?) -> Future<Void, DatabaseError> {
            .completing { complete in
                self.setValue(
                    value, andPriority: priority, withCompletionBlock: { error, _ in complete(Self.result(error)) })
            }
        }

        /// `setValue(from:encoder:)` as a `Future` (FirebaseCombineSwift's): `value` is encoded at once (an
        /// encoding error fails the future), then written.
        @_disfavoredOverload @discardableResult
        public func setValue<T: Encodable>(from value: T, encoder: Database.Encoder = Database.Encoder()) -> Future<
            Void, DatabaseError
        > {
            .completing { complete in
                do {
                    try self.setValue(
                        from: value, encoder: encoder, completion: { error in complete(Self.result(error)) })
                } catch {
                    complete(.failure(error))
                }
            }
        }

        /// ``DatabaseReference/removeValue()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func removeValue() -> Future<Void, DatabaseError> {
            .completing { complete in
                self.removeValue(withCompletionBlock: { error, _ in complete(Self.result(error)) })
            }
        }

        /// `updateChildValues(_:)` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func updateChildValues(_ values: [String: Any?]) -> Future<Void, DatabaseError> {
            .completing { complete in
                self.updateChildValues(values, withCompletionBlock: { error, _ in complete(Self.result(error)) })
            }
        }

        /// ``DatabaseReference/runTransactionBlock(_:)`` as a `Future`, started at once: whether the
        /// transaction committed (false when `block` aborted) and the location's data then.
        @_disfavoredOverload @discardableResult
        public func runTransactionBlock(_ block: @escaping @Sendable (MutableData) -> TransactionResult) -> Future<
            (Bool, DataSnapshot), DatabaseError
        > {
            .started { try await self.runTransactionBlock(block) }
        }

        /// A completion block's error as a result.
        private static func result(_ error: (any Error)?) -> Result<Void, any Error> {
            error.map { .failure($0) } ?? .success(())
        }
    }
#endif
