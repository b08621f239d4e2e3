// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// One-line, isolated apps for tests.
///
/// Every call builds a private `AppRegistry`, so tests running in parallel never share apps, names
/// or libraries, and nothing touches `AppRegistry.shared`:
///
/// ```swift
/// let auth = FakeAuth(userID: "alice")
/// let app = try TestApp.make(libraries: [FunctionsLibrary.self], overrides: auth.components)
/// ```
public enum TestApp {
    /// Configures an app in a new, private registry.
    ///
    /// - Parameters:
    ///   - name: the app name (the default app's name unless given).
    ///   - libraries: libraries registered with the private registry before configuring.
    ///   - overrides: components replacing (or adding to) the libraries' components, typically fakes'
    ///     `components`.
    ///   - options: the app's options.
    /// - Returns: the configured app; its `FlintApp.registry` is the private registry.
    /// - Throws: whatever registering a library (`ComponentError.invalidLibraryName(_:)`) or configure throws
    ///   (`FlintError` or `ComponentError`).
    public static func make(
        name: String = FlintApp.defaultName,
        libraries: [any FlintLibrary.Type] = [],
        overrides: [Component] = [],
        options: FlintOptions = .testing
    ) throws -> FlintApp {
        let registry = AppRegistry()
        for library in libraries {
            try registry.register(library)
        }
        return try registry.configure(name: name, options: options, overrides: overrides)
    }
}
