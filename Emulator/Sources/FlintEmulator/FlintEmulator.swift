// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAuth
import FlintDatabase
import FlintFunctions
import FlintStorage
import FlintRemoteConfig
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals

/// Flint's embedded backends served over Firebase's HTTP protocols: a local stand-in for the Firebase Emulator
/// Suite that needs neither Java nor Node.
///
/// Each service listens on its own port, as in the Emulator Suite, so a client's `useEmulator(withHost:port:)`
/// works against it unchanged:
///
/// ```swift
/// let emulator = try await FlintEmulator.start(configuration: .ephemeral())
/// let auth = try #require(emulator.endpoints[.auth])
/// Auth.auth(app: app).useEmulator(withHost: auth.host, port: auth.port)
/// // …
/// try await emulator.stop()
/// ```
///
/// ``run(configuration:)`` serves until SIGINT or SIGTERM (the `flint-emulator` command).
public final class FlintEmulator: Sendable {
    /// Where a running service listens.
    public struct Endpoint: Sendable, Hashable {
        /// The service.
        public var service: EmulatorConfiguration.Service
        /// The host it was asked to listen on.
        public var host: String
        /// The port it listens on (the one picked when asked for port 0).
        public var port: Int

        /// `http://host:port` (an IPv6 host in brackets).
        public var url: URL {
            let authority = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            return URL(string: "http://\(authority):\(port)")!
        }
    }

    /// The configuration it runs with.
    public let configuration: EmulatorConfiguration
    /// Where each served service listens.
    public let endpoints: [EmulatorConfiguration.Service: Endpoint]
    /// The Auth backend behind the Auth service (nil when Auth is not served), for tests and administration.
    public let authBackend: LocalAuthBackend?
    /// The Realtime Database backend behind the Database service (nil when it is not served).
    public let databaseBackend: LocalDatabaseBackend?
    /// The Storage backend behind the Storage service (nil when it is not served).
    public let storageBackend: LocalStorageBackend?
    /// The Functions backend behind the Functions service (nil when it is not served): it runs the functions given
    /// to ``start(configuration:databaseRules:storageRules:functions:gracefulShutdownSignals:log:)``; register more on it while
    /// the emulator runs.
    public let functionsBackend: LocalFunctionsBackend?
    /// The Remote Config backend behind the Remote Config service (nil when it is not served): its template,
    /// version and real-time listeners.
    public let remoteConfigBackend: EmulatorRemoteConfigBackend?

    private let group: ServiceGroup
    private let running: Task<Void, any Error>

    private init(
        configuration: EmulatorConfiguration, endpoints: [EmulatorConfiguration.Service: Endpoint],
        authBackend: LocalAuthBackend?, databaseBackend: LocalDatabaseBackend?,
        storageBackend: LocalStorageBackend?, functionsBackend: LocalFunctionsBackend?,
        remoteConfigBackend: EmulatorRemoteConfigBackend?, group: ServiceGroup, running: Task<Void, any Error>
    ) {
        self.configuration = configuration
        self.endpoints = endpoints
        self.authBackend = authBackend
        self.databaseBackend = databaseBackend
        self.storageBackend = storageBackend
        self.functionsBackend = functionsBackend
        self.remoteConfigBackend = remoteConfigBackend
        self.group = group
        self.running = running
    }

    /// Starts the configured services and returns once each listens (its actual port in ``endpoints``).
    ///
    /// - Parameters:
    ///   - configuration: what to serve and where.
    ///   - databaseRules: the Realtime Database's security rules, as a Swift closure (`LocalDatabaseBackend`'s);
    ///     nil allows everything.
    ///   - storageRules: Storage's security rules, as a Swift closure (`LocalStorageBackend`'s); nil allows
    ///     everything. They do not judge an administrator (`Authorization: Bearer owner`) or a download with the
    ///     object's download token.
    ///   - functions: the callable functions the Functions service serves, by name (``EmulatorCallable/samples``
    ///     by default: `echo`, `whoami`, `countdown`).
    ///   - gracefulShutdownSignals: the signals that stop the emulator (none by default: call ``stop()``).
    ///   - log: where the `auth ready at http://…` lines and warnings go (standard output by default).
    /// - Throws: ``EmulatorStartError`` when a service cannot listen (a port in use) or its state cannot be
    ///   loaded (``EmulatorStartError/invalidFile(path:problem:)`` for a missing or malformed
    ///   ``EmulatorConfiguration/remoteConfigTemplate``).
    public static func start(
        configuration: EmulatorConfiguration,
        databaseRules: (@Sendable (DatabaseRulesRequest) -> Bool)? = nil,
        storageRules: StorageRules? = nil,
        functions: [String: EmulatorCallable] = EmulatorCallable.samples,
        gracefulShutdownSignals: [UnixSignal] = [],
        log: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
    ) async throws -> FlintEmulator {
        try await start(
            configuration: configuration, databaseRules: databaseRules,
            storageBackend: makeStorageBackend(configuration, rules: StorageRulesBypass.wrap(storageRules)),
            functions: functions, gracefulShutdownSignals: gracefulShutdownSignals, log: log)
    }

