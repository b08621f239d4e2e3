// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Reads ``FlintOptions`` from a `GoogleService-Info.plist` or a JSON file with the same keys.
///
/// Every failure is ``FlintError/invalidOptions(reason:)`` with a reason that names the file and,
/// where there is one, the key.
enum OptionsFileLoader {
    /// The keys of an options file (Firebase's), in the order they are checked.
    enum Key: String, CaseIterable {
        case googleAppID = "GOOGLE_APP_ID"
        case gcmSenderID = "GCM_SENDER_ID"
        case bundleID = "BUNDLE_ID"
        case apiKey = "API_KEY"
        case projectID = "PROJECT_ID"
        case databaseURL = "DATABASE_URL"
        case storageBucket = "STORAGE_BUCKET"
        case clientID = "CLIENT_ID"
        case appGroupID = "APP_GROUP_ID"
    }

    /// How a file's content is parsed.
    enum Format: Equatable {
        case json
        case propertyList
    }

    /// Loads the options in the file at `path`.
    static func load(contentsOfFile path: String) throws(FlintError) -> FlintOptions {
        let data = try read(path)
        let root = try parse(data, path: path)
        return try options(from: root, path: path)
    }

    /// The file's bytes: a regular file of at most ``FlintOptions/maximumFileSize`` bytes, read without blocking on anything
    /// else at the path (a FIFO, a device).
    static func read(_ path: String) throws(FlintError) -> Data {
        do {
            return try RegularFile.contents(atPath: path, maximumSize: FlintOptions.maximumFileSize)
        } catch {
            switch error {
            case .missing, .unreadable:
                throw .invalidOptions(reason: "cannot read options file at \(path)")
            case .notRegularFile:
                throw .invalidOptions(reason: "cannot read options file at \(path): it is not a regular file")
            case .tooLarge(let limit):
                throw .invalidOptions(
                    reason: "options file at \(path) is larger than \(limit) bytes, the limit for an options file")
            }
        }
    }

    /// The format of `data` by its first character that is not blank (after an optional UTF-8 byte order
    /// mark): `{` or `[` is JSON, anything else a property list; nil when there is no such character. One pass
    /// over the leading blanks, however many there are.
    static func format(of data: Data) -> Format? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Format? in
            var position = 0
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D:
                    position += 1
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    return .json
                default:
                    return .propertyList
                }
            }
            return nil
        }
    }

    /// The root dictionary of the file's content.
    static func parse(_ data: Data, path: String) throws(FlintError) -> [String: Any] {
        let root: Any
        switch format(of: data) {
        case nil:
            throw .invalidOptions(reason: "options file at \(path) is empty")
        case .json:
            do {
                root = try JSONSerialization.jsonObject(with: data)
            } catch {
                throw .invalidOptions(reason: "options file at \(path) is not valid JSON")
            }
        case .propertyList:
            do {
                root = try PropertyListSerialization.propertyList(from: data, format: nil)
            } catch {
                throw .invalidOptions(reason: "options file at \(path) is not a valid property list or JSON")
            }
        }
        guard let dictionary = root as? [String: Any] else {
            throw .invalidOptions(
                reason: "options file at \(path) must have a dictionary at its root, found \(kind(of: root))")
        }
        return dictionary
    }

    /// The options in a parsed root dictionary.
    static func options(from dictionary: [String: Any], path: String) throws(FlintError) -> FlintOptions {
        var values: [Key: String] = [:]
        for key in Key.allCases {
            guard let value = dictionary[key.rawValue], !(value is NSNull) else { continue }
            guard let string = value as? String else {
                throw .invalidOptions(
                    reason: "key \(key.rawValue) in options file at \(path) must be a string, found \(kind(of: value))")
            }
            values[key] = string
        }
        guard let googleAppID = values[.googleAppID] else {
            throw .invalidOptions(reason: "options file at \(path) is missing required key \(Key.googleAppID.rawValue)")
        }
        guard let gcmSenderID = values[.gcmSenderID] else {
            throw .invalidOptions(reason: "options file at \(path) is missing required key \(Key.gcmSenderID.rawValue)")
        }
        var options = FlintOptions(googleAppID: googleAppID, gcmSenderID: gcmSenderID)
        if let bundleID = values[.bundleID] {
            options.bundleID = bundleID
        }
        options.apiKey = values[.apiKey]
        options.projectID = values[.projectID]
        options.databaseURL = values[.databaseURL]
        options.storageBucket = values[.storageBucket]
        options.clientID = values[.clientID]
        options.appGroupID = values[.appGroupID]
        return options
    }

    /// A short description of a parsed value's type, for error messages ("a number", "an array", …).
    static func kind(of value: Any) -> String {
        switch value {
        case is String:
            return "a string"
        case is NSNull:
            return "null"
        case is [Any]:
            return "an array"
        case is [String: Any]:
            return "a dictionary"
        case is Date:
            return "a date"
        case is Data:
            return "data"
        case _ where type(of: value) == Bool.self:
            return "a boolean"
        case let number as NSNumber:
            // Booleans parsed from JSON are NSNumbers whose Objective-C type is `char`.
            return String(cString: number.objCType) == "c" ? "a boolean" : "a number"
        default:
            return "a value of type \(type(of: value))"
        }
    }
}
