// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation

@testable import FlintRemoteConfig

/// A Remote Config test rig: an app (private registry) with RemoteConfigLibrary, a fake Installations, an
/// embedded backend, a test clock, and optionally a persistence directory and fake Analytics.
struct RemoteConfigRig {
    let app: FlintApp
    let remoteConfig: RemoteConfig
    let backend: LocalRemoteConfigBackend
    let clock: TestClock
    let installations: FakeInstallations
    let sleeps: SleepLog

    init(
        name: String = FlintApp.defaultName,
        backend: LocalRemoteConfigBackend = LocalRemoteConfigBackend(),
        clock: TestClock = TestClock(),
        directory: URL? = nil,
        appVersion: String? = "1.2.3",
        installations: FakeInstallations = FakeInstallations(),
        analytics: FakeAnalytics? = nil,
        sleeps: SleepLog = SleepLog(),
        options: FlintOptions = .testing,
        locale: Locale = .current,
        timeZone: TimeZone = .current
    ) throws {
        var overrides = [
            RemoteConfigLibrary.backend(backend),
            RemoteConfigLibrary.environment(
                RemoteConfigEnvironment(
                    persistenceDirectory: directory,
                    appVersion: appVersion, now: clock.closure,
                    sleep: { sleeps.record($0) }, locale: locale, timeZone: timeZone)),
        ]
        overrides += installations.components
        if let analytics { overrides += analytics.components }
        app = try TestApp.make(
            name: name, libraries: [RemoteConfigLibrary.self], overrides: overrides, options: options)
        remoteConfig = try RemoteConfig.remoteConfig(app: app)
        self.backend = backend
        self.clock = clock
        self.installations = installations
        self.sleeps = sleeps
    }
}

/// A new empty directory under the temporary directory, for one test.
func makeTemporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "flint-remoteconfig-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// An injected sleep that returns at once and records how long it was asked to wait.
final class SleepLog: Sendable {
    private let durations = Locked<[Duration]>([])

    /// Records `duration`.
    func record(_ duration: Duration) {
        durations.withLock { $0.append(duration) }
    }

    /// The durations asked for, in order.
    var recorded: [Duration] { durations.withLock { $0 } }
}

/// A ``LocalRemoteConfigBackend`` whose fetches wait for `gate`, counting the fetches started.
final class GatedRemoteConfigBackend: RemoteConfigBackend {
    let local: LocalRemoteConfigBackend
    let gate = Gate()
    private let started = Locked(0)

    init(_ local: LocalRemoteConfigBackend) {
        self.local = local
    }

    var startedCount: Int { started.withLock { $0 } }

    func fetch(_ request: RemoteConfigFetchRequest) async throws(RemoteConfigBackendError) -> RemoteConfigFetchResponse
    {
        started.withLock { $0 += 1 }
        await gate.wait()
        return try await local.fetch(request)
    }

    func listenForTemplateVersions(
        _ request: RemoteConfigRealtimeRequest,
        _ listener: @escaping @Sendable (Result<Int, RemoteConfigBackendError>) -> Void
    ) -> any ListenerRegistration {
        local.listenForTemplateVersions(request, listener)
    }
}

/// A backend that answers fetches from a script (the last answer repeats) and announces versions on demand:
/// a server whose fetch endpoint lags behind its real-time announcements.
final class ScriptedRemoteConfigBackend: RemoteConfigBackend {
    private let answers: Locked<[RemoteConfigFetchResponse]>
    private let fetches = Locked(0)
    private let versions = ListenerBroadcaster<Int>()

    init(_ answers: [RemoteConfigFetchResponse]) {
        self.answers = Locked(answers)
    }

    var fetchCount: Int { fetches.withLock { $0 } }
    var listenerCount: Int { versions.listenerCount }

    /// Tells the real-time listeners of `version`.
    func announce(_ version: Int) { versions.send(version) }

    func fetch(_ request: RemoteConfigFetchRequest) async throws(RemoteConfigBackendError) -> RemoteConfigFetchResponse
    {
        fetches.withLock { $0 += 1 }
        return answers.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
    }

    func listenForTemplateVersions(
        _ request: RemoteConfigRealtimeRequest,
        _ listener: @escaping @Sendable (Result<Int, RemoteConfigBackendError>) -> Void
    ) -> any ListenerRegistration {
        versions.addListener { listener(.success($0)) }
    }
}

/// A Remote Config REST server: `fetch` answers `fetchAnswer`, `streamFetchInvalidations` streams `writer`.
func remoteConfigServer(
    fetchAnswer: @escaping @Sendable () -> TestHTTPResponse,
    writer: TestHTTPStreamWriter = TestHTTPStreamWriter()
) -> TestHTTPServer.Handler {
    { request in
        if request.pathWithoutQuery.hasSuffix(":fetch") { return fetchAnswer() }
        if request.pathWithoutQuery.hasSuffix(":streamFetchInvalidations") {
            return .stream(writer, headers: ["Content-Type": "application/json"])
        }
        return .text("not found", status: 404)
    }
}

/// A fetch answer `UPDATE` with `entries` (JSON) at template `version`.
func update(_ entries: String, version: Int) -> TestHTTPResponse {
    .json(#"{"entries":\#(entries),"state":"UPDATE","templateVersion":"\#(version)"}"#)
}

/// A rig whose instance talks to `server`.
func restRig(_ server: TestHTTPServer, analytics: FakeAnalytics? = nil) throws -> RemoteConfigRig {
    let rig = try RemoteConfigRig(
        installations: FakeInstallations(installationID: "cXd1Y2tsZXMtZmlkLTAwMQ", authToken: "fis-token"),
        analytics: analytics)
    try rig.remoteConfig.useEmulator(withHost: server.host, port: server.port)
    return rig
}
