// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Where Installations registers installations and gets their auth tokens: the embedded
/// ``LocalInstallationsBackend`` by default, ``RESTInstallationsBackend`` for Firebase's REST API.
///
/// Override it with ``InstallationsLibrary/backend(_:)``. Calls come from any task; implementations are
/// thread-safe.
public protocol InstallationsBackend: AnyObject, Sendable {
    /// Registers the installation `fid` of the app `appID`, returning its refresh token and a first auth token.
    ///
    /// - Throws: ``InstallationsBackendError``.
    func createInstallation(fid: String, appID: String) async throws(InstallationsBackendError)
        -> InstallationRegistration

    /// A new auth token for the registered installation `fid`.
    ///
    /// - Throws: ``InstallationsBackendError/installationNotFound`` when the backend no longer knows `fid` or
    ///   its refresh token; other ``InstallationsBackendError`` cases.
    func generateAuthToken(fid: String, refreshToken: String) async throws(InstallationsBackendError)
        -> InstallationsAuthTokenResult

    /// Deletes the registered installation `fid`; deleting one the backend does not know succeeds.
    ///
    /// - Throws: ``InstallationsBackendError``.
    func deleteInstallation(fid: String, refreshToken: String) async throws(InstallationsBackendError)
}
