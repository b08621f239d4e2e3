// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// How the SDK reads a database URL (`+[FUtilities parseUrl:]`): the part before the path names the
/// database, and the path is decoded one segment at a time, `+` as a space and percent escapes undone (a
/// segment whose escapes are malformed is kept as written, `+` included), so `https://host/a%b&c@d/space: /+` names the
/// location `/a%b&c@d/space: / `.
enum DatabaseURLPath {
    /// `url` split into its origin (`scheme://host[:port]`, as written) and its decoded path (the query and
    /// fragment left out).
    static func split(_ url: String) -> (origin: String, path: String) {
        var rest = Substring(url)
        var origin = ""
        if let scheme = rest.range(of: "//") {
            origin = String(rest[..<scheme.upperBound])
            rest = rest[scheme.upperBound...]
        }
        guard let slash = rest.firstIndex(of: "/") else {
            return (origin + rest.prefix { $0 != "?" && $0 != "#" }, "/")
        }
        origin += rest[..<slash]
        var path = rest[rest.index(after: slash)...]
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        let pieces = path.split(separator: "/").map { piece in
            let spaced = piece.replacingOccurrences(of: "+", with: " ")
            return spaced.removingPercentEncoding ?? String(piece)
        }
        return (origin, "/" + pieces.joined(separator: "/"))
    }
}
