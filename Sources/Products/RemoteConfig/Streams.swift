// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

extension RemoteConfig {
    /// Real-time config updates as a stream (the name of Firebase's `AsyncSequence` proposal; Firebase's `addOnConfigUpdateListener`): each
    /// element holds the keys that differ between the newly fetched and the active config, never empty. The app
    /// still calls ``activate()``.
    ///
    /// ```swift
    /// for try await update in remoteConfig.updates {
    ///     if update.updatedKeys.contains("welcome") { _ = try await remoteConfig.activate() }
    /// }
    /// ```
    ///
    /// Each access registers its own listener, removed when the loop ends however it ends (`break`, the
    /// consuming task cancelled, the stream dropped); the real-time connection is closed with the last one. The
    /// stream throws a ``RemoteConfigUpdateError`` when the connection fails or an announced template cannot be
    /// fetched, and finishes when the app is deleted. Updates are events: none is dropped (`.unbounded`).
    public var updates: AsyncThrowingStream<RemoteConfigUpdate, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: RemoteConfigUpdate.self, throwing: (any Error).self)
        let slot = StreamRegistrationSlot()
        continuation.onTermination = { _ in slot.terminate() }
        slot.install(addUpdateListener(onFinish: { continuation.finish() }) { continuation.yield(with: $0) })
        return stream
    }

    /// The same stream as ``updates``, under the name Firebase 12 ships for it.
    public var configUpdates: AsyncThrowingStream<RemoteConfigUpdate, any Error> { updates }
}
