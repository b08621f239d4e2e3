// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

/// The lock around a ``LocalAuthBackend``'s store, which also keeps the store's file when the backend persists
/// (`LocalAuthBackend.init(projectID:configuration:directory:now:)`).
///
/// ``withLock(_:)`` reads or changes what is never persisted (settings, simulated errors); ``persisting(_:)``
/// runs a request: when it changed the accounts or the sessions of a persistent backend, the new state is
/// written durably before the request is acknowledged, and a state that cannot be written is undone and the
/// request fails with ``AuthErrorCode/internalError``. The file I/O runs under the lock (no user code runs there).
final class LocalAuthStoreLock: Sendable {
    private struct State {
        var store: LocalAuthStore
        /// What the file holds (nil when the backend keeps nothing).
        var saved: LocalAuthSnapshot?
    }

    private let state: Locked<State>
    private let file: LocalAuthFile?

    /// A lock around `store`; with a file, `store` is what the file holds.
    init(_ store: LocalAuthStore, file: LocalAuthFile? = nil) {
        self.file = file
        state = Locked(State(store: store, saved: file.map { _ in LocalAuthSnapshot(store) }))
    }

    /// Runs `body` on the store under the lock; what it changes is not persisted.
    func withLock<Result, Failure: Error>(_ body: (inout LocalAuthStore) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        try state.withLock { state throws(Failure) in try body(&state.store) }
    }

    /// Runs a request's `body` on the store under the lock, persisting the accounts and sessions it changed before
    /// returning.
    ///
    /// - Throws: what `body` throws (nothing is saved then: requests fail before they change anything), or
    ///   ``AuthErrorCode/internalError`` when the changed state cannot be written (it is then undone).
    func persisting<Result>(_ body: (inout LocalAuthStore) throws(AuthErrorCode) -> Result) throws(AuthErrorCode)
        -> Result
    {
        try state.withLock { state throws(AuthErrorCode) in
            guard let file, let saved = state.saved else { return try body(&state.store) }
            let before = state.store
            let result = try body(&state.store)
            let now = LocalAuthSnapshot(state.store)
            guard now != saved else { return result }
            do throws(AuthErrorCode) {
                try file.save(now)
            } catch {
                state.store = before
                throw error
            }
            state.saved = now
            return result
        }
    }
}

/// What a persistent ``LocalAuthBackend`` keeps across runs: the accounts (with their passwords and custom
/// claims) and the sessions (refresh tokens). Out-of-band codes and failed sign-in attempts are not kept.
struct LocalAuthSnapshot: Codable, Equatable {
    var records: [String: LocalAuthStore.Record]
    var grants: [String: LocalAuthStore.RefreshGrant]

    init(_ store: LocalAuthStore) {
        records = store.records
        grants = store.grants
    }

    /// `store` with these accounts and sessions (its email index rebuilt).
    func restore(into store: inout LocalAuthStore) {
        store.records = records
        store.grants = grants
        store.uidsByEmail = [:]
        for (uid, record) in records {
            if let email = record.account.email { store.uidsByEmail[email.lowercased()] = uid }
        }
    }
}

/// The file of a persistent ``LocalAuthBackend``: `accounts.json` in its directory, replaced durably (a new file
/// beside it, `fsync`, rename) on every change.
struct LocalAuthFile: Sendable {
    private struct Contents: Codable {
        var version: Int
        var projectID: String
        var state: LocalAuthSnapshot
    }

    /// The largest file read (256 MiB).
    static let maximumSize = 256 << 20
    /// The file's location.
    let url: URL
    /// The project whose accounts the file holds; a file of another project is refused.
    let projectID: String
    /// How the file is written (tests inject failures).
    var io: PersistenceIO = .standard

    /// What the file holds, or nil when there is no file yet.
    ///
    /// - Throws: ``AuthErrorCode/internalError`` when something other than a regular file is there, or the
    ///   file cannot be read, is over ``maximumSize``, is damaged or belongs to another project.
    func load() throws(AuthErrorCode) -> LocalAuthSnapshot? {
        let data: Data?
        do {
            data = try SavedFile.contents(of: url, maximumSize: Self.maximumSize)
        } catch {
            throw .internalError
        }
        guard let data else { return nil }
        guard let contents = try? JSONDecoder().decode(Contents.self, from: data), contents.version == 1,
            contents.projectID == projectID
        else { throw .internalError }
        return contents.state
    }

    /// Replaces the file with `state`, durably.
    ///
    /// - Throws: ``AuthErrorCode/internalError`` when it cannot be written (the old file is then untouched).
    func save(_ state: LocalAuthSnapshot) throws(AuthErrorCode) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(Contents(version: 1, projectID: projectID, state: state))
            try io.replaceFile(at: url, with: data).close()
        } catch {
            throw .internalError
        }
    }
}
