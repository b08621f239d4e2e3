// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

/// Picks an engine's logger: the one passed in, else the app's `AnalyticsInterop` (resolved through its
/// container) when it has one, else none.
enum SyncEngineLogger {
    static func resolve(_ logger: (any DataSyncLogger)?, app: FlintApp?) -> (any DataSyncLogger)? {
        if let logger { return logger }
        guard let app, let analytics = try? app.container.require(AnalyticsInterop.self) else { return nil }
        return AnalyticsSyncLogger(analytics: analytics)
    }
}
