// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A change in an ``AppRegistry``'s set of apps (Flint's replacement for Firebase's app-ready and
/// app-deleted notifications), delivered by ``AppRegistry/events`` and ``AppRegistry/addEventListener(_:)``.
public enum AppEvent: Sendable {
    /// An app was configured: published, and its eager components created.
    case configured(FlintApp)
    /// An app was deleted: its maintainers were awaited, its instances released and its name freed.
    case deleted(name: String)

    /// The app name the event is about.
    public var appName: String {
        switch self {
        case .configured(let app): return app.name
        case .deleted(let name): return name
        }
    }
}