    /// The Storage backend: kept in `<data directory>/storage` when there is one.
    private static func makeStorageBackend(_ configuration: EmulatorConfiguration, rules: StorageRules?) throws
        -> LocalStorageBackend
    {
        guard configuration.services.contains(.storage), let directory = configuration.directory(of: .storage) else {
            return LocalStorageBackend(rules: rules)
        }
        do {
            return try LocalStorageBackend(directory: directory, rules: rules)
        } catch {
            throw EmulatorStartError.cannotLoadState("\(directory.path): \(error)")
        }
    }

    /// ``start(configuration:databaseRules:storageRules:functions:gracefulShutdownSignals:log:)`` serving
    /// `storageBackend` (whose rules are wrapped by `StorageRulesBypass.wrap`).
    private static func start(
        configuration: EmulatorConfiguration,
        databaseRules: (@Sendable (DatabaseRulesRequest) -> Bool)?,
        storageBackend: LocalStorageBackend,
        functions: [String: EmulatorCallable],
        gracefulShutdownSignals: [UnixSignal],
        log: @escaping @Sendable (String) -> Void
    ) async throws -> FlintEmulator {
        if !configuration.isLoopback {
            log(
                "warning: listening on \(configuration.host), not a loopback address: anyone who can reach it can "
                    + "read and change the emulator's data")
        }
        if let unserved = configuration.services.filter({ !$0.isServed }).min() {
            throw EmulatorStartError.notYetSupported("the \(unserved.rawValue) service is not served yet")
        }
        let remoteConfigBackend =
            try configuration.services.contains(.remoteConfig)
            ? loadRemoteConfigBackend(configuration.remoteConfigTemplate) : nil
        var logger = Logger(label: "flint-emulator")
        logger.logLevel = .warning
        let (ready, readyContinuation) = AsyncStream.makeStream(of: (EmulatorConfiguration.Service, Int).self)
        var services: [any Service] = []
        let authBackend = try configuration.services.contains(.auth) ? makeAuthBackend(configuration) : nil
        let databaseBackend =
            try configuration.services.contains(.database)
            ? makeDatabaseBackend(configuration, rules: databaseRules) : nil
        let storageBackend = configuration.services.contains(.storage) ? storageBackend : nil
        let functionsBackend = configuration.services.contains(.functions) ? LocalFunctionsBackend() : nil
        for (name, callable) in functions {
            functionsBackend?.register(name: name, streamHandler: callable.streamHandler)
        }
        for service in configuration.services.sorted() {
            let handler: any EmulatorServiceHandler =
                switch service {
                case .auth: AuthService(projectID: configuration.projectID, backend: authBackend!)
                case .database: DatabaseService(projectID: configuration.projectID, backend: databaseBackend!)
                case .storage: StorageService(backend: storageBackend!)
                case .functions: FunctionsService(projectID: configuration.projectID, backend: functionsBackend!)
                case .remoteConfig:
                    RemoteConfigService(projectID: configuration.projectID, backend: remoteConfigBackend!)
                case .installations, .messaging, .appCheck:
                    preconditionFailure("\(service.rawValue) is refused above")
                }
            let responder = EmulatorResponder(handler: handler, maximumBodySize: configuration.maximumBodySize)
            services.append(
                Application(
                    responder: responder,
                    configuration: ApplicationConfiguration(
                        address: .hostname(configuration.host, port: configuration.port(of: service)),
                        serverName: "flint-emulator"),
                    onServerRunning: { channel in
                        readyContinuation.yield((service, channel.localAddress?.port ?? -1))
                    },
                    logger: logger))
        }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services.map { .init(service: $0) }, gracefulShutdownSignals: gracefulShutdownSignals,
                logger: logger))
        let running = Task {
            defer { readyContinuation.finish() }
            try await group.run()
        }
        var endpoints: [EmulatorConfiguration.Service: Endpoint] = [:]
        for await (service, port) in ready {
            endpoints[service] = Endpoint(service: service, host: configuration.host, port: port)
            if endpoints.count == configuration.services.count { break }
        }
        guard endpoints.count == configuration.services.count else {
            // A service could not listen: the group ended; report why.
            do {
                try await running.value
            } catch {
                throw EmulatorStartError.cannotListen("\(error)")
            }
            throw EmulatorStartError.cannotListen("a service stopped before it listened")
        }
        for endpoint in endpoints.values.sorted(by: { $0.service < $1.service }) {
            log("\(endpoint.service.rawValue) ready at \(endpoint.url.absoluteString)")
        }
        return FlintEmulator(
            configuration: configuration, endpoints: endpoints, authBackend: authBackend,
            databaseBackend: databaseBackend, storageBackend: storageBackend, functionsBackend: functionsBackend,
            remoteConfigBackend: remoteConfigBackend, group: group, running: running)
    }

    /// The Auth backend: kept in `<data directory>/auth` when there is one.
    private static func makeAuthBackend(_ configuration: EmulatorConfiguration) throws -> LocalAuthBackend {
        guard let directory = configuration.directory(of: .auth) else {
            return LocalAuthBackend(projectID: configuration.projectID)
        }
        do {
            return try LocalAuthBackend(projectID: configuration.projectID, directory: directory)
        } catch {
            throw EmulatorStartError.cannotLoadState(
                "\(directory.appendingPathComponent("accounts.json").path) cannot be read: it is not a regular file, "
                    + "is damaged, or holds another project's accounts")
        }
    }

    /// The Realtime Database backend: kept in `<data directory>/database` when there is one.
    private static func makeDatabaseBackend(
        _ configuration: EmulatorConfiguration, rules: (@Sendable (DatabaseRulesRequest) -> Bool)?
    ) throws -> LocalDatabaseBackend {
        guard let directory = configuration.directory(of: .database) else { return LocalDatabaseBackend(rules: rules) }
        do {
            return try LocalDatabaseBackend(directory: directory, rules: rules)
        } catch {
            throw EmulatorStartError.cannotLoadState("\(directory.path): \(error)")
        }
    }

    /// The Remote Config backend, with the template of `file` when given.
    private static func loadRemoteConfigBackend(_ file: URL?) throws(EmulatorStartError)
        -> EmulatorRemoteConfigBackend
    {
        guard let file else { return EmulatorRemoteConfigBackend() }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            let missing = !FileManager.default.fileExists(atPath: file.path)
            throw .invalidFile(
                path: file.path, problem: missing ? "no such file" : "unreadable (\(error.localizedDescription))")
        }
        do {
            return try EmulatorRemoteConfigBackend(templateJSON: data)
        } catch {
            throw .invalidFile(path: file.path, problem: "not a Remote Config template: \(error.message)")
        }
    }

    /// Serves `configuration` until SIGINT or SIGTERM, then closes the listeners and returns.
    ///
    /// - Parameters:
    ///   - configuration: what to serve and where.
    ///   - functions: the callable functions the Functions service serves, by name (``EmulatorCallable/samples``
    ///     by default).
    /// - Throws: as ``start(configuration:databaseRules:storageRules:functions:gracefulShutdownSignals:log:)``.
    public static func run(
        configuration: EmulatorConfiguration, functions: [String: EmulatorCallable] = EmulatorCallable.samples
    ) async throws {
        let emulator = try await start(
            configuration: configuration, functions: functions, gracefulShutdownSignals: [.sigint, .sigterm])
        try await emulator.wait()
    }

    /// Waits until the emulator stops (``stop()`` or a signal).
    public func wait() async throws {
        try await running.value
    }

    /// Stops every service: the listeners close, requests in flight finish, and event streams end.
    public func stop() async throws {
        await group.triggerGracefulShutdown()
        try await running.value
    }
}

/// Why ``FlintEmulator`` could not start.
public enum EmulatorStartError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A service could not listen on its address (a port in use, an address not of this machine).
    case cannotListen(String)
    /// An option that is not served yet.
    case notYetSupported(String)
    /// A service's state in the data directory cannot be loaded (the message names the file).
    case cannotLoadState(String)
    /// The configuration is not valid (a `firebase.json` that cannot be read, a bad port).
    case invalidConfiguration(String)
    /// A file the configuration names is missing or malformed: its path and what was wrong.
    case invalidFile(path: String, problem: String)

    /// What went wrong.
    public var description: String {
        switch self {
        case .cannotListen(let reason): "cannot listen: \(reason)"
        case .notYetSupported(let what): "not yet supported: \(what)"
        case .cannotLoadState(let reason): "cannot load the saved state: \(reason)"
        case .invalidConfiguration(let reason): "invalid configuration: \(reason)"
        case .invalidFile(let path, let problem): "cannot load \(path): \(problem)"
        }
    }
}
