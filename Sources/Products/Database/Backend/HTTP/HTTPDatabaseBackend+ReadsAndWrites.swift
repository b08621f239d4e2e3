// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads, writes and transactions' compare-and-set: one request each, whose answer the watchers see.
extension HTTPDatabaseBackend {
    /// `GET {path}.json` of the location.
    /// - Throws: ``DatabaseError`` (`DatabaseRESTError`); ``DatabaseErrorCode/invalidArgument`` for a
    ///   malformed path.
    public func read(_ path: String, database: String, caller: DatabaseCaller) async throws(DatabaseError)
        -> DatabaseBackendValue
    {
        try await read(
            DatabaseBackendQuery(spec: QuerySpec(path: try Self.path(path))), database: database, caller: caller)
    }

    /// `GET {path}.json` with the query's parameters.
    /// - Throws: ``DatabaseError`` (`DatabaseRESTError`).
    public func read(
        _ query: DatabaseBackendQuery, database: String,
        caller: DatabaseCaller
    ) async throws(DatabaseError) -> DatabaseBackendValue {
        let request = try makeRequest(
            database, query.spec.path, method: "GET", caller: caller,
            parameters: DatabaseRESTLocation.parameters(of: query.spec) + [("format", "export")])
        let (body, _) = try await send(request)
        return DatabaseBackendValue(node: try DatabaseJSON.node(from: body))
    }

    /// `PUT` (a set), `DELETE` (a removal) or `PATCH` (an update) with the caller's credentials; then the
    /// watchers receive the written values as the server answered them, tagged with `origin`.
    /// - Throws: ``DatabaseError`` (`DatabaseRESTError`); nothing was written.
    public func write(
        _ write: DatabaseBackendWrite, database: String, caller: DatabaseCaller,
        origin: String
    ) async throws(DatabaseError) {
        try await send(write, database: database, caller: caller, origin: origin)
    }

    /// Sends `write` and, once answered, changes the data with the values the server answered, tagged with `origin`
    /// (nil: none, as for the `onDisconnect` operations sent at a disconnection).
    func send(
        _ write: DatabaseBackendWrite, database: String, caller: DatabaseCaller,
        origin: String?
    ) async throws(DatabaseError) {
        guard !write.sets.isEmpty else { return }
        let flight = beginWrite(write, database: database)
        let written: [(path: DatabasePath, node: DatabaseNode)]
        do {
            written = try await exchange(write, database: database, caller: caller)
        } catch {
            endWrite(flight)
            throw error
        }
        change(database, origin: origin, source: .acknowledged(flight)) { root in
            for (path, node) in written { root = root.setting(node, at: path.keys) }
            return written.map(\.path)
        }
    }

    /// Sends `write` (a `PUT`, `DELETE` or `PATCH`); returns its sets as the server answered them (server values
    /// resolved), or as sent when the answer does not say.
    private func exchange(
        _ write: DatabaseBackendWrite, database: String,
        caller: DatabaseCaller
    ) async throws(DatabaseError) -> [(path: DatabasePath, node: DatabaseNode)] {
        let wire = write.wire ?? write.sets
        guard let first = wire.first else { return [] }
        if wire.count == 1 {
            // A priority removal is a `PUT` of `null` at `.priority`, as the SDK sends it.
            let isRemoval = first.node.isNull && !first.path.isPriority
            var request = try makeRequest(database, first.path, method: isRemoval ? "DELETE" : "PUT", caller: caller)
            if !isRemoval { request.httpBody = DatabaseJSON.data(of: first.node) }
            let (body, _) = try await send(request)
            if !isRemoval, let resolved = try? DatabaseJSON.node(from: body) { return [(first.path, resolved)] }
            return write.sets
        }
        var base = first.path.keys
        for set in wire.dropFirst() {
            base = Array(zip(base, set.path.keys).prefix { $0.0 == $0.1 }.map(\.0))
        }
        let basePath = DatabasePath(keys: base)
        let relative = wire.map { (key: basePath.relative($0.path).joined(separator: "/"), node: $0.node) }
        var request = try makeRequest(database, basePath, method: "PATCH", caller: caller)
        request.httpBody = DatabaseJSON.data(of: relative)
        let (body, _) = try await send(request)
        guard let answer = (try? DatabaseJSON.jsonObject(from: body)) as? [String: Any] else { return write.sets }
        return zip(write.sets, relative).map { set, sent in
            guard let value = answer[sent.key], let node = try? DatabaseJSON.node(fromJSONObject: value) else {
                return set
            }
            return (set.path, node)
        }
    }

