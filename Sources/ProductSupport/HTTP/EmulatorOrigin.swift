// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The `http://host:port` origin of an emulator or test server given to a product's `useEmulator(withHost:port:)`,
/// built only from a plain host: a name or an IPv4/IPv6 address, never anything that could carry a path, a user,
/// a query or another scheme.
public enum EmulatorOrigin {
    /// Why a host and port were refused.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The host is empty or holds characters other than ASCII letters, digits, `.`, `-`, `:`, `[` and `]`.
        case invalidHost(String)
        /// The port is not in 1…65535.
        case invalidPort(Int)

        /// A sentence naming what was wrong.
        public var description: String {
            switch self {
            case .invalidHost(let host): "The emulator host \(host.debugDescription) is not a host name or address."
            case .invalidPort(let port): "The emulator port \(port) is not in 1...65535."
            }
        }
    }

    /// `http://{host}:{port}` (IPv6 addresses bracketed).
    ///
    /// - Throws: ``Failure``.
    public static func make(host: String, port: Int) throws(Failure) -> URL {
        guard (1...65535).contains(port) else { throw .invalidPort(port) }
        let allowed = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]"
        guard !host.isEmpty, host.allSatisfy({ allowed.contains($0) }) else { throw .invalidHost(host) }
        var components = URLComponents()
        components.scheme = "http"
        components.host = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        components.port = port
        guard let url = components.url, url.host != nil else { throw .invalidHost(host) }
        return url
    }
}
