// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

#if canImport(Combine) || canImport(OpenCombine)
    import FlintMessaging

    // Cloud Messaging's publishers and futures (FirebaseCombineSwift has none; the seed's rules give their names).

    extension MessagingError: CombineFailure {
        static func wrapping(_ error: any Error) -> MessagingError {
            error as? MessagingError ?? MessagingError(.unknown, message: "\(error)")
        }
    }

    extension Messaging {
        // MARK: - Publishers

        /// The FCM registration token each time it changes (the publisher form of `addTokenListener(_:)`,
        /// ``Messaging/tokenUpdates`` as a publisher). A deletion is not sent; it does not replay the current
        /// token (read `fcmToken` or call `token()`).
        ///
        /// Each subscription registers its own listener at its first demand and removes it when cancelled; it
        /// finishes when the app is deleted.
        public func tokenPublisher() -> AnyPublisher<String, Never> {
            .listening(
                { send in self.addTokenListener { token in if let token { send(token) } } },
                finishingWith: { self.tokenUpdates })
        }

        /// The messages received while the app runs, in order (the publisher form of
        /// `addForegroundMessageListener(_:)`, ``Messaging/foregroundMessages`` as a publisher). Same lifetime
        /// as ``tokenPublisher()``.
        public func foregroundMessagePublisher() -> AnyPublisher<MessagingRemoteMessage, Never> {
            .streaming({ self.foregroundMessages }, completion: { _ in .finished })
        }

        // MARK: - Futures

        /// ``Messaging/token()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func token() -> Future<String, MessagingError> {
            .started { try await self.token() }
        }

        /// ``Messaging/deleteToken()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func deleteToken() -> Future<Void, MessagingError> {
            .started { try await self.deleteToken() }
        }

        /// ``Messaging/subscribe(toTopic:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func subscribe(toTopic topic: String) -> Future<Void, MessagingError> {
            .started { try await self.subscribe(toTopic: topic) }
        }

        /// ``Messaging/unsubscribe(fromTopic:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func unsubscribe(fromTopic topic: String) -> Future<Void, MessagingError> {
            .started { try await self.unsubscribe(fromTopic: topic) }
        }

        /// ``Messaging/retrieveFCMToken(forSenderID:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func retrieveFCMToken(forSenderID senderID: String) -> Future<String, MessagingError> {
            .started { try await self.retrieveFCMToken(forSenderID: senderID) }
        }

        /// ``Messaging/deleteData()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func deleteData() -> Future<Void, MessagingError> {
            .started { try await self.deleteData() }
        }

        /// ``Messaging/register()`` as a `Future`, started at once (the installation-ID flow).
        @_disfavoredOverload @discardableResult
        public func register() -> Future<Void, MessagingError> {
            .started { try await self.register() }
        }

        /// ``Messaging/unregister()`` as a `Future`, started at once (the installation-ID flow).
        @_disfavoredOverload @discardableResult
        public func unregister() -> Future<Void, MessagingError> {
            .started { try await self.unregister() }
        }

        /// ``Messaging/deleteFCMToken(forSenderID:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func deleteFCMToken(forSenderID senderID: String) -> Future<Void, MessagingError> {
            .started { try await self.deleteFCMToken(forSenderID: senderID) }
        }
    }
#endif
