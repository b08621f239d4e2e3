// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The percentile of an installation for percent conditions: the 64-bit FNV-1a hash of `seed.installationID`
/// modulo 100,000,000 (a millionth of a percent). Stable for an installation and seed; it does not reproduce
/// Firebase's server-side assignment.
public enum RemoteConfigPercentile {
    /// The installation's percentile in 0..<100,000,000.
    public static func microPercentile(seed: String, installationID: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(seed).\(installationID)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return Int(hash % 100_000_000)
    }
}
