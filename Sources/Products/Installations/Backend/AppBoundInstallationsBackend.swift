// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport

/// An ``Installations`` instance's backend as its requests reach it: every call runs in the instance's
/// `InFlightOperations`, so that deleting the app ends the calls in flight at once (they fail with
/// ``InstallationsBackendError/serverUnreachable(_:)``, "The app was deleted.") and cancels them, HTTP requests
/// included.
final class AppBoundInstallationsBackend: InstallationsBackend {
    /// The backend the calls go to.
    let base: any InstallationsBackend
    /// The instance's operations, closed when its app is deleted.
    let operations: InFlightOperations

    /// Calls to `base`, in `operations`.
    init(base: any InstallationsBackend, operations: InFlightOperations) {
        self.base = base
        self.operations = operations
    }

    /// `operation`, ended when the app is deleted (or the calling task cancelled).
    private func run<T: Sendable>(_ operation: @escaping @Sendable () async throws(InstallationsBackendError) -> T)
        async throws(InstallationsBackendError) -> T
    {
        try await OperationRace.run(
            in: operations,
            endedBy: { ending in .serverUnreachable(ending == .closed ? "The app was deleted." : "Cancelled.") },
            operation)
    }

    func createInstallation(fid: String, appID: String) async throws(InstallationsBackendError)
        -> InstallationRegistration
    {
        try await run { [base] () async throws(InstallationsBackendError) in
            try await base.createInstallation(fid: fid, appID: appID)
        }
    }

    func generateAuthToken(fid: String, refreshToken: String) async throws(InstallationsBackendError)
        -> InstallationsAuthTokenResult
    {
        try await run { [base] () async throws(InstallationsBackendError) in
            try await base.generateAuthToken(fid: fid, refreshToken: refreshToken)
        }
    }

    func deleteInstallation(fid: String, refreshToken: String) async throws(InstallationsBackendError) {
        try await run { [base] () async throws(InstallationsBackendError) in
            try await base.deleteInstallation(fid: fid, refreshToken: refreshToken)
        }
    }
}
