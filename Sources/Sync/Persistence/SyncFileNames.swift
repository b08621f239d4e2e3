// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport

/// File and folder names derived from untrusted strings (manager keys): letters, digits, `_` and `-` kept
/// (at most 40), anything else `_`, then `-` and the string's FNV-1a-64 in hex. A key holding `/`, `..` or NUL
/// never names a place outside the persistence directory, and keys that sanitize alike stay distinct.
public enum SyncFileNames {
    /// The safe name for `key`.
    public static func safeComponent(_ key: String) -> String {
        var safe = ""
        for scalar in key.unicodeScalars.prefix(40) {
            let isSafe =
                (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
                || (scalar >= "0" && scalar <= "9") || scalar == "_" || scalar == "-"
            safe.unicodeScalars.append(isSafe ? scalar : "_")
        }
        let hash = FramedLogFile.fnv1a64(Array(key.utf8))
        return safe + "-" + String(hash, radix: 16)
    }
}
