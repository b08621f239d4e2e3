// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

#if canImport(Combine) || canImport(OpenCombine)
    import FlintInstallations

    // Installations' publisher and futures (FirebaseCombineSwift has none; the seed's rules give their names).

    extension InstallationsError: CombineFailure {
        static func wrapping(_ error: any Error) -> InstallationsError {
            error as? InstallationsError ?? InstallationsError(.unknown, message: "\(error)")
        }
    }

    extension Installations {
        /// The new installation ID after each change: its creation, `delete()`, a registration under a new ID
        /// (the publisher form of `addInstallationIDChangeListener(_:)`, ``Installations/installationIDChanges``
        /// as a publisher).
        ///
        /// Each subscription registers its own listener at its first demand and removes it when cancelled; it
        /// finishes when the app is deleted.
        public func installationIDChangePublisher() -> AnyPublisher<String, Never> {
            .listening(
                { send in self.addInstallationIDChangeListener(send) }, finishingWith: { self.installationIDChanges })
        }

        /// ``Installations/installationID()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func installationID() -> Future<String, InstallationsError> {
            .started { try await self.installationID() }
        }

        /// ``Installations/authToken()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func authToken() -> Future<InstallationsAuthTokenResult, InstallationsError> {
            .started { try await self.authToken() }
        }

        /// ``Installations/authToken(forcingRefresh:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func authToken(forcingRefresh: Bool) -> Future<InstallationsAuthTokenResult, InstallationsError> {
            .started { try await self.authToken(forcingRefresh: forcingRefresh) }
        }

        /// ``Installations/delete()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func delete() -> Future<Void, InstallationsError> {
            .started { try await self.delete() }
        }
    }
#endif
