// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The parts of an out-of-band link (an email's action link), as the SDK's `ActionCodeURL`.
///
/// ```swift
/// if let url = ActionCodeURL(link: link), url.operation == .verifyEmail, let code = url.code {
///     try await auth.applyActionCode(code)
/// }
/// ```
public final class ActionCodeURL: Sendable {
    /// The link's `apiKey`, if any.
    public let apiKey: String?
    /// The link's `mode` as an operation (``ActionCodeOperation/unknown`` without one or for an unknown mode).
    public let operation: ActionCodeOperation
    /// The link's `oobCode`, if any.
    public let code: String?
    /// The link's `continueUrl`, if any.
    public let continueURL: URL?
    /// The link's `lang`, if any.
    public let languageCode: String?

    /// The parts of `link`; nil when it has no query parameters at all (not a URL, or a URL without a query).
    /// Parameters are read as the SDK reads them: the link's own query, else (a link wrapped by a Dynamic Link
    /// or a redirect) the query of its `link` or `deep_link_id` parameter.
    public init?(link: String) {
        let items = ActionCodeLinkQuery.items(of: link)
        guard !items.isEmpty else { return nil }
        apiKey = items["apiKey"]
        operation = ActionCodeOperation(requestTypeOrMode: items["mode"])
        code = items["oobCode"]
        continueURL = items["continueUrl"].flatMap(URL.init(string:))
        languageCode = items["lang"]
    }
}

/// How out-of-band links are read: ``ActionCodeURL`` and ``Auth/isSignIn(withEmailLink:)``.
enum ActionCodeLinkQuery {
    /// The longest link read (8 KiB); a longer one has no parameters.
    static let maximumLinkLength = 8192

    /// The decoded query parameters of `link` (the first of a repeated name wins). When the link's own query
    /// has no `mode` or `oobCode` but a `link` or `deep_link_id` parameter (a Dynamic Link or a redirect
    /// wrapping the action link), that link's parameters are read instead, one level deep.
    static func items(of link: String) -> [String: String] {
        let own = parameters(of: link)
        guard own["oobCode"] == nil || own["mode"] == nil else { return own }
        for wrapper in ["link", "deep_link_id"] {
            if let inner = own[wrapper] {
                let nested = parameters(of: inner)
                if nested["oobCode"] != nil || nested["mode"] != nil { return nested }
            }
        }
        return own
    }

    /// The query parameters of one URL, percent-decoded.
    private static func parameters(of link: String) -> [String: String] {
        guard link.utf8.count <= maximumLinkLength, let query = URLComponents(string: link)?.percentEncodedQuery
        else { return [:] }
        var items: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let name = String(parts[0]).removingPercentEncoding,
                let value = String(parts[1]).removingPercentEncoding, !name.isEmpty, items[name] == nil
            else { continue }
            items[name] = value
        }
        return items
    }
}
