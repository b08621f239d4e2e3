// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The options every demo app is configured with, as a real app would read them from its
/// `GoogleService-Info.plist`.
enum DemoOptions {
    /// Valid options for the demo project.
    static var standard: FlintOptions {
        var options = FlintOptions(googleAppID: "1:1234567890:ios:0123456789abcdef", gcmSenderID: "1234567890")
        options.projectID = "flint-demo"
        options.storageBucket = "flint-demo.appspot.com"
        return options
    }
}
