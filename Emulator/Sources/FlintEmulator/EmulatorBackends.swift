// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAppCheck
import FlintAuth
import FlintDatabase
import FlintFunctions
import FlintInstallations
import FlintMessaging
import FlintStorage
import Foundation

extension FlintEmulator {
    /// The backend of each configured service (nil for a service not served), kept in the configuration's data
    /// directory when it has one (Auth, the Realtime Database, Storage and Remote Config's template; the others
    /// keep their state in memory).
    struct Backends {
        var auth: LocalAuthBackend?
        var database: LocalDatabaseBackend?
        var storage: LocalStorageBackend?
        var functions: LocalFunctionsBackend?
        var remoteConfig: EmulatorRemoteConfigBackend?
        var installations: LocalInstallationsBackend?
        var appCheck: AppCheckEmulatorBackend?
        var messaging: LocalMessagingBackend?

        /// The backends of `configuration`'s services.
        ///
        /// - Throws: ``EmulatorStartError/cannotLoadState(_:)`` naming the file when a service's state cannot be
        ///   loaded; ``EmulatorStartError/invalidFile(path:problem:)`` for a Remote Config template that cannot
        ///   be read.
        init(
            configuration: EmulatorConfiguration, databaseRules: (@Sendable (DatabaseRulesRequest) -> Bool)?,
            storageRules: StorageRules?, functions: [String: EmulatorCallable]
        ) throws {
            let services = configuration.services
            let projectID = configuration.projectID
            if services.contains(.auth) { auth = try Self.auth(configuration) }
            if services.contains(.database) { database = try Self.database(configuration, rules: databaseRules) }
            if services.contains(.storage) {
                storage = try Self.storage(configuration, rules: StorageRulesBypass.wrap(storageRules))
            }
            if services.contains(.functions) {
                let backend = LocalFunctionsBackend()
                for (name, callable) in functions {
                    backend.register(name: name, streamHandler: callable.streamHandler)
                }
                self.functions = backend
            }
            if services.contains(.remoteConfig) {
                remoteConfig = try Self.remoteConfig(
                    template: configuration.remoteConfigTemplate, directory: configuration.directory(of: .remoteConfig))
            }
            if services.contains(.installations) { installations = LocalInstallationsBackend() }
            if services.contains(.appCheck) {
                appCheck = AppCheckEmulatorBackend(
                    projectID: projectID, allowedDebugTokens: configuration.appCheckDebugTokens)
            }
            if services.contains(.messaging) { messaging = LocalMessagingBackend(projectID: projectID) }
        }

        /// Auth's backend: kept in `<data directory>/auth` when there is one.
        private static func auth(_ configuration: EmulatorConfiguration) throws(EmulatorStartError) -> LocalAuthBackend
        {
            guard let directory = configuration.directory(of: .auth) else {
                return LocalAuthBackend(projectID: configuration.projectID)
            }
            do {
                return try LocalAuthBackend(projectID: configuration.projectID, directory: directory)
            } catch {
                throw .cannotLoadState(
                    "\(directory.appendingPathComponent("accounts.json").path) cannot be read: it is not a regular "
                        + "file, is damaged, or holds another project's accounts")
            }
        }

        /// The Realtime Database's backend: kept in `<data directory>/database` when there is one.
        private static func database(
            _ configuration: EmulatorConfiguration, rules: (@Sendable (DatabaseRulesRequest) -> Bool)?
        ) throws(EmulatorStartError) -> LocalDatabaseBackend {
            guard let directory = configuration.directory(of: .database) else {
                return LocalDatabaseBackend(rules: rules)
            }
            do {
                return try LocalDatabaseBackend(directory: directory, rules: rules)
            } catch {
                throw .cannotLoadState("\(directory.path): \(error)")
            }
        }

        /// Storage's backend: kept in `<data directory>/storage` when there is one.
        private static func storage(_ configuration: EmulatorConfiguration, rules: StorageRules?)
            throws(EmulatorStartError) -> LocalStorageBackend
        {
            guard let directory = configuration.directory(of: .storage) else {
                return LocalStorageBackend(rules: rules)
            }
            do {
                return try LocalStorageBackend(directory: directory, rules: rules)
            } catch {
                throw .cannotLoadState("\(directory.path): \(error)")
            }
        }

        /// Remote Config's backend: kept in `<data directory>/remote-config` when there is one; the template of
        /// `file`, when given, is published at start unless the data directory already holds one.
        private static func remoteConfig(template file: URL?, directory: URL?) throws(EmulatorStartError)
            -> EmulatorRemoteConfigBackend
        {
            let backend =
                try directory.map { url throws(EmulatorStartError) in
                    try EmulatorRemoteConfigBackend(directory: url)
                } ?? EmulatorRemoteConfigBackend()
            guard let file, backend.templateVersion == 0 else { return backend }
            guard let data = try EmulatorFile.contents(of: file, maximumSize: EmulatorFile.maximumTemplateSize)
            else { throw .invalidFile(path: file.path, problem: "no such file") }
            do {
                try backend.publish(templateJSON: data)
            } catch {
                throw .invalidFile(path: file.path, problem: "not a Remote Config template: \(error.message)")
            }
            return backend
        }
    }
}
