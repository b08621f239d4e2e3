// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

extension FlintOptions {
    /// Valid options for tests, identical in every process: googleAppID
    /// `1:1234567890:ios:0123456789abcdef`, gcmSenderID `1234567890`, projectID `flint-test`, apiKey
    /// `flint-test-api-key`, storageBucket `flint-test.appspot.com` and databaseURL
    /// `https://flint-test-default-rtdb.firebaseio.com`; bundleID is the process name, the rest nil.
    ///
    /// Copy and change it when a test needs different values:
    /// ```swift
    /// var options = FlintOptions.testing
    /// options.storageBucket = nil
    /// ```
    public static var testing: FlintOptions {
        var options = FlintOptions(googleAppID: "1:1234567890:ios:0123456789abcdef", gcmSenderID: "1234567890")
        options.projectID = "flint-test"
        options.apiKey = "flint-test-api-key"
        options.storageBucket = "flint-test.appspot.com"
        options.databaseURL = "https://flint-test-default-rtdb.firebaseio.com"
        return options
    }
}
