// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// A multipart upload's body (`Content-Type: multipart/related; boundary=…`): a JSON metadata part, then the
/// object's data part (with its own `Content-Type`).
struct StorageMultipart {
    var metadata: [String: Any]
    var contentType: String?
    var data: Data

    /// The parts of `body`.
    /// - Throws: ``EmulatorHTTPError`` 400 when the content type has no boundary, or the body does not hold two
    ///   parts, the first a JSON object.
    init(body: Data, contentType: String?) throws(EmulatorHTTPError) {
        guard let boundary = Self.boundary(of: contentType ?? "") else {
            throw Self.invalid("a multipart upload needs Content-Type: multipart/related; boundary=…")
        }
        let delimiter = Data("\r\n--\(boundary)".utf8)
        let text = Data("\r\n".utf8) + body
        var parts: [Data] = []
        var searchFrom = text.startIndex
        var partStart: Data.Index?
        while let found = text.range(of: delimiter, in: searchFrom..<text.endIndex) {
            if let partStart { parts.append(text[partStart..<found.lowerBound]) }
            let rest = text[found.upperBound...]
            if rest.starts(with: Data("--".utf8)) { break }
            guard let lineEnd = text.range(of: Data("\r\n".utf8), in: found.upperBound..<text.endIndex) else { break }
            partStart = lineEnd.upperBound
            searchFrom = lineEnd.upperBound
        }
        guard parts.count == 2 else { throw Self.invalid("a multipart upload has a metadata part and a data part") }
        let (_, metadataBody) = try Self.split(parts[0])
        let (dataHeaders, data) = try Self.split(parts[1])
        guard BoundedJSON.nestingIsBounded(metadataBody, maximumDepth: EmulatorRequest.maximumNesting),
            let metadata = (try? JSONSerialization.jsonObject(with: metadataBody)) as? [String: Any]
        else { throw Self.invalid("the metadata part is not a JSON object") }
        self.metadata = metadata
        self.contentType = dataHeaders["content-type"]
        self.data = Data(data)
    }

    /// A part's header fields (names lowercased) and content.
    private static func split(_ part: Data) throws(EmulatorHTTPError) -> ([String: String], Data) {
        guard let end = part.range(of: Data("\r\n\r\n".utf8)) else {
            if part.starts(with: Data("\r\n".utf8)) { return ([:], Data(part.dropFirst(2))) }
            throw invalid("a part has no blank line after its headers")
        }
        var headers: [String: String] = [:]
        for line in String(decoding: part[part.startIndex..<end.lowerBound], as: UTF8.self).split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] =
                line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (headers, Data(part[end.upperBound...]))
    }

    /// The `boundary` parameter of a `multipart/…` content type.
    private static func boundary(of contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            return value.isEmpty || value.count > 200 ? nil : value
        }
        return nil
    }

    private static func invalid(_ message: String) -> EmulatorHTTPError {
        EmulatorHTTPError(.badRequest, "Invalid argument: \(message).")
    }
}
