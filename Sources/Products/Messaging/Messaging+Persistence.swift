// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The saved state (``MessagingSettings/persistenceDirectory``): the token, its installation ID and an explicitly
/// set ``isAutoInitEnabled``.
extension Messaging {
    /// Reads the saved state into memory; returns the restored token. A file that cannot be read is reported
    /// in ``persistenceError`` and ignored (as Firebase does with an unreadable keychain entry).
    func restore() -> String? {
        guard let persistence else { return nil }
        return state.withLock { state -> String? in
            do throws(MessagingError) {
                guard let saved = try persistence.load(), saved.senderID == options.gcmSenderID,
                    saved.appID == options.googleAppID
                else { return nil }
                if let autoInit = saved.isAutoInitEnabled { state.explicitAutoInit = autoInit }
                guard let token = saved.token, let installationID = saved.installationID,
                    let fetchedAt = saved.fetchedAt, Date().timeIntervalSince(fetchedAt) < Self.tokenFreshness
                else { return nil }
                state.token = token
                state.tokenFetchedAt = fetchedAt
                state.request = MessagingRegistrationRequest(
                    senderID: options.gcmSenderID, appID: options.googleAppID,
                    projectID: options.projectID, apiKey: options.apiKey,
                    installationID: installationID, installationAuthToken: "")
                state.announced = token
                return token
            } catch {
                state.persistenceError = error
                return nil
            }
        }
    }

    /// Writes the state to the file (when persisting), recording the outcome in ``persistenceError``.
    func save(_ state: inout State) throws(MessagingError) {
        guard let persistence else { return }
        do {
            try persistence.save(
                MessagingPersistenceFile.Contents(
                    senderID: options.gcmSenderID, appID: options.googleAppID, token: state.token,
                    installationID: state.request?.installationID, isAutoInitEnabled: state.explicitAutoInit,
                    fetchedAt: state.token == nil ? nil : state.tokenFetchedAt))
            state.persistenceError = nil
        } catch {
            state.persistenceError = error
            throw error
        }
    }

    /// The last error reading or writing the saved state (``MessagingSettings/persistenceDirectory``): a corrupt
    /// file found at start (then ignored), or a failed write; nil after a successful write and without
    /// persistence.
    public var persistenceError: MessagingError? { state.withLock { $0.persistenceError } }

}
