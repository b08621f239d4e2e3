// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// The Storage service's open resumable uploads, by upload ID (a random UUID: the upload URL is the session's
/// only credential, as in Firebase): the backend's session, the object, the size announced at the start and
/// the bytes received. One request at a time writes a session (``claim(_:)``/``release(_:received:)``).
final class StorageUploadSessions: Sendable {
    struct Session: Sendable {
        var bucket: String
        var name: String
        /// The backend's upload session.
        var backendSession: String
        /// The size announced at the start (`X-Goog-Upload-Header-Content-Length`).
        var size: Int64
        var received: Int64 = 0
        /// Whether a request is writing the session now.
        var isBusy = false
    }

    private let sessions = Locked<[String: Session]>([:])

    /// Opens a session; returns its upload ID.
    func open(_ session: Session) -> String {
        let id = UUID().uuidString.lowercased()
        sessions.withLock { $0[id] = session }
        return id
    }

    /// The session `id` (404 when there is none).
    func session(_ id: String) throws(EmulatorHTTPError) -> Session {
        guard let session = sessions.withLock({ $0[id] }) else { throw Self.notFound(id) }
        return session
    }

    /// Marks the session `id` as being written by the calling request and returns it; 404 when there is none,
    /// 409 when another request is writing it.
    func claim(_ id: String) throws(EmulatorHTTPError) -> Session {
        try sessions.withLock { sessions throws(EmulatorHTTPError) in
            guard var session = sessions[id] else { throw Self.notFound(id) }
            guard !session.isBusy else {
                throw EmulatorHTTPError(.conflict, "Another request is writing upload \(id.prefix(64)).")
            }
            session.isBusy = true
            sessions[id] = session
            return session
        }
    }

    /// Ends a ``claim(_:)``, with the bytes the session has received now.
    func release(_ id: String, received: Int64) {
        sessions.withLock {
            $0[id]?.isBusy = false
            $0[id]?.received = received
        }
    }

    /// Closes the session `id`; returns it (nil when there was none).
    @discardableResult
    func close(_ id: String) -> Session? {
        sessions.withLock { $0.removeValue(forKey: id) }
    }

    /// The number of open sessions.
    var count: Int { sessions.withLock { $0.count } }

    private static func notFound(_ id: String) -> EmulatorHTTPError {
        EmulatorHTTPError(.notFound, "No such upload: \(id.prefix(64)).")
    }
}
