// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Builds the URL of a callable function from its parts, refusing any part that could move the request to
/// another host or out of its path: every call carries the user's ID token and the App Check token, so a
/// region like `attacker.example/steal?` or a name like `../../admin` must never become a URL.
///
/// - A **function name** is ASCII letters, digits, `-`, `_` and `.` (not only dots): Cloud Functions names
///   are letters, digits, `-` and `_`; no `/`, `?`, `#`, `@`, `%`, whitespace or control character.
/// - A **region** and the **project ID** (both in the production host name) are ASCII letters, digits and `-`.
/// - A **custom domain** is an absolute `http` or `https` URL with a host, optionally a port and a path of
///   plain segments; no user or password, query or fragment, `.` or `..` segment, or percent-escape.
/// - An **emulator origin** is `http(s)://host:port` with nothing else.
///
/// Finally the built URL's host must be the one the parts name.
enum FunctionURL {
    /// The URL of function `name`: the emulator's, the custom domain's or the production one, in that order
    /// of precedence.
    /// - Throws: ``FunctionsError`` `invalidArgument` naming the part that is not allowed.
    static func make(
        name: String, region: String, projectID: String, customDomain: String?,
        emulatorOrigin: String?
    ) throws(FunctionsError) -> URL {
        guard isValidName(name) else {
            throw invalid("Invalid function name: \"\(name)\".")
        }
        guard isHostLabel(region) else {
            throw invalid("Invalid region: \"\(region)\".")
        }
        guard isHostLabel(projectID) else {
            throw invalid("Invalid project ID: \"\(projectID)\".")
        }
        let base: URL
        if let emulatorOrigin {
            base = try origin(emulatorOrigin, allowsPath: false, what: "emulator origin")
            return try appending(["\(projectID)", region, name], to: base)
        }
        if let customDomain {
            base = try origin(customDomain, allowsPath: true, what: "custom domain")
            return try appending([name], to: base)
        }
        guard let production = URL(string: "https://\(region)-\(projectID).cloudfunctions.net") else {
            throw invalid("Invalid region or project ID: \"\(region)\", \"\(projectID)\".")
        }
        return try appending([name], to: production)
    }

    /// `url` as given to ``Functions/httpsCallable(_:options:)-(URL,_)``, checked by the custom-domain rules:
    /// an absolute `http` or `https` URL with a host, optionally a port, and a path of plain segments ending
    /// with the function's name; no user or password, query or fragment, `.` or `..` segment, or
    /// percent-escape.
    /// - Throws: ``FunctionsError`` `invalidArgument` when `url` breaks a rule.
    static func validate(callableURL url: URL) throws(FunctionsError) -> URL {
        let text = url.absoluteString
        let checked = try origin(text, allowsPath: true, what: "function URL")
        guard !text.hasSuffix("/"), checked.path.split(separator: "/").last.map({ isValidName(String($0)) }) == true
        else { throw invalid("Invalid function URL: \"\(text)\".") }
        return checked
    }

    /// ASCII letters, digits, `-`, `_`, `.`; not empty and not only dots.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy {
                isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
                    || $0 == UInt8(ascii: ".")
            } && !name.utf8.allSatisfy { $0 == UInt8(ascii: ".") }
    }

    /// ASCII letters, digits and `-`; not empty.
    static func isHostLabel(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// `text` as an `http(s)` origin (with a plain path when `allowsPath`), without a trailing slash.
    private static func origin(_ text: String, allowsPath: Bool, what: String) throws(FunctionsError) -> URL {
        let refused = invalid("Invalid \(what): \"\(text)\".")
        let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
        guard
            trimmed.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "\\") }),
            let components = URLComponents(string: trimmed),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty,
            components.user == nil, components.password == nil,
            components.query == nil, components.fragment == nil,
            let url = components.url
        else { throw refused }
        let segments = components.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if allowsPath {
            guard segments.allSatisfy({ isValidName(String($0)) }) else { throw refused }
        } else {
            guard components.path.isEmpty else { throw refused }
        }
        return url
    }

    /// `base` with `segments` appended, checked to keep `base`'s scheme, host and port.
    private static func appending(_ segments: [String], to base: URL) throws(FunctionsError) -> URL {
        guard let url = URL(string: base.absoluteString + "/" + segments.joined(separator: "/")),
            url.scheme == base.scheme, url.host == base.host, url.port == base.port,
            url.query == nil, url.fragment == nil, url.user == nil
        else { throw invalid("The function's URL would leave \(base.absoluteString).") }
        return url
    }

    private static func invalid(_ message: String) -> FunctionsError {
        FunctionsError(.invalidArgument, message: message)
    }
}
