// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintDatabase
import Foundation

/// The ETag of a value (`X-Firebase-ETag`, `if-match`): a 64-bit FNV-1a hash of its export-format JSON with
/// sorted keys, so equal values have equal tags. Clients treat it as opaque.
enum DatabaseETag {
    static func of(_ value: DatabaseBackendValue) -> String {
        let data =
            (try? JSONSerialization.data(
                withJSONObject: value.json(exportFormat: true) ?? NSNull(), options: [.fragmentsAllowed, .sortedKeys]))
            ?? Data()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
