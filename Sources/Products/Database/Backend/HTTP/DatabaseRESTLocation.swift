// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// Where a database's REST requests go: `{origin}/{percent-encoded keys}.json`, with `?ns={namespace}` for
/// an emulator (which serves every database on one host), the ID token as `auth`, and a query's parameters.
///
/// Every key is percent-encoded (only ASCII letters, digits, `-`, `_` and `~` stay as they are), so no key
/// can add a path segment, a query or a fragment, or change the host.
struct DatabaseRESTLocation: Sendable {
    /// `scheme://host[:port]` of the server.
    let origin: String
    /// The database's namespace, sent as `ns` (emulator only).
    let namespace: String?

    /// The location of `database` (`https://host[:port]`), on the emulator at `emulatorOrigin` when given.
    init(database: String, emulatorOrigin: URL?) {
        if let emulatorOrigin {
            origin =
                emulatorOrigin.absoluteString.hasSuffix("/")
                ? String(emulatorOrigin.absoluteString.dropLast()) : emulatorOrigin.absoluteString
            let host = URLComponents(string: database)?.host ?? ""
            namespace = host.split(separator: ".").first.map(String.init) ?? host
        } else {
            origin = database
            namespace = nil
        }
    }

    /// The URL of `path` with `parameters` (in order) and `auth` when given; a location's `.priority` (a priority
    /// write's path) is `{location}/.priority.json`.
    func url(_ path: DatabasePath, parameters: [(String, String)] = [], idToken: String? = nil) -> URL? {
        // A location's `.priority` stays as it is (the REST API's priority path); every other key is encoded.
        let keys = (path.location.keys.map(Self.encode) + (path.isPriority ? [DatabasePath.priorityKey] : []))
            .joined(separator: "/")
        var query = parameters
        if let namespace { query.insert(("ns", namespace), at: 0) }
        if let idToken { query.append(("auth", idToken)) }
        let queryString = query.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return URL(string: origin + "/" + keys + ".json" + (queryString.isEmpty ? "" : "?" + queryString))
    }

    /// Whether requests to this location may carry credentials: over HTTPS, or to a loopback host (FlintProductSupport's
    /// `TokenTransport`; `127.evil.example` is not one).
    var acceptsCredentials: Bool {
        guard let url = URL(string: origin) else { return false }
        return TokenTransport.allowsTokens(to: url)
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_~")

    /// `text` with everything but ASCII letters, digits, `-`, `_` and `~` percent-encoded.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// The REST parameters of `spec` (none for a plain location): `orderBy` and the range and limit, as the
    /// REST API takes them. The REST API has no exclusive bounds and no key to break ties, so such a bound is
    /// sent inclusive, without its key and without the limit: the server answers a superset, which the
    /// client narrows down.
    static func parameters(of spec: QuerySpec) -> [(String, String)] {
        guard spec.isFiltered else { return [] }
        var parameters: [(String, String)] = [("orderBy", json(orderBy(spec.index)))]
        var exact = true
        if spec.isEqualTo, let start = spec.start {
            parameters.append(("equalTo", json(start.value)))
            exact = start.key == nil
        } else {
            if let start = spec.start {
                parameters.append(("startAt", json(start.value)))
                exact = exact && !start.exclusive && start.key == nil
            }
            if let end = spec.end {
                parameters.append(("endAt", json(end.value)))
                exact = exact && !end.exclusive && end.key == nil
            }
        }
        if exact, let limit = spec.limit {
            switch limit {
            case .first(let count): parameters.append(("limitToFirst", String(count)))
            case .last(let count): parameters.append(("limitToLast", String(count)))
            }
        }
        return parameters
    }

    private static func orderBy(_ index: QueryIndex) -> SortValue {
        switch index {
        case .priority: .string("$priority")
        case .key: .string("$key")
        case .value: .string("$value")
        case .child(let path): .string(path.keys.joined(separator: "/"))
        }
    }

    /// A bound or order as JSON.
    static func json(_ value: SortValue) -> String {
        switch value {
        case .null, .object: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .integer(let integer): return String(integer)
        case .number(let number):
            if number.rounded() == number, abs(number) < 9_007_199_254_740_992 { return String(Int64(number)) }
            return String(number)
        case .string(let string):
            let data = (try? JSONSerialization.data(withJSONObject: string, options: [.fragmentsAllowed])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
    }
}
