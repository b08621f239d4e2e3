// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Custom signals: key-value pairs about the app instance, sent with every fetch for the template's conditions.
extension RemoteConfig {
    /// The most signals an app instance may have (Firebase's limit: 100).
    public static let maximumCustomSignalCount = 100
    /// The longest signal key, in characters (Firebase's limit: 250).
    public static let maximumCustomSignalKeyLength = 250
    /// The longest string signal value, in characters (Firebase's limit: 500).
    public static let maximumCustomSignalValueLength = 500

    /// Sets custom signals (Firebase's `setCustomSignals(_:)`): a new key is added, an existing key gets its new
    /// value, a nil value removes the key. Every later fetch sends them, as Firebase does, in the request's
    /// `customSignals` (numbers written as strings). Nothing changes when the call fails.
    ///
    /// - Throws: ``RemoteConfigCustomSignalsError`` `limitExceeded` for a key longer than 250 characters, a string
    ///   value longer than 500, or more than 100 signals once merged, naming the key.
    public func setCustomSignals(
        _ customSignals: [String: CustomSignalValue?]
    ) async throws(RemoteConfigCustomSignalsError) {
        for (key, value) in customSignals {
            if key.count > Self.maximumCustomSignalKeyLength {
                throw RemoteConfigCustomSignalsError(
                    .limitExceeded,
                    message:
                        "The custom signal key '\(key.prefix(40))…' is \(key.count) characters long; the limit is \(Self.maximumCustomSignalKeyLength)."
                )
            }
            if let value, value.isString, value.wireValue.count > Self.maximumCustomSignalValueLength {
                throw RemoteConfigCustomSignalsError(
                    .limitExceeded,
                    message:
                        "The value of custom signal '\(key)' is \(value.wireValue.count) characters long; the limit is \(Self.maximumCustomSignalValueLength)."
                )
            }
        }
        try customSignalsState.withLock { current throws(RemoteConfigCustomSignalsError) in
            var merged = current
            for (key, value) in customSignals { merged[key] = value?.wireValue }
            guard merged.count <= Self.maximumCustomSignalCount else {
                throw RemoteConfigCustomSignalsError(
                    .limitExceeded,
                    message:
                        "The app instance would have \(merged.count) custom signals; the limit is \(Self.maximumCustomSignalCount)."
                )
            }
            current = merged
        }
    }

    /// The custom signals set, as sent with a fetch.
    var customSignals: [String: String] { customSignalsState.withLock { $0 } }
}
