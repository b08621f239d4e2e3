// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop

/// Serves an ``Installations`` instance to other products as `InstallationsInterop` (the protocol's
/// untyped throws and existential token, around the instance's typed API).
final class InstallationsInteropBridge: InstallationsInterop {
    let installations: Installations

    init(_ installations: Installations) {
        self.installations = installations
    }

    func installationID() async throws -> String {
        try await installations.installationID()
    }

    func authToken(forcingRefresh: Bool) async throws -> any InstallationsAuthTokenInterop {
        try await installations.authToken(forcingRefresh: forcingRefresh)
    }

    func addInstallationIDChangeListener(_ listener: @escaping @Sendable (String) -> Void) -> any ListenerRegistration {
        installations.addInstallationIDChangeListener(listener)
    }
}
