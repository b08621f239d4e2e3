// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

#if canImport(Combine) || canImport(OpenCombine)
    import FlintAppCheck

    // App Check's publisher and futures (FirebaseCombineSwift has none; the seed's rules give their names).

    extension AppCheckError: CombineFailure {
        static func wrapping(_ error: any Error) -> AppCheckError {
            error as? AppCheckError ?? AppCheckError(.unknown, failureReason: "\(error)", underlyingError: error)
        }
    }

    extension AppCheck {
        /// Every new token App Check obtains for its cache (the publisher form of
        /// `addTokenDidChangeListener(_:)`, ``AppCheck/tokenChanges`` as a publisher). It does not start with
        /// the cached token: ask `token(forcingRefresh:)`.
        ///
        /// Each subscription registers its own listener at its first demand and removes it when cancelled; it
        /// finishes when the app is deleted.
        public func tokenDidChangePublisher() -> AnyPublisher<AppCheckToken, Never> {
            .listening({ send in self.addTokenDidChangeListener(send) }, finishingWith: { self.tokenChanges })
        }

        /// ``AppCheck/token(forcingRefresh:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func token(forcingRefresh: Bool) -> Future<AppCheckToken, AppCheckError> {
            .started { try await self.token(forcingRefresh: forcingRefresh) }
        }

        /// ``AppCheck/limitedUseToken()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func limitedUseToken() -> Future<AppCheckToken, AppCheckError> {
            .started { try await self.limitedUseToken() }
        }
    }
#endif
