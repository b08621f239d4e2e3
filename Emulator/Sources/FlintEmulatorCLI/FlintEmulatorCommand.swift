// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import ArgumentParser
import FlintEmulator
import Foundation

/// `flint-emulator`: serves Flint's embedded backends over Firebase's HTTP protocols until SIGINT or SIGTERM.
@main
struct FlintEmulatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flint-emulator",
        abstract: "Serve Flint's embedded backends over Firebase's HTTP protocols.",
        discussion: """
            Each service listens on its own port, with the Firebase Emulator Suite's defaults. Point a client at \
            it with useEmulator(withHost:port:), or the Admin SDK with FIREBASE_AUTH_EMULATOR_HOST and \
            FIREBASE_DATABASE_EMULATOR_HOST. A port of 0 picks a free port; the "<service> ready at <url>" lines \
            name the ports. Stops on SIGINT or SIGTERM.
            """)

    @Option(help: "The project ID (token audience and issuer, admin routes, default database namespace).")
    var project = "demo-flint"

    @Option(help: "The address to listen on; anything but a loopback address prints a warning.")
    var host = "127.0.0.1"

    @Option(help: "The Auth port (Identity Toolkit v1, Secure Token v1).")
    var authPort = EmulatorConfiguration.Service.auth.defaultPort

    @Option(help: "The Realtime Database port (REST).")
    var databasePort = EmulatorConfiguration.Service.database.defaultPort

    @Option(help: "The Storage port (Firebase Storage v0 REST).")
    var storagePort = EmulatorConfiguration.Service.storage.defaultPort

    @Option(help: "The Functions port (callables).")
    var functionsPort = EmulatorConfiguration.Service.functions.defaultPort

    @Option(help: "The Installations port.")
    var installationsPort = EmulatorConfiguration.Service.installations.defaultPort

    @Option(help: "The Remote Config port (fetch and real-time).")
    var remoteConfigPort = EmulatorConfiguration.Service.remoteConfig.defaultPort

    @Option(help: "The Messaging port (registrations and sends).")
    var messagingPort = EmulatorConfiguration.Service.messaging.defaultPort

    @Option(help: "The App Check port (debug-token exchange).")
    var appCheckPort = EmulatorConfiguration.Service.appCheck.defaultPort

    @Option(
        help:
            "The services to serve, comma-separated (\(FlintEmulatorCommand.servedNames)); all served ones by default."
    )
    var only: String?

    @Option(
        help: ArgumentHelp(
            "A debug token App Check exchanges (repeat for several); without one, any UUID is exchanged.",
            valueName: "token"))
    var appCheckDebugToken: [String] = []

    @Option(help: "Keep state in this directory across runs (not yet supported).")
    var dataDir: String?

    func validate() throws {
        for port in ports.values where !(0...65535).contains(port) {
            throw ValidationError("port \(port) is not in 0...65535")
        }
        _ = try services()
    }

    /// The served services' names, comma-separated.
    static var servedNames: String {
        EmulatorConfiguration.Service.served.sorted().map(\.rawValue).joined(separator: ",")
    }

    /// The port flags, by service.
    var ports: [EmulatorConfiguration.Service: Int] {
        [
            .auth: authPort, .database: databasePort, .storage: storagePort, .functions: functionsPort,
            .installations: installationsPort, .remoteConfig: remoteConfigPort, .messaging: messagingPort,
            .appCheck: appCheckPort,
        ]
    }

    func services() throws -> Set<EmulatorConfiguration.Service> {
        guard let only else { return EmulatorConfiguration.Service.served }
        var services = Set<EmulatorConfiguration.Service>()
        for name in only.split(separator: ",") {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let service = EmulatorConfiguration.Service(rawValue: trimmed), service.isServed else {
                throw ValidationError("unknown service '\(trimmed)' in --only (known: \(Self.servedNames))")
            }
            services.insert(service)
        }
        guard !services.isEmpty else { throw ValidationError("--only names no service") }
        return services
    }

    func run() async throws {
        if dataDir != nil {
            throw ValidationError("--data-dir is not yet supported: the emulator keeps its state in memory")
        }
        var configuration = EmulatorConfiguration(
            projectID: project, host: host, services: try services(),
            ports: ports)
        if !appCheckDebugToken.isEmpty { configuration.appCheckDebugTokens = Set(appCheckDebugToken) }
        try await FlintEmulator.run(configuration: configuration)
    }
}
