// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// Turns in-app defaults (a dictionary, a plist file, an `Encodable`) into the bytes Remote Config keeps
/// per key, as Firebase does: strings as UTF-8, numbers as their decimal text, booleans as `1`/`0`, data as is,
/// dates as `yyyy-MM-dd HH:mm:ss` in the current time zone (dictionary and plist, Firebase's format) or ISO 8601
/// (Encodable), arrays and dictionaries as JSON.
enum RemoteConfigDefaults {
    /// The deepest nesting of arrays and dictionaries accepted in one default (`[[1]]` is 2 deep).
    static let maximumDepth = 32
    /// The largest plist file read.
    static let maximumPlistSize = 4 << 20

    /// The entries of `dictionary`.
    ///
    /// - Throws: ``RemoteConfigCodableError/invalidSetDefaultsInput(_:)`` naming the key whose value cannot be used.
    static func entries(from dictionary: [String: Any]) throws(RemoteConfigCodableError) -> [String: Data] {
        var entries: [String: Data] = [:]
        for (key, value) in dictionary {
            entries[key] = try data(for: value, key: key)
        }
        return entries
    }

    /// The entries of the plist dictionary at `url`.
    ///
    /// - Throws: ``RemoteConfigCodableError/invalidSetDefaultsInput(_:)`` when the file cannot be read, is larger
    ///   than 4 MiB, is not a plist dictionary, or holds a value that cannot be used.
    static func entries(fromPlistAt url: URL) throws(RemoteConfigCodableError) -> [String: Data] {
        let saved: Data?
        do {
            saved = try SavedFile.contents(of: url, maximumSize: maximumPlistSize)
        } catch .tooLarge {
            throw .invalidSetDefaultsInput(
                "The plist \(url.lastPathComponent) is larger than \(maximumPlistSize) bytes.")
        } catch {
            throw .invalidSetDefaultsInput("The plist \(url.lastPathComponent) cannot be read: \(error)")
        }
        guard let data = saved else {
            throw .invalidSetDefaultsInput("The plist \(url.lastPathComponent) cannot be read: there is no such file.")
        }
        guard let dictionary = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any]
        else {
            throw .invalidSetDefaultsInput("The file \(url.lastPathComponent) is not a plist dictionary.")
        }
        return try entries(from: dictionary)
    }

    /// The entries of `value`, encoded as JSON: each top-level property becomes a key.
    ///
    /// - Throws: ``RemoteConfigCodableError/invalidSetDefaultsInput(_:)`` when `value` does not encode to a
    ///   keyed container or nests too deep.
    static func entries(from value: some Encodable) throws(RemoteConfigCodableError) -> [String: Data] {
        let object: [String: Any]
        do {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.sortedKeys]
            object = try BoundedJSON.object(from: encoder.encode(value), maximumDepth: maximumDepth + 1)
        } catch {
            throw .invalidSetDefaultsInput(
                "The setDefaults input: \(value), must be a Struct that encodes to a Dictionary")
        }
        var entries: [String: Data] = [:]
        for (key, value) in object {
            if let string = value as? String {
                entries[key] = Data(string.utf8)
            } else if let data = try? JSONSerialization.data(
                withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
            {
                // Booleans are stored as 1 and 0, as Firebase stores the NSNumbers its encoder makes of them.
                let text = String(decoding: data, as: UTF8.self)
                entries[key] = text == "true" ? Data("1".utf8) : text == "false" ? Data("0".utf8) : data
            } else {
                throw .invalidSetDefaultsInput("The value of \(key) cannot be written as JSON.")
            }
        }
        return entries
    }

    /// The bytes of one dictionary or plist value.
    private static func data(for value: Any, key: String) throws(RemoteConfigCodableError) -> Data {
        // Measured first, without recursion: the casts below bridge an NSDictionary whole (recursively), and
        // one that contains itself would never end.
        guard BoundedJSON.nestingIsBounded(ofValue: value, maximumDepth: maximumDepth) else {
            throw .invalidSetDefaultsInput("The value of \(key) nests deeper than \(maximumDepth) levels.")
        }
        if type(of: value) == Bool.self, let bool = value as? Bool { return Data((bool ? "1" : "0").utf8) }
        switch value {
        case let string as String: return Data(string.utf8)
        case let data as Data: return data
        case let date as Date: return Data(dateText(date).utf8)
        case let integer as any BinaryInteger: return Data(String(describing: integer).utf8)
        case let double as Double: return Data(NSNumber(value: double).stringValue.utf8)
        case let float as Float: return Data(NSNumber(value: float).stringValue.utf8)
        case let number as NSNumber: return Data(number.stringValue.utf8)
        case is [Any], is [String: Any]:
            guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else {
                throw .invalidSetDefaultsInput("The value of \(key) cannot be written as JSON.")
            }
            return data
        default:
            throw .invalidSetDefaultsInput(
                "The value of \(key) is a \(type(of: value)), not a string, number, boolean, date, data, array or dictionary."
            )
        }
    }

    /// `date` as Firebase writes a date default: `yyyy-MM-dd HH:mm:ss` in the current time zone, Gregorian digits.
    static func dateText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }
}
