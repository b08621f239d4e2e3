// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAppCheck
import FlintAuth
import FlintDatabase
import FlintFunctions
import FlintInstallations
import FlintMessaging
import FlintRemoteConfig
import FlintStorage
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
/// ``run(configuration:functions:)`` serves until SIGINT or SIGTERM (the `flint-emulator` command).
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
    /// to ``start(configuration:databaseRules:storageRules:functions:gracefulShutdownSignals:log:)``; register more
    /// on it while the emulator runs.
    public let functionsBackend: LocalFunctionsBackend?
    /// The Remote Config backend behind the Remote Config service (nil when it is not served): its template,
    /// version and real-time listeners.
    public let remoteConfigBackend: EmulatorRemoteConfigBackend?
    /// The Installations backend behind the Installations service (nil when it is not served).
    public let installationsBackend: LocalInstallationsBackend?
    /// The App Check backend behind the App Check service (nil when it is not served): it also checks the tokens
    /// it issued.
    public let appCheckBackend: AppCheckEmulatorBackend?
    /// The Messaging backend behind the Messaging service (nil when it is not served): its registrations, topics,
    /// and `send(_:to:)`, which delivers as the service's send endpoint does.
    public let messagingBackend: LocalMessagingBackend?

    private let group: ServiceGroup
    private let running: Task<Void, any Error>

    private init(
        configuration: EmulatorConfiguration, endpoints: [EmulatorConfiguration.Service: Endpoint],
        backends: Backends, group: ServiceGroup, running: Task<Void, any Error>
    ) {
        self.configuration = configuration
        self.endpoints = endpoints
        authBackend = backends.auth
        databaseBackend = backends.database
        storageBackend = backends.storage
        functionsBackend = backends.functions
        remoteConfigBackend = backends.remoteConfig
        installationsBackend = backends.installations
        appCheckBackend = backends.appCheck
        messagingBackend = backends.messaging
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
        if !configuration.isLoopback {
            log(
                "warning: listening on \(configuration.host), not a loopback address: anyone who can reach it can "
                    + "read and change the emulator's data")
        }
        let backends = try Backends(
            configuration: configuration, databaseRules: databaseRules, storageRules: storageRules,
            functions: functions)
        var logger = Logger(label: "flint-emulator")
        logger.logLevel = .warning
        let (ready, readyContinuation) = AsyncStream.makeStream(of: (EmulatorConfiguration.Service, Int).self)
        var services: [any Service] = []
        let projectID = configuration.projectID
        for service in configuration.services.sorted() {
            let handler: any EmulatorServiceHandler =
                switch service {
                case .auth: AuthService(projectID: projectID, backend: backends.auth!)
                case .database: DatabaseService(projectID: projectID, backend: backends.database!)
                case .storage: StorageService(backend: backends.storage!)
                case .functions: FunctionsService(projectID: projectID, backend: backends.functions!)
                case .remoteConfig: RemoteConfigService(projectID: projectID, backend: backends.remoteConfig!)
                case .installations: InstallationsService(projectID: projectID, backend: backends.installations!)
                case .appCheck: AppCheckService(projectID: projectID, backend: backends.appCheck!)
                case .messaging: MessagingService(projectID: projectID, backend: backends.messaging!)
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
            configuration: configuration, endpoints: endpoints, backends: backends, group: group, running: running)
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
        case .cannotLoadState(let reason): "cannot load the saved state: \(reason)"
        case .invalidConfiguration(let reason): "invalid configuration: \(reason)"
        case .invalidFile(let path, let problem): "cannot load \(path): \(problem)"
        }
    }
}
