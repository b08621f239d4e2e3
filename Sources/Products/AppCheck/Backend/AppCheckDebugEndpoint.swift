// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Where an exchanging ``AppCheckDebugProvider`` sends its debug token (`exchangeDebugToken`).
///
/// ```swift
/// AppCheckDebugProvider(exchangingWith: app)                                            // production
/// AppCheckDebugProvider(exchangingWith: app, endpoint: .emulator(host: "127.0.0.1", port: 9099))
/// ```
///
/// The request goes to `{base}/projects/{projectID}/apps/{googleAppID}:exchangeDebugToken`, where the base is
/// `https://firebaseappcheck.googleapis.com/v1` in production and `http://{host}:{port}/v1` for an emulator.
/// The debug token is a secret registered in the Firebase console: it is only ever sent to the endpoint's own
/// host. An emulator host must be a bare host name or IP address (an IPv6 address in brackets), without
/// scheme, user, path, query or fragment, and the port must be 1...65535; otherwise the provider fails with
/// ``AppCheckErrorCode/invalidConfiguration`` before any request.
public enum AppCheckDebugEndpoint: Sendable, Hashable {
    /// `https://firebaseappcheck.googleapis.com/v1`, Firebase's App Check service.
    case production
    /// `http://{host}:{port}/v1`: an emulator, or a test server on the loopback interface.
    case emulator(host: String, port: Int)

    /// The production service's host.
    public static let productionHost = "firebaseappcheck.googleapis.com"

    /// The base URL string (without a trailing `/`), e.g. `http://127.0.0.1:9099/v1`.
    ///
    /// - Throws: ``AppCheckExchangeFailure/invalidEmulatorHost(_:)`` or
    ///   ``AppCheckExchangeFailure/invalidEmulatorPort(_:)`` for an emulator that is not a bare host and port.
    func baseURL() throws(AppCheckExchangeFailure) -> (base: String, host: String) {
        switch self {
        case .production:
            return ("https://\(Self.productionHost)/v1", Self.productionHost)
        case .emulator(let host, let port):
            guard Self.isBareHost(host) else { throw .invalidEmulatorHost(host) }
            guard (1...65535).contains(port) else { throw .invalidEmulatorPort(port) }
            return ("http://\(host):\(port)/v1", host)
        }
    }

    /// Whether `host` is a DNS name, an IPv4 address or a bracketed IPv6 address, and nothing more.
    static func isBareHost(_ host: String) -> Bool {
        guard !host.isEmpty, host.utf8.count <= 253 else { return false }
        if host.hasPrefix("[") {
            guard host.hasSuffix("]"), host.count > 2 else { return false }
            let inner = host.dropFirst().dropLast()
            return inner.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        return host.allSatisfy { character in
            character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == ".")
        } && !host.hasPrefix(".") && !host.hasPrefix("-")
    }
}
