// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
extension FlintApp {
    /// How Flint's messages name the app called `name`: `the default app` for ``defaultName`` (never
    /// Firebase's internal `__FIRAPP_DEFAULT`), otherwise `app 'name'`.
    ///
    /// Every error description and event or log text that mentions an app uses it, so products and tools
    /// that print app names should too.
    public static func displayName(forAppNamed name: String) -> String {
        name == defaultName ? "the default app" : "app '\(name)'"
    }

    /// ``displayName(forAppNamed:)`` of this app's name.
    public var displayName: String { Self.displayName(forAppNamed: name) }
}
