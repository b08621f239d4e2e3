// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation
import Testing

@testable import FlintAuth

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A LocalAuthBackend kept in a directory (`init(projectID:configuration:directory:now:)`, the emulator's
/// `--data-dir`): accounts and sessions survive a restart, and a change that cannot be written is undone.
@Suite struct LocalAuthBackendPersistenceTests {
    /// An I/O whose writes fail (a full disk).
    private static let fullDisk = PersistenceIO(write: { _, _ in throw POSIXError(.ENOSPC) })

    @Test func accountsSessionsAndClaimsSurviveARestart() async throws {
        let directory = try makeTemporaryDirectory()
        let first = try LocalAuthBackend(projectID: "demo", directory: directory)
        let session = try await first.signUp(email: adaEmail, password: adaPassword)
        try first.updateAccount(uid: session.account.uid, .init(customClaims: ["admin": true]))
        let anonymous = try await first.signUpAnonymously()

        let second = try LocalAuthBackend(projectID: "demo", directory: directory)
        #expect(second.accounts.map(\.uid).sorted() == [session.account.uid, anonymous.account.uid].sorted())
        let signedIn = try await second.signIn(email: "ADA@example.com", password: adaPassword)
        #expect(signedIn.account.uid == session.account.uid)
        let refreshed = try await second.refreshSession(refreshToken: session.refreshToken)
        #expect(refreshed.account.uid == session.account.uid)
        let claims = try LocalJWT.decode([String: AuthClaimValue].self, from: refreshed.idToken)
        #expect(claims["admin"] == true)
        #expect(try await second.lookup(idToken: anonymous.idToken).isAnonymous)
    }

    @Test func deletionsSurviveARestart() async throws {
        let directory = try makeTemporaryDirectory()
        let first = try LocalAuthBackend(projectID: "demo", directory: directory)
        let session = try await first.signUp(email: adaEmail, password: adaPassword)
        _ = try await first.signUp(email: graceEmail, password: adaPassword)
        try await first.deleteAccount(idToken: session.idToken)
        #expect(try LocalAuthBackend(projectID: "demo", directory: directory).accounts.map(\.email) == [graceEmail])
        try first.deleteAllAccounts()
        #expect(try LocalAuthBackend(projectID: "demo", directory: directory).accounts.isEmpty)
    }

    @Test func aChangeThatCannotBeWrittenFailsAndIsUndone() async throws {
        let directory = try makeTemporaryDirectory()
        let url = directory.appendingPathComponent("accounts.json")
        let kept = try LocalAuthBackend(projectID: "demo", directory: directory)
        _ = try await kept.signUp(email: graceEmail, password: adaPassword)

        let failing = try LocalAuthBackend(
            projectID: "demo", configuration: .init(),
            file: LocalAuthFile(url: url, projectID: "demo", io: Self.fullDisk), now: { Date() })
        await #expect(throws: AuthErrorCode.internalError) {
            try await failing.signUp(email: adaEmail, password: adaPassword)
        }
        #expect(failing.account(email: adaEmail) == nil)
        #expect(throws: AuthErrorCode.internalError) { try failing.deleteAllAccounts() }
        #expect(failing.accounts.map(\.email) == [graceEmail])
        // The file still holds what was acknowledged.
        #expect(try LocalAuthBackend(projectID: "demo", directory: directory).accounts.map(\.email) == [graceEmail])
    }

    @Test func aFIFOInPlaceOfTheFileFailsAtOnce() throws {
        let directory = try makeTemporaryDirectory()
        try #require(mkfifo(directory.appendingPathComponent("accounts.json").path, 0o600) == 0)
        #expect(throws: AuthErrorCode.internalError) { try LocalAuthBackend(projectID: "demo", directory: directory) }
    }

    @Test func aDamagedFileOrOneOfAnotherProjectIsRefused() async throws {
        let directory = try makeTemporaryDirectory()
        let other = try LocalAuthBackend(projectID: "other", directory: directory)
        _ = try await other.signUp(email: adaEmail, password: adaPassword)
        #expect(throws: AuthErrorCode.internalError) { try LocalAuthBackend(projectID: "demo", directory: directory) }

        try Data("{\"version\":1,".utf8).write(to: directory.appendingPathComponent("accounts.json"))
        #expect(throws: AuthErrorCode.internalError) { try LocalAuthBackend(projectID: "other", directory: directory) }
    }
}
