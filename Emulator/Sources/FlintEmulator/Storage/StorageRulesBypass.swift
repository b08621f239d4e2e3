// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintStorage

/// Requests that the Storage service's rules do not judge: those of an administrator (`Authorization: Bearer
/// owner`, the Admin SDK's emulator credential) and downloads carrying the object's download token. The
/// service's backend runs its rules wrapped by ``wrap(_:)``, which allows everything while ``isActive`` is set
/// for the task making the backend call.
enum StorageRulesBypass {
    /// Whether the backend calls of the current task skip the rules.
    @TaskLocal static var isActive = false

    /// `rules`, allowing everything while ``isActive`` is set (nil: everything is allowed anyway).
    static func wrap(_ rules: StorageRules?) -> StorageRules? {
        guard let rules else { return nil }
        return { request in isActive || rules(request) }
    }

    /// `body` run with the rules skipped when `bypass` is true.
    static func run<T>(_ bypass: Bool, _ body: () async throws -> T) async throws -> T {
        try await $isActive.withValue(bypass || isActive) { try await body() }
    }
}
