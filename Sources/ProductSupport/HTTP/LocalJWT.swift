// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Unsigned JSON Web Tokens (`alg: none`), as the Firebase emulators issue them: the local backends of
/// Auth and App Check encode their tokens with it, and Functions, Firestore and Storage decode them to learn
/// the caller. Shared plumbing for product modules (`package` access), not public API.
///
/// The emulators' tokens are not signed, and neither are these: they are for development and tests, never a
/// security boundary.
package enum LocalJWT {
    /// Errors decoding a token.
    package enum DecodingError: Error, Equatable {
        /// The token does not have three dot-separated parts.
        case malformed
        /// A part is not valid base64url.
        case invalidEncoding
        /// The payload is not the expected JSON.
        case invalidPayload(String)
    }

    private struct Header: Codable {
        var alg = "none"
        var typ = "JWT"
    }

    /// `base64url(header).base64url(claims).` (empty signature).
    package static func encode<Claims: Encodable>(_ claims: Claims) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Encoding a Codable struct of plain values cannot fail.
        let header = (try? encoder.encode(Header())) ?? Data()
        let payload = (try? encoder.encode(claims)) ?? Data()
        return "\(base64URL(header)).\(base64URL(payload))."
    }

    /// The claims of `token`. The signature is not checked (there is none).
    package static func decode<Claims: Decodable>(_ type: Claims.Type, from token: String) throws(DecodingError)
        -> Claims
    {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed }
        guard let payload = data(base64URL: String(parts[1])) else { throw .invalidEncoding }
        do {
            return try JSONDecoder().decode(type, from: payload)
        } catch {
            throw .invalidPayload(String(describing: error))
        }
    }

    /// Base64url without padding (RFC 7515).
    package static func base64URL(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes base64url with or without padding.
    package static func data(base64URL text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
