// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintDatabase
import Foundation
import Hummingbird

/// A streaming listen (`GET` with `Accept: text/event-stream`): a `put` of the location's value at `/`, then for
/// each later write that touches it a `patch` (a write of several children of one location at or below it) or
/// a `put` per written path (relative to the location, or at `/` for a write above it), and a `keep-alive`
/// every ``keepAliveInterval``. Before each event the caller's right to read the location is checked again: once
/// the rules refuse it, the stream sends `cancel` (data `null`) and ends, as Firebase's does. It ends too when the
/// client goes away (the next event or keep-alive fails to send) or the emulator stops.
struct DatabaseEventStream {
    let backend: LocalDatabaseBackend
    let database: String
    let path: String
    let caller: DatabaseCaller

    /// How often an idle stream sends `keep-alive` (Firebase's is 30 seconds).
    static let keepAliveInterval = Duration.seconds(30)

    func response(query parameters: [String: String]) throws -> Response {
        try DatabaseService.call { try backend.authorizeRead(path, database: database, caller: caller) }
        let query = try DatabaseQuery.parse(parameters)
        let export = parameters["format"] == "export" || DatabaseQuery.needsPriorities(parameters)
        let keepPriorities = parameters["format"] == "export"
        let location = path
        let stream = self
        return EmulatorEventStream.response(
            keepAlive: "event: keep-alive\ndata: null\n\n", interval: Self.keepAliveInterval,
            ending: {
                (try? stream.backend.authorizeRead(location, database: stream.database, caller: stream.caller)) == nil
                    ? Self.cancel : nil
            }
        ) { continuation in
            let watch = backend.watch(database: database) { change in
                let paths = change.writtenPaths
                if let patch = Self.patch(
                    paths, below: location, { change.value(at: $0).json(exportFormat: keepPriorities) })
                {
                    continuation.yield(patch)
                    return
                }
                for written in paths {
                    if let relative = Self.relative(written, below: location) {
                        continuation.yield(
                            Self.put(
                                relative, change.value(at: written).json(exportFormat: keepPriorities), query: nil))
                    } else if Self.relative(location, below: written) != nil {
                        continuation.yield(
                            Self.put(
                                "/", change.value(at: location).json(exportFormat: export), query: query,
                                keepPriorities: keepPriorities))
                    }
                }
            }
            let initial = Self.put(
                "/", watch.initialValue(at: location).json(exportFormat: export), query: query,
                keepPriorities: keepPriorities)
            return (initial, { watch.remove() })
        }
    }

    /// The event that ends a stream whose caller may no longer read its location.
    static let cancel = "event: cancel\ndata: null\n\n"

    /// `written` relative to `location` (`/` for the location itself) when it is the location or below it.
    static func relative(_ written: String, below location: String) -> String? {
        if written == location { return "/" }
        if location == "/" { return written }
        guard written.hasPrefix(location + "/") else { return nil }
        return String(written.dropFirst(location.count))
    }

    /// A `patch` event for a write of several children of one location at or below `location` (a `PATCH`):
    /// their relative parent path and `{key: value}`; nil for any other write.
    static func patch(_ paths: [String], below location: String, _ value: (String) -> Any?) -> String? {
        guard paths.count > 1 else { return nil }
        let parents = Set(paths.map { path in String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) })
        guard parents.count == 1, let parent = parents.first.map({ $0.isEmpty ? "/" : $0 }),
            let relative = relative(parent, below: location)
        else { return nil }
        var data: [String: Any] = [:]
        for path in paths {
            data[String(path[path.index(after: path.lastIndex(of: "/")!)...])] = value(path) ?? NSNull()
        }
        return event("patch", ["path": relative, "data": data])
    }

    /// An event of `type` with `payload` as its JSON data.
    static func event(_ type: String, _ payload: [String: Any]) -> String {
        let json =
            (try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys, .withoutEscapingSlashes]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "event: \(type)\ndata: \(json)\n\n"
    }

    /// A `put` event of `data` at `path`, the query applied when given.
    static func put(_ path: String, _ data: Any?, query: DatabaseQuery?, keepPriorities: Bool = true) -> String {
        let value = query.map { $0.apply(to: data, keepPriorities: keepPriorities) } ?? data
        return event("put", ["path": path, "data": value ?? NSNull()])
    }
}
