// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// An engine's remote service for as long as the engine's app lives, shared by the three engines: when the app is
/// deleted the engine stops its listener, the service is released, every stream handed out ends with
/// ``SyncError/appDeleted(name:)``, and every later call throws it.
@MainActor
final class SyncEngineRemote<Service: Sendable> {
    /// The service; nil once the app was deleted.
    private(set) var service: Service?
    /// The engine's streams, ended when the app is deleted.
    let relays = StreamRelays()
    private var deletedAppName: String?
    private var lifetime: AppLifetime?

    /// Holds `service`.
    init(_ service: Service) {
        self.service = service
    }

    /// Follows `app` (nil: none): when it is deleted, `stop` runs (the engine stops listening), then the service is
    /// released and the streams end.
    func follow(_ app: FlintApp?, stop: @escaping @MainActor @Sendable () -> Void) {
        guard let app else { return }
        let name = app.name
        lifetime = AppLifetime(app: app) { [weak self] in
            Task { @MainActor in self?.appWasDeleted(name: name, stop: stop) }
        }
    }

    /// The service.
    /// - Throws: ``SyncError/appDeleted(name:)`` once the app was deleted.
    func require() throws -> Service {
        guard let service else { throw SyncError.appDeleted(name: deletedAppName ?? "") }
        return service
    }

    /// A stream of `stream(service)`'s values, or one that fails with ``SyncError/appDeleted(name:)`` at once.
    func relay<Element: Sendable>(
        _ stream: @escaping @Sendable (Service) -> AsyncThrowingStream<Element, any Error>
    ) -> AsyncThrowingStream<Element, any Error> {
        guard let service else { return failedStream() }
        return relays.relay { continuation in
            for try await value in stream(service) { continuation.yield(value) }
        }
    }

    /// A stream that fails with ``SyncError/appDeleted(name:)`` at once.
    func failedStream<Element: Sendable>() -> AsyncThrowingStream<Element, any Error> {
        let error = SyncError.appDeleted(name: deletedAppName ?? "")
        return relays.relay { _ in throw error }
    }

    private func appWasDeleted(name: String, stop: @MainActor () -> Void) {
        deletedAppName = name
        stop()
        service = nil
        lifetime = nil
        relays.finishAll(throwing: SyncError.appDeleted(name: name))
    }
}
