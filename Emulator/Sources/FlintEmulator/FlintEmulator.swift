// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAuth
import FlintDatabase
import FlintInstallations
import FlintMessaging
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
    ///   - gracefulShutdownSignals: the signals that stop the emulator (none by default: call ``stop()``).
    ///   - log: where the `auth ready at http://…` lines and warnings go (standard output by default).
    /// - Throws: ``EmulatorStartError`` when a service cannot listen (a port in use) or its state cannot be
    ///   loaded.
    public static func start(
        configuration: EmulatorConfiguration,
        databaseRules: (@Sendable (DatabaseRulesRequest) -> Bool)? = nil,
        gracefulShutdownSignals: [UnixSignal] = [],
        log: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
    ) async throws -> FlintEmulator {
        if !configuration.isLoopback {
            log(
                "warning: listening on \(configuration.host), not a loopback address: anyone who can reach it can "
                    + "read and change the emulator's data")
        }
        if let unserved = configuration.services.filter({ !$0.isServed }).min() {
            throw EmulatorStartError.notYetSupported("the \(unserved.rawValue) service is not served yet")
        }
        if configuration.dataDirectory != nil {
            throw EmulatorStartError.notYetSupported("--data-dir (state kept across runs) is not served yet")
        }
        var logger = Logger(label: "flint-emulator")
        logger.logLevel = .warning
        let (ready, readyContinuation) = AsyncStream.makeStream(of: (EmulatorConfiguration.Service, Int).self)
        var services: [any Service] = []
        let backends = Backends(configuration: configuration, databaseRules: databaseRules)
        let projectID = configuration.projectID
        for service in configuration.services.sorted() {
            let handler: any EmulatorServiceHandler =
                switch service {
                case .auth: AuthService(projectID: projectID, backend: backends.auth!)
                case .database: DatabaseService(projectID: projectID, backend: backends.database!)
                case .installations: InstallationsService(projectID: projectID, backend: backends.installations!)
                case .appCheck: AppCheckService(projectID: projectID, backend: backends.appCheck!)
                case .messaging: MessagingService(projectID: projectID, backend: backends.messaging!)
                case .storage, .functions, .remoteConfig:
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
            configuration: configuration, endpoints: endpoints, backends: backends, group: group, running: running)
    }

    /// Serves `configuration` until SIGINT or SIGTERM, then closes the listeners and returns.
    ///
    /// - Throws: as ``start(configuration:gracefulShutdownSignals:log:)``.
    public static func run(configuration: EmulatorConfiguration) async throws {
        let emulator = try await start(configuration: configuration, gracefulShutdownSignals: [.sigint, .sigterm])
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

extension FlintEmulator {
    /// The backend of each configured service (nil for a service not served).
    struct Backends {
        var auth: LocalAuthBackend?
        var database: LocalDatabaseBackend?
        var installations: LocalInstallationsBackend?
        var appCheck: AppCheckEmulatorBackend?
        var messaging: LocalMessagingBackend?

        init(configuration: EmulatorConfiguration, databaseRules: (@Sendable (DatabaseRulesRequest) -> Bool)?) {
            let services = configuration.services
            let projectID = configuration.projectID
            auth = services.contains(.auth) ? LocalAuthBackend(projectID: projectID) : nil
            database = services.contains(.database) ? LocalDatabaseBackend(rules: databaseRules) : nil
            installations = services.contains(.installations) ? LocalInstallationsBackend() : nil
            appCheck =
                services.contains(.appCheck)
                ? AppCheckEmulatorBackend(
                    projectID: projectID, allowedDebugTokens: configuration.appCheckDebugTokens) : nil
            messaging = services.contains(.messaging) ? LocalMessagingBackend(projectID: projectID) : nil
        }
    }
}

/// Why ``FlintEmulator`` could not start.
public enum EmulatorStartError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A service could not listen on its address (a port in use, an address not of this machine).
    case cannotListen(String)
    /// An option that is not served yet.
    case notYetSupported(String)

    /// What went wrong.
    public var description: String {
        switch self {
        case .cannotListen(let reason): "cannot listen: \(reason)"
        case .notYetSupported(let what): "not yet supported: \(what)"
        }
    }
}