    /// Notes `write` as sent, to recognise its echo on the listens (nil for a write with server values, whose
    /// stored value is the server's).
    private func beginWrite(_ write: DatabaseBackendWrite, database: String) -> Int? {
        guard write.wire == nil else { return nil }
        return state.withLock { state in
            state.nextInFlight += 1
            state.inFlight[state.nextInFlight] = InFlight(
                database: database, sets: write.sets,
                echoed: Array(repeating: false, count: write.sets.count))
            return state.nextInFlight
        }
    }

    /// Forgets a write that failed (or was refused).
    private func endWrite(_ flight: Int?) {
        guard let flight else { return }
        state.withLock { _ = $0.inFlight.removeValue(forKey: flight) }
    }

    /// A transaction's compare-and-set with ETags: the location's ETag (from the last answer when it was for
    /// `expected`, else a `GET` with `X-Firebase-ETag: true`), then a `PUT` with `if-match`. Returns nil once
    /// written, or the server's value when it is not `expected` (a `412` answers it).
    /// - Throws: ``DatabaseError`` (`DatabaseRESTError`).
    public func compareAndSet(
        _ write: DatabaseBackendWrite, expected: DatabaseBackendValue, database: String,
        caller: DatabaseCaller, origin: String
    ) async throws(DatabaseError) -> DatabaseBackendValue? {
        guard let set = (write.wire ?? write.sets).first, let local = write.sets.first else { return nil }
        let key = database + set.path.description
        var etag = state.withLock { state -> String? in
            guard let cached = state.etags[key], cached.node == expected.node else { return nil }
            return cached.etag
        }
        if etag == nil {
            var request = try makeRequest(
                database, set.path, method: "GET", caller: caller, parameters: [("format", "export")])
            request.setValue("true", forHTTPHeaderField: "X-Firebase-ETag")
            let (body, response) = try await send(request)
            let current = try DatabaseJSON.node(from: body)
            guard let tag = response.value(forHTTPHeaderField: "ETag") else {
                throw DatabaseError(.unknown, "The server did not send an ETag for \(set.path).")
            }
            state.withLock { $0.etags[key] = (current, tag) }
            guard current == expected.node else { return DatabaseBackendValue(node: current) }
            etag = tag
        }
        var request = try makeRequest(database, set.path, method: "PUT", caller: caller)
        request.setValue(etag, forHTTPHeaderField: "if-match")
        request.httpBody = DatabaseJSON.data(of: set.node)
        let flight = beginWrite(write, database: database)
        let (body, response): (Data, HTTPURLResponse)
        do {
            (body, response) = try await send(request, accepting: [412])
        } catch {
            endWrite(flight)
            throw error
        }
        if response.statusCode == 412 {
            endWrite(flight)
            let current = try DatabaseJSON.node(from: body)
            state.withLock { state in
                if let tag = response.value(forHTTPHeaderField: "ETag") {
                    state.etags[key] = (current, tag)
                } else {
                    state.etags[key] = nil
                }
            }
            return DatabaseBackendValue(node: current)
        }
        let written = (try? DatabaseJSON.node(from: body)) ?? local.node
        state.withLock { state in
            if let tag = response.value(forHTTPHeaderField: "ETag") {
                state.etags[key] = (written, tag)
            } else {
                state.etags[key] = nil
            }
        }
        change(database, origin: origin, source: .acknowledged(flight)) { root in
            root = root.setting(written, at: set.path.keys)
            return [set.path]
        }
        return nil
    }
}
