// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The `snake_case` key conversions of the encoder's and decoder's key strategies.
enum SnakeCaseKeys {
    /// `myURLProperty` → `my_url_property`; leading and trailing underscores kept.
    static func fromCamelCase(_ key: String) -> String {
        let characters = Array(key)
        guard characters.contains(where: \.isUppercase) else { return key }
        var result = ""
        result.reserveCapacity(key.utf8.count + 4)
        for index in characters.indices {
            let character = characters[index]
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let nextIsLowercase = index + 1 < characters.count && characters[index + 1].isLowercase
                // A new word: after a non-capital, or the last capital of an acronym followed by lowercase.
                if previous != "_" && (!previous.isUppercase || nextIsLowercase) { result.append("_") }
            }
            result.append(contentsOf: character.lowercased())
        }
        return result
    }

    /// `my_url_property` → `myUrlProperty`; leading and trailing underscores kept; a key without inner
    /// underscores unchanged.
    static func toCamelCase(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        let last = key.lastIndex(where: { $0 != "_" })!
        let words = key[first...last].split(separator: "_")
        guard words.count > 1 else { return key }
        let joined = words[0].lowercased() + words.dropFirst().map { $0.capitalized }.joined()
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }
}

/// A coding key made from a string (dictionary keys, converted keys).
struct StringCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A `[String: Value]` dictionary, whose keys the key strategies leave alone (as JSONEncoder does).
protocol StringKeyedDictionary {
    /// The dictionary's value type.
    static var elementType: any Decodable.Type { get }
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    static var elementType: any Decodable.Type { Value.self }
}

/// A `[String: Value]` dictionary being encoded (keys not converted).
protocol EncodableStringKeyedDictionary {
    /// The entries, to encode one by one.
    var encodableEntries: [(String, any Encodable)] { get }
}

extension Dictionary: EncodableStringKeyedDictionary where Key == String, Value: Encodable {
    var encodableEntries: [(String, any Encodable)] { map { ($0.key, $0.value) } }
}
