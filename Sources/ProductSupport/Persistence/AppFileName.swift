// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// File names derived from app names, for products that persist one file per app in a directory: always a
/// single path component, whatever the name (no `/`, no `..`).
public enum AppFileName {
    /// The longest app name used as it is.
    static let maximumPlainNameLength = 100

    /// `<appName><suffix>` for names of at most 100 ASCII letters, digits, `-` and `_`; otherwise
    /// `<prefix>+<hash><suffix>`, where `prefix` is the name's first 40 such characters and `hash` 16 hex
    /// digits of the 64-bit FNV-1a hash of its UTF-8 bytes (the scheme of Auth's persistence files).
    /// `suffix` must itself be a safe file-name ending such as `.installations.json`.
    ///
    /// On a case-insensitive file system, names that differ only in case ("Foo", "foo") give one file: a
    /// product that stores the app name in the file (as Auth does) can tell, but the two apps still share it.
    public static func make(appName: String, suffix: String) -> String {
        let bytes = Array(appName.utf8)
        if isPlain(appName) { return appName + suffix }
        let prefix = String(decoding: bytes.lazy.filter(isPlain).prefix(40), as: UTF8.self)
        let hash = FramedLogFile.fnv1a64(bytes)
        let hex = String(hash, radix: 16)
        return "\(prefix)+\(String(repeating: "0", count: 16 - hex.count))\(hex)\(suffix)"
    }

    /// Whether `name` is used as it is (1 to 100 ASCII letters, digits, `-` and `_`): a single path component
    /// that stays inside its directory. Products that read a file name back from their own saved state (Storage's
    /// `index.json`) check it with this before using it.
    package static func isPlain(_ name: String) -> Bool {
        let bytes = name.utf8
        return !bytes.isEmpty && bytes.count <= maximumPlainNameLength && bytes.allSatisfy(isPlain)
    }

    /// Whether `byte` is an ASCII letter, digit, `-` or `_`.
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
