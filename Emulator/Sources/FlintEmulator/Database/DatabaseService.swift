// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintDatabase
import FlintProductSupport
import Foundation
import Hummingbird

/// The Realtime Database service: the REST protocol (`GET`/`PUT`/`PATCH`/`POST`/`DELETE` on `/path.json`, and
/// `Accept: text/event-stream` listens) over a ``LocalDatabaseBackend``, one database per namespace (`ns`
/// query parameter, or the first label of a `<ns>.` host name; `<project>-default-rtdb` without either).
struct DatabaseService: EmulatorServiceHandler {
    let projectID: String
    let backend: LocalDatabaseBackend

    func respond(to request: EmulatorRequest) async throws -> Response {
        if request.path == "/" && request.method == .get {
            return EmulatorResponse.json(["databaseEmulator": ["ready": true, "projectId": projectID]])
        }
        let path = try Self.location(of: request.path)
        let namespace = self.namespace(of: request)
        let caller = try DatabaseCallerToken.caller(of: request)
        var method = request.method
        if method == .post,
            let override = request.header("X-HTTP-Method-Override") ?? request.query["x-http-method-override"]
        {
            method = HTTPRequest.Method(override.uppercased()) ?? method
        }
        let silent = request.query["print"] == "silent"
        switch method {
        case .get:
            if request.header("Accept")?.contains("text/event-stream") == true {
                return try DatabaseEventStream(backend: backend, database: namespace, path: path, caller: caller)
                    .response(query: request.query)
            }
            return try read(path, namespace: namespace, caller: caller, request: request)
        case .put:
            let body = try Self.jsonBody(request)
            let write = try Self.call { try DatabaseBackendWrite(json: [(path, body)]) }
            if let tag = request.header("if-match") {
                return try conditionalPut(
                    write, tag: tag, path: path, namespace: namespace, caller: caller, silent: silent)
            }
            try Self.call { try backend.write(resolvingServerValues: write, database: namespace, caller: caller) }
            return silent ? Self.noContent : try answer(path, namespace: namespace, caller: caller)
        case .patch:
            guard let object = try Self.jsonBody(request) as? [String: Any] else {
                throw EmulatorHTTPError(.badRequest, "Invalid data; couldn't parse JSON object. PATCH takes an object.")
            }
            let sets = object.keys.sorted().map { key in (Self.join(path, key), object[key] as Any?) }
            let write = try Self.call { try DatabaseBackendWrite(json: sets) }
            try Self.call { try backend.write(resolvingServerValues: write, database: namespace, caller: caller) }
            if silent { return Self.noContent }
            let root = try Self.call { try backend.read("/", database: namespace, caller: DatabaseCaller()) }
            var written: [String: Any] = [:]
            for (key, _) in object { written[key] = root.child(Self.join(path, key)).json() ?? NSNull() }
            return EmulatorResponse.json(written)
        case .post:
            let body = try Self.jsonBody(request)
            let name = LocalDatabaseBackend.nextPushID()
            let write = try Self.call { try DatabaseBackendWrite(json: [(Self.join(path, name), body)]) }
            try Self.call { try backend.write(resolvingServerValues: write, database: namespace, caller: caller) }
            return silent ? Self.noContent : EmulatorResponse.json(["name": name])
        case .delete:
            let write = try Self.call { try DatabaseBackendWrite(json: [(path, nil)]) }
            try Self.call { try backend.write(resolvingServerValues: write, database: namespace, caller: caller) }
            return silent ? Self.noContent : EmulatorResponse.json(nil)
        default:
            throw EmulatorHTTPError(.methodNotAllowed, "Method not allowed: \(method.rawValue)")
        }
    }

    /// The Realtime Database's error answer: `{"error": "…"}`.
    func errorResponse(_ error: EmulatorHTTPError) -> Response {
        EmulatorResponse.json(["error": error.message], status: error.status)
    }

    // MARK: - Reads

