// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Where a product's tokens (the user's ID token, App Check and FCM tokens) may travel: only over HTTPS, or to a
/// loopback host (an emulator or test server on this machine). Over plain HTTP to any other host a token would
/// cross the network unencrypted. Functions and Storage then fail a request that would carry a token, as the
/// Firebase SDKs do, unless the instance's `allowInsecureTokenAttachment` (debug builds only) says otherwise; the
/// Realtime Database leaves its tokens out.
///
/// The loopback test reads the host as an address or `localhost` name, never as a prefix: `127.0.0.1.example.com`
/// and `127.evil.example` are other machines.
package enum TokenTransport {
    /// Whether tokens may be sent to `url`: it is HTTPS, or its host is loopback, or `allowingInsecure`.
    package static func allowsTokens(to url: URL, allowingInsecure: Bool = false) -> Bool {
        if allowingInsecure || url.scheme?.lowercased() == "https" { return true }
        guard let host = url.host?.lowercased() else { return false }
        return isLoopback(host)
    }

    /// `localhost` (and names below it), an address in `127.0.0.0/8`, or `::1` (with or without brackets).
    package static func isLoopback(_ host: String) -> Bool {
        let lowered = host.lowercased()
        let bare = lowered.hasPrefix("[") && lowered.hasSuffix("]") ? String(lowered.dropFirst().dropLast()) : lowered
        if bare == "localhost" || bare.hasSuffix(".localhost") || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else { return false }
        return octets[0] == "127"
    }

    /// The message of the error a product fails with when a request to `host` would carry tokens over plain HTTP.
    package static func refusalMessage(host: String) -> String {
        "Refusing to send auth or App Check tokens over plain HTTP to \(host): use HTTPS or a loopback host, or set "
            + "allowInsecureTokenAttachment (debug builds) to test against an emulator on another machine."
    }
}
