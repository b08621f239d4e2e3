// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

#if canImport(Combine) || canImport(OpenCombine)
    import FlintRemoteConfig
    import Foundation

    // Remote Config's publisher and futures (FirebaseCombineSwift has none; the seed's rules give their names).

    extension RemoteConfigError: CombineFailure {
        static func wrapping(_ error: any Error) -> RemoteConfigError {
            error as? RemoteConfigError ?? RemoteConfigError(.unknown, message: "\(error)")
        }
    }

    extension RemoteConfigUpdateError: CombineFailure {
        static func wrapping(_ error: any Error) -> RemoteConfigUpdateError {
            error as? RemoteConfigUpdateError ?? RemoteConfigUpdateError(.streamError, message: "\(error)")
        }
    }

    extension RemoteConfigCustomSignalsError: CombineFailure {
        static func wrapping(_ error: any Error) -> RemoteConfigCustomSignalsError {
            error as? RemoteConfigCustomSignalsError ?? RemoteConfigCustomSignalsError(.unknown, message: "\(error)")
        }
    }

    extension RemoteConfig {
        /// Real-time config updates: each holds the keys that differ between the newly fetched and the active
        /// config (the publisher form of `addOnConfigUpdateListener(remoteConfigUpdateCompletion:)`,
        /// ``RemoteConfig/updates`` as a publisher). The app still calls `activate()`.
        ///
        /// Each subscription registers its own listener at its first demand (opening the real-time
        /// connection with the first one) and removes it when cancelled (closing the connection with the
        /// last one). It fails with a ``RemoteConfigUpdateError`` when the connection fails or an announced
        /// template cannot be fetched, and finishes when the app is deleted.
        public func configUpdatePublisher() -> AnyPublisher<RemoteConfigUpdate, RemoteConfigUpdateError> {
            .streaming { self.updates }
        }

        /// ``RemoteConfig/fetch()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func fetch() -> Future<RemoteConfigFetchStatus, RemoteConfigError> {
            .started { try await self.fetch() }
        }

        /// ``RemoteConfig/fetch(withExpirationDuration:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func fetch(withExpirationDuration expirationDuration: TimeInterval) -> Future<
            RemoteConfigFetchStatus, RemoteConfigError
        > {
            .started { try await self.fetch(withExpirationDuration: expirationDuration) }
        }

        /// ``RemoteConfig/activate()`` as a `Future`, started at once: whether the active config changed.
        @_disfavoredOverload @discardableResult
        public func activate() -> Future<Bool, RemoteConfigError> {
            .started { try await self.activate() }
        }

        /// ``RemoteConfig/fetchAndActivate()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func fetchAndActivate() -> Future<RemoteConfigFetchAndActivateStatus, RemoteConfigError> {
            .started { try await self.fetchAndActivate() }
        }

        /// ``RemoteConfig/ensureInitialized()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func ensureInitialized() -> Future<Void, RemoteConfigError> {
            .started { try await self.ensureInitialized() }
        }

        /// ``RemoteConfig/setCustomSignals(_:)`` as a `Future`, started at once: fails with
        /// ``RemoteConfigCustomSignalsError`` `limitExceeded` as the async call does, and then changes nothing.
        @_disfavoredOverload @discardableResult
        public func setCustomSignals(
            _ customSignals: [String: CustomSignalValue?]
        ) -> Future<Void, RemoteConfigCustomSignalsError> {
            .started { try await self.setCustomSignals(customSignals) }
        }
    }
#endif
