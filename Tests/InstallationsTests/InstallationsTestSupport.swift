// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation

@testable import FlintInstallations

/// A new empty directory under the temporary directory, for one test.
func makeTemporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "flint-installations-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// An app (private registry) with InstallationsLibrary, `backend` and `settings`.
func makeInstallationsApp(
    name: String = FlintApp.defaultName,
    backend: (any InstallationsBackend)? = nil,
    settings: InstallationsSettings = InstallationsSettings(),
    options: FlintOptions = .testing
) throws -> FlintApp {
    var overrides = [InstallationsLibrary.settings(settings)]
    if let backend { overrides.append(InstallationsLibrary.backend(backend)) }
    return try TestApp.make(name: name, libraries: [InstallationsLibrary.self], overrides: overrides, options: options)
}

/// A ``LocalInstallationsBackend`` whose token and registration requests wait for `gate`, counting the
/// requests started.
final class GatedInstallationsBackend: InstallationsBackend {
    let local: LocalInstallationsBackend
    let gate = Gate()
    private let started = Locked(0)

    init(now: @escaping @Sendable () -> Date = { Date() }) {
        local = LocalInstallationsBackend(now: now)
    }

    var startedCount: Int { started.withLock { $0 } }

    func createInstallation(fid: String, appID: String) async throws(InstallationsBackendError)
        -> InstallationRegistration
    {
        started.withLock { $0 += 1 }
        await gate.wait()
        return try await local.createInstallation(fid: fid, appID: appID)
    }

    func generateAuthToken(fid: String, refreshToken: String) async throws(InstallationsBackendError)
        -> InstallationsAuthTokenResult
    {
        started.withLock { $0 += 1 }
        await gate.wait()
        return try await local.generateAuthToken(fid: fid, refreshToken: refreshToken)
    }

    func deleteInstallation(fid: String, refreshToken: String) async throws(InstallationsBackendError) {
        try await local.deleteInstallation(fid: fid, refreshToken: refreshToken)
    }
}

/// A backend whose every call fails with `error`.
final class FailingInstallationsBackend: InstallationsBackend {
    let error: InstallationsBackendError

    init(_ error: InstallationsBackendError) {
        self.error = error
    }

    func createInstallation(fid: String, appID: String) async throws(InstallationsBackendError)
        -> InstallationRegistration
    {
        throw error
    }

    func generateAuthToken(fid: String, refreshToken: String) async throws(InstallationsBackendError)
        -> InstallationsAuthTokenResult
    {
        throw error
    }

    func deleteInstallation(fid: String, refreshToken: String) async throws(InstallationsBackendError) {
        throw error
    }
}

/// A ``LocalInstallationsBackend`` whose deletions fail with `error` (by default `serverUnreachable("down")`).
final class DeleteFailingBackend: InstallationsBackend {
    let local = LocalInstallationsBackend()
    let error: InstallationsBackendError

    init(_ error: InstallationsBackendError = .serverUnreachable("down")) {
        self.error = error
    }

    func createInstallation(fid: String, appID: String) async throws(InstallationsBackendError)
        -> InstallationRegistration
    {
        try await local.createInstallation(fid: fid, appID: appID)
    }

    func generateAuthToken(fid: String, refreshToken: String) async throws(InstallationsBackendError)
        -> InstallationsAuthTokenResult
    {
        try await local.generateAuthToken(fid: fid, refreshToken: refreshToken)
    }

    func deleteInstallation(fid: String, refreshToken: String) async throws(InstallationsBackendError) {
        throw error
    }
}

/// A ``LocalInstallationsBackend`` whose registrations and token requests fail with ``failure`` while it is set,
/// counting every such request.
final class SwitchableInstallationsBackend: InstallationsBackend {
    let local: LocalInstallationsBackend
    private let state = Locked<(failure: InstallationsBackendError?, requests: Int)>((nil, 0))

    init(now: @escaping @Sendable () -> Date) {
        local = LocalInstallationsBackend(now: now)
    }

    var failure: InstallationsBackendError? {
        get { state.withLock { $0.failure } }
        set { state.withLock { $0.failure = newValue } }
    }

    var requestCount: Int { state.withLock { $0.requests } }

    private func begin() throws(InstallationsBackendError) {
        let failure = state.withLock { state in
            state.requests += 1
            return state.failure
        }
        if let failure { throw failure }
    }

    func createInstallation(fid: String, appID: String) async throws(InstallationsBackendError)
        -> InstallationRegistration
    {
        try begin()
        return try await local.createInstallation(fid: fid, appID: appID)
    }

    func generateAuthToken(fid: String, refreshToken: String) async throws(InstallationsBackendError)
        -> InstallationsAuthTokenResult
    {
        try begin()
        return try await local.generateAuthToken(fid: fid, refreshToken: refreshToken)
    }

    func deleteInstallation(fid: String, refreshToken: String) async throws(InstallationsBackendError) {
        try await local.deleteInstallation(fid: fid, refreshToken: refreshToken)
    }
}