    private func read(_ path: String, namespace: String, caller: DatabaseCaller, request: EmulatorRequest) throws
        -> Response
    {
        let value = try Self.call { try backend.read(path, database: namespace, caller: caller) }
        let export = request.query["format"] == "export"
        var json = value.json(exportFormat: export || DatabaseQuery.needsPriorities(request.query))
        if request.query["shallow"] == "true" {
            guard try DatabaseQuery.parse(request.query) == nil else {
                throw EmulatorHTTPError(.badRequest, "Mixing 'shallow' and querying parameters is not supported")
            }
            if let object = json as? [String: Any] {
                json = Dictionary(uniqueKeysWithValues: object.keys.filter { !$0.hasPrefix(".") }.map { ($0, true) })
            }
        } else if let query = try DatabaseQuery.parse(request.query) {
            json = query.apply(to: json, keepPriorities: export)
        }
        var headers: HTTPFields = [:]
        if request.header("X-Firebase-ETag") == "true" {
            headers[.eTag] = DatabaseETag.of(value)
        }
        return EmulatorResponse.json(json, headers: headers)
    }

    /// The stored value at `path`, as a write's answer.
    private func answer(_ path: String, namespace: String, caller: DatabaseCaller) throws -> Response {
        let value = try Self.call { try backend.read("/", database: namespace, caller: DatabaseCaller()) }
        return EmulatorResponse.json(value.child(path).json())
    }

    /// A `PUT` with `if-match`: written only when the value's ETag is `tag`; otherwise 412 with the value and its
    /// ETag.
    private func conditionalPut(
        _ write: DatabaseBackendWrite, tag: String, path: String, namespace: String, caller: DatabaseCaller,
        silent: Bool
    ) throws -> Response {
        let current = try Self.call { try backend.read(path, database: namespace, caller: caller) }
        var conflict: DatabaseBackendValue? = current
        if DatabaseETag.of(current) == tag {
            conflict = try Self.call {
                try backend.write(resolvingServerValues: write, expected: current, database: namespace, caller: caller)
            }
        }
        if let conflict {
            return EmulatorResponse.json(
                conflict.json(), status: .preconditionFailed, headers: [.eTag: DatabaseETag.of(conflict)])
        }
        let stored = try Self.call { try backend.read(path, database: namespace, caller: caller) }
        return silent
            ? Self.noContent
            : EmulatorResponse.json(stored.json(), headers: [.eTag: DatabaseETag.of(stored)])
    }

    // MARK: - Requests

    static let noContent = Response(status: .noContent)

    /// The database path of a request path: `/a/b.json` → `/a/b`, each key percent-decoded.
    static func location(of requestPath: String) throws(EmulatorHTTPError) -> String {
        guard requestPath.hasSuffix(".json") else {
            throw EmulatorHTTPError(.notFound, "Not found: database paths end in .json (\(requestPath.prefix(200)))")
        }
        let keys = requestPath.dropLast(".json".count).split(separator: "/").map {
            String($0).removingPercentEncoding ?? String($0)
        }
        return "/" + keys.joined(separator: "/")
    }

    /// The database a request names: `ns`, or the first label of a `<ns>.<host>` host name (the request's
    /// authority: Hummingbird keeps HTTP/1.1's `Host` out of the header fields), or `<project>-default-rtdb`.
    func namespace(of request: EmulatorRequest) -> String {
        if let ns = request.query["ns"], !ns.isEmpty { return ns }
        if let host = request.authority?.split(separator: ":").first, host.contains("."),
            let label = host.split(separator: ".").first, !label.allSatisfy(\.isNumber), host.count > label.count
        {
            let rest = host.dropFirst(label.count + 1)
            if rest == "localhost" || rest.hasPrefix("firebaseio") || rest.hasPrefix("firebasedatabase") {
                return String(label)
            }
        }
        return "\(projectID)-default-rtdb"
    }

    static func join(_ path: String, _ child: String) -> String {
        path == "/" ? "/" + child : path + "/" + child
    }

    /// The request body as a JSON value (any value, `null` included).
    static func jsonBody(_ request: EmulatorRequest) throws(EmulatorHTTPError) -> Any? {
        guard BoundedJSON.nestingIsBounded(request.body, maximumDepth: EmulatorRequest.maximumNesting),
            let value = try? JSONSerialization.jsonObject(with: request.body, options: [.fragmentsAllowed])
        else {
            throw EmulatorHTTPError(.badRequest, "Invalid data; couldn't parse JSON object, array, or value.")
        }
        return value is NSNull ? nil : value
    }

    /// Runs a backend call, its ``DatabaseError`` turned into the REST protocol's answer.
    @discardableResult
    static func call<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            switch error.code {
            case .permissionDenied: throw EmulatorHTTPError(.unauthorized, "Permission denied")
            case .invalidArgument: throw EmulatorHTTPError(.badRequest, error.message)
            default: throw EmulatorHTTPError(.internalServerError, error.message)
            }
        }
    }
}
