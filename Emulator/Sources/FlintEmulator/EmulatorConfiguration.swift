// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// What ``FlintEmulator`` serves and where.
///
/// The defaults are the Firebase Emulator Suite's where Firebase has an emulator (project `demo-flint`, host
/// `127.0.0.1`, Auth on 9099, the Realtime Database on 9000, Storage on 9199, Functions on 5001) and documented
/// ones for the rest (Installations 9501, Remote Config 9502, Messaging 9503, App Check 9504). A port of 0 picks
/// a free port; ``FlintEmulator/endpoints`` reports it.
public struct EmulatorConfiguration: Sendable, Hashable {
    /// A service the emulator can serve, each on its own port.
    public enum Service: String, Sendable, Hashable, CaseIterable, Comparable {
        /// Identity Toolkit v1 and Secure Token v1, with the Auth emulator's own routes.
        case auth
        /// The Realtime Database's REST protocol.
        case database
        /// Firebase Storage's v0 REST protocol.
        case storage
        /// Callable functions, plain and streaming.
        case functions
        /// Firebase Installations' REST protocol.
        case installations
        /// Remote Config's fetch and real-time protocols.
        case remoteConfig = "remote-config"
        /// Messaging's registration protocol and a send endpoint.
        case messaging
        /// App Check's debug-token exchange.
        case appCheck = "app-check"

        /// The service's default port: the Firebase Emulator Suite's where Firebase has an emulator for it.
        public var defaultPort: Int {
            switch self {
            case .auth: 9099
            case .database: 9000
            case .storage: 9199
            case .functions: 5001
            case .installations: 9501
            case .remoteConfig: 9502
            case .messaging: 9503
            case .appCheck: 9504
            }
        }

        /// Orders services by name.
        public static func < (lhs: Service, rhs: Service) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The project ID: the audience and issuer of ID tokens, the project of the admin routes and the default
    /// database namespace.
    public var projectID: String
    /// The address the services listen on. Anything but a loopback address exposes an unauthenticated
    /// emulator to the network (``FlintEmulator`` prints a warning).
    public var host: String
    /// The services to serve.
    public var services: Set<Service>
    /// The port of each service (``Service/defaultPort`` when absent); 0 picks a free port.
    public var ports: [Service: Int]
    /// Where the services keep their state across runs, each in a folder named after it (`auth/accounts.json`,
    /// `database/database.flintdb`, …); nil keeps it in memory. Every change is written durably before it is
    /// acknowledged, so stopping the emulator (or losing it) never loses an acknowledged change.
    public var dataDirectory: URL?
    /// The largest request body accepted, in bytes (16 MiB); a larger one is answered with a 413 error.
    public var maximumBodySize: Int
    /// A Remote Config template in Firebase's REST JSON to serve from the start (version 1); nil starts without
    /// one (fetches answer `NO_TEMPLATE` until a template is published with `PUT …/remoteConfig`).
    public var remoteConfigTemplate: URL?
    /// The debug tokens the App Check service exchanges (its "Manage debug tokens"); nil (the default) accepts
    /// any well-formed one (a UUID). A token outside the set is refused with 403 `PERMISSION_DENIED`.
    public var appCheckDebugTokens: Set<String>? = nil

    /// A configuration; the defaults are the Firebase Emulator Suite's.
    public init(
        projectID: String = "demo-flint", host: String = "127.0.0.1",
        services: Set<Service> = Set(Service.allCases), ports: [Service: Int] = [:], dataDirectory: URL? = nil,
        maximumBodySize: Int = 16 << 20, remoteConfigTemplate: URL? = nil
    ) {
        self.projectID = projectID
        self.host = host
        self.services = services
        self.ports = ports
        self.dataDirectory = dataDirectory
        self.maximumBodySize = maximumBodySize
        self.remoteConfigTemplate = remoteConfigTemplate
    }

    /// The configuration with every selected service on port 0 (free ports), for tests.
    public static func ephemeral(projectID: String = "demo-flint", services: Set<Service> = Set(Service.allCases))
        -> EmulatorConfiguration
    {
        EmulatorConfiguration(
            projectID: projectID, services: services, ports: Dictionary(uniqueKeysWithValues: services.map { ($0, 0) }))
    }

    /// The port `service` is asked to listen on.
    public func port(of service: Service) -> Int {
        ports[service] ?? service.defaultPort
    }

    /// The folder of ``dataDirectory`` where `service` keeps its state (nil without a data directory).
    public func directory(of service: Service) -> URL? {
        dataDirectory?.appendingPathComponent(service.rawValue, isDirectory: true)
    }

    /// Whether ``host`` is a loopback address (`127.0.0.1` and the rest of 127/8, `::1`, `localhost`).
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
