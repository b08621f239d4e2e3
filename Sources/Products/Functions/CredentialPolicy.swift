// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Where a call's tokens may go: only over HTTPS, or to a loopback host (an emulator on this machine).
///
/// Over plain HTTP to any other host the ID, FCM and App Check tokens are left out of the request (it is
/// still sent): a token on an unencrypted network is a credential given away.
enum CredentialPolicy {
    /// Whether tokens may be sent to `url`.
    static func allowsTokens(to url: URL) -> Bool {
        if url.scheme?.lowercased() == "https" { return true }
        guard let host = url.host?.lowercased() else { return false }
        return isLoopback(host)
    }

    /// `localhost`, `127.0.0.0/8` or `::1` (with or without brackets).
    static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare == "localhost" || bare.hasSuffix(".localhost") || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else { return false }
        return octets[0] == "127"
    }
}
