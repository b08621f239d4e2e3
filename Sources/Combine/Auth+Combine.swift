// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

#if canImport(Combine) || canImport(OpenCombine)
    import FlintAuth

    // Auth's publishers and futures (FirebaseCombineSwift's `Auth+Combine.swift` and `User+Combine.swift`).

    extension AuthErrorCode: CombineFailure {
        static func wrapping(_ error: any Error) -> AuthErrorCode {
            error as? AuthErrorCode ?? .internalError
        }
    }

    extension Auth {
        // MARK: - Publishers

        /// The signed-in user, now and after every sign-in, sign-out or user switch (nil when signed out): the
        /// publisher form of `addStateDidChangeListener(_:)` (Firebase's `authStateDidChangePublisher()`).
        ///
        /// ```swift
        /// auth.authStateDidChangePublisher()
        ///     .sink { user in user == nil ? showSignIn() : showHome() }
        ///     .store(in: &cancellables)
        /// ```
        ///
        /// Each subscription registers its own listener at its first demand and removes it when cancelled; every
        /// change reaches it, in order, on the thread that made the change (add `receive(on:)` for the main one).
        /// It finishes when the app is deleted (it watches ``Auth/authStateChanges`` for that).
        public func authStateDidChangePublisher() -> AnyPublisher<User?, Never> {
            .listening(
                { send in self.addStateDidChangeListener { _, user in send(user) } },
                finishingWith: { self.authStateChanges })
        }

        /// The signed-in user, now and after every change of the ID token (sign-in, sign-out, user switch,
        /// token refresh): the publisher form of `addIDTokenDidChangeListener(_:)` (Firebase's
        /// `idTokenDidChangePublisher()`).
        ///
        /// Each subscription registers its own listener at its first demand and removes it when cancelled; it
        /// finishes when the app is deleted (it watches ``Auth/idTokenChanges`` for that).
        public func idTokenDidChangePublisher() -> AnyPublisher<User?, Never> {
            .listening(
                { send in self.addIDTokenDidChangeListener { _, user in send(user) } },
                finishingWith: { self.idTokenChanges })
        }

        // MARK: - Futures

        /// ``Auth/createUser(withEmail:password:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func createUser(withEmail email: String, password: String) -> Future<AuthDataResult, AuthErrorCode> {
            .started { try await self.createUser(withEmail: email, password: password) }
        }

        /// ``Auth/signIn(withEmail:password:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func signIn(withEmail email: String, password: String) -> Future<AuthDataResult, AuthErrorCode> {
            .started { try await self.signIn(withEmail: email, password: password) }
        }

        /// ``Auth/signIn(withCustomToken:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func signIn(withCustomToken token: String) -> Future<AuthDataResult, AuthErrorCode> {
            .started { try await self.signIn(withCustomToken: token) }
        }

        /// ``Auth/signInAnonymously()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func signInAnonymously() -> Future<AuthDataResult, AuthErrorCode> {
            .started { try await self.signInAnonymously() }
        }

        /// ``Auth/updateCurrentUser(_:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func updateCurrentUser(_ user: User?) -> Future<Void, AuthErrorCode> {
            .started { try await self.updateCurrentUser(user) }
        }

        /// ``Auth/signOut()`` as a `Future`: signs out at once (synchronously, as `signOut()` does) and
        /// fulfills the future with the outcome. Chosen by its type: `try auth.signOut()` stays the throwing
        /// call; `auth.signOut().sink { … }` or `let signedOut: Future<Void, AuthErrorCode> = auth.signOut()`
        /// is this one.
        @_disfavoredOverload @discardableResult
        public func signOut() -> Future<Void, AuthErrorCode> {
            let result: Result<Void, AuthErrorCode>
            do {
                try signOut() as Void
                result = .success(())
            } catch {
                result = .failure(error)
            }
            return Future { promise in promise(result) }
        }

        /// ``Auth/sendPasswordReset(withEmail:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func sendPasswordReset(withEmail email: String) -> Future<Void, AuthErrorCode> {
            .started { try await self.sendPasswordReset(withEmail: email) }
        }

        /// ``Auth/sendPasswordReset(withEmail:actionCodeSettings:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func sendPasswordReset(withEmail email: String, actionCodeSettings: ActionCodeSettings) -> Future<
            Void, AuthErrorCode
        > {
            .started { try await self.sendPasswordReset(withEmail: email, actionCodeSettings: actionCodeSettings) }
        }

        /// ``Auth/sendSignInLink(toEmail:actionCodeSettings:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func sendSignInLink(toEmail email: String, actionCodeSettings: ActionCodeSettings) -> Future<
            Void, AuthErrorCode
        > {
            .started { try await self.sendSignInLink(toEmail: email, actionCodeSettings: actionCodeSettings) }
        }

        /// ``Auth/signIn(withEmail:link:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func signIn(withEmail email: String, link: String) -> Future<AuthDataResult, AuthErrorCode> {
            .started { try await self.signIn(withEmail: email, link: link) }
        }

        /// ``Auth/fetchSignInMethods(forEmail:)`` as a `Future`, started at once: the address's sign-in methods.
        @_disfavoredOverload @discardableResult
        public func fetchSignInMethods(forEmail email: String) -> Future<[String], AuthErrorCode> {
            .started { try await self.fetchSignInMethods(forEmail: email) }
        }

        /// ``Auth/verifyPasswordResetCode(_:)`` as a `Future`, started at once: the email the code was sent to.
        @_disfavoredOverload @discardableResult
        public func verifyPasswordResetCode(_ code: String) -> Future<String, AuthErrorCode> {
            .started { try await self.verifyPasswordResetCode(code) }
        }

        /// ``Auth/checkActionCode(_:)`` as a `Future`, started at once. (FirebaseCombineSwift labels its code
        /// `checkActionCode(code:)`; Flint keeps the async call's label, as for every other future.)
        @_disfavoredOverload @discardableResult
        public func checkActionCode(_ code: String) -> Future<ActionCodeInfo, AuthErrorCode> {
            .started { try await self.checkActionCode(code) }
        }

        /// ``Auth/applyActionCode(_:)`` as a `Future`, started at once. (FirebaseCombineSwift labels its code
        /// `applyActionCode(code:)`; Flint keeps the async call's label, as for every other future.)
        @_disfavoredOverload @discardableResult
        public func applyActionCode(_ code: String) -> Future<Void, AuthErrorCode> {
            .started { try await self.applyActionCode(code) }
        }

        /// ``Auth/confirmPasswordReset(withCode:newPassword:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func confirmPasswordReset(withCode code: String, newPassword: String) -> Future<Void, AuthErrorCode> {
            .started { try await self.confirmPasswordReset(withCode: code, newPassword: newPassword) }
        }

        /// ``Auth/signIn(with:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func signIn(with credential: AuthCredential) -> Future<AuthDataResult, AuthErrorCode> {
            .started { try await self.signIn(with: credential) }
        }

        /// ``Auth/revokeToken(withAuthorizationCode:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func revokeToken(withAuthorizationCode authorizationCode: String) -> Future<Void, AuthErrorCode> {
            .started { try await self.revokeToken(withAuthorizationCode: authorizationCode) }
        }
    }

    extension User {
        // MARK: - Futures (FirebaseCombineSwift's `User+Combine.swift`)

        /// ``User/link(with:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func link(with credential: AuthCredential) -> Future<AuthDataResult, AuthErrorCode> {
            .started { try await self.link(with: credential) }
        }

        /// ``User/unlink(fromProvider:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func unlink(fromProvider provider: String) -> Future<User, AuthErrorCode> {
            .started { try await self.unlink(fromProvider: provider) }
        }

        /// ``User/reauthenticate(with:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func reauthenticate(with credential: AuthCredential) -> Future<AuthDataResult, AuthErrorCode> {
            .started { try await self.reauthenticate(with: credential) }
        }

        /// ``User/reload()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func reload() -> Future<Void, AuthErrorCode> {
            .started { try await self.reload() }
        }

        /// ``User/delete()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func delete() -> Future<Void, AuthErrorCode> {
            .started { try await self.delete() }
        }

        /// ``User/updatePassword(to:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func updatePassword(to password: String) -> Future<Void, AuthErrorCode> {
            .started { try await self.updatePassword(to: password) }
        }

        /// ``User/sendEmailVerification(with:)`` as a `Future`, started at once (nil settings: the project's
        /// default page).
        @_disfavoredOverload @discardableResult
        public func sendEmailVerification(with actionCodeSettings: ActionCodeSettings? = nil) -> Future<
            Void, AuthErrorCode
        > {
            .started { try await self.sendEmailVerification(with: actionCodeSettings) }
        }

        /// ``User/sendEmailVerification(beforeUpdatingEmail:actionCodeSettings:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func sendEmailVerification(
            beforeUpdatingEmail email: String, actionCodeSettings: ActionCodeSettings? = nil
        ) -> Future<Void, AuthErrorCode> {
            .started {
                try await self.sendEmailVerification(beforeUpdatingEmail: email, actionCodeSettings: actionCodeSettings)
            }
        }

        /// ``User/getIDToken(forcingRefresh:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func getIDToken(forcingRefresh: Bool = false) -> Future<String, AuthErrorCode> {
            .started { try await self.getIDToken(forcingRefresh: forcingRefresh) }
        }

        /// ``User/getIDTokenResult(forcingRefresh:)`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func getIDTokenResult(forcingRefresh: Bool = false) -> Future<AuthTokenResult, AuthErrorCode> {
            .started { try await self.getIDTokenResult(forcingRefresh: forcingRefresh) }
        }
    }

    extension UserProfileChangeRequest {
        /// ``UserProfileChangeRequest/commitChanges()`` as a `Future`, started at once.
        @_disfavoredOverload @discardableResult
        public func commitChanges() -> Future<Void, AuthErrorCode> {
            .started { try await self.commitChanges() }
        }
    }
#endif
