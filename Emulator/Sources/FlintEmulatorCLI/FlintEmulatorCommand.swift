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
            name the ports. Ports not given by flag are read from the emulators section of a firebase.json in the \
            working directory, when there is one. Stops on SIGINT or SIGTERM.

            Sample callable functions of the Functions service (an app serves its own \
            with FlintEmulator.start(configuration:functions:)):
              echo       returns its data.
              whoami     returns the caller's {"uid", "token"}; UNAUTHENTICATED when
                         no user is signed in.
              countdown  data n, or {"count": n, "intervalMilliseconds": ms}: streams
                         the chunks n, n - 1, ..., 1, then returns 0.
            """)

    @Option(help: "The project ID (token audience and issuer, admin routes, default database namespace).")
    var project = "demo-flint"

    @Option(help: "The address to listen on; anything but a loopback address prints a warning.")
    var host = "127.0.0.1"

    @Option(help: portHelp("The Auth port (Identity Toolkit v1, Secure Token v1).", .auth))
    var authPort: Int?

    @Option(help: portHelp("The Realtime Database port (REST).", .database))
    var databasePort: Int?

    @Option(help: portHelp("The Storage port (Firebase Storage v0 REST).", .storage))
    var storagePort: Int?

    @Option(help: portHelp("The Functions port (callables, plain and streaming).", .functions))
    var functionsPort: Int?

    @Option(help: portHelp("The Installations port.", .installations))
    var installationsPort: Int?

    @Option(help: portHelp("The Remote Config port (fetch and real-time).", .remoteConfig))
    var remoteConfigPort: Int?

    @Option(help: portHelp("The Messaging port (registrations and sends).", .messaging))
    var messagingPort: Int?

    @Option(help: portHelp("The App Check port (debug-token exchange).", .appCheck))
    var appCheckPort: Int?

    @Option(
        help:
            "The services to serve, comma-separated (\(FlintEmulatorCommand.serviceNames)); all by default."
    )
    var only: String?

    @Option(help: "A Remote Config template (Firebase's REST JSON) to serve from the start.")
    var remoteConfigTemplate: String?

    @Option(
        help: ArgumentHelp(
            "A debug token App Check exchanges (repeat for several); without one, any UUID is exchanged.",
            valueName: "token"))
    var appCheckDebugToken: [String] = []

    @Option(
        help: """
            Keep each service's state in a folder of this directory across runs (created if needed); without it, \
            state is kept in memory.
            """)
    var dataDir: String?

    func validate() throws {
        for port in flaggedPorts.values.compactMap({ $0 }) where !(0...65535).contains(port) {
            throw ValidationError("port \(port) is not in 0...65535")
        }
        _ = try services()
    }

    /// The help of a port flag: what it is, and its default.
    static func portHelp(_ what: String, _ service: EmulatorConfiguration.Service) -> ArgumentHelp {
        ArgumentHelp(
            "\(what) (default: firebase.json's emulators.\(service.rawValue).port, else \(service.defaultPort); 0 "
                + "picks a free port)")
    }

    /// The services' names, comma-separated.
    static var serviceNames: String {
        EmulatorConfiguration.Service.allCases.map(\.rawValue).joined(separator: ",")
    }

    /// The ports given by flag, by service.
    var flaggedPorts: [EmulatorConfiguration.Service: Int?] {
        [
            .auth: authPort, .database: databasePort, .storage: storagePort, .functions: functionsPort,
            .installations: installationsPort, .remoteConfig: remoteConfigPort, .messaging: messagingPort,
            .appCheck: appCheckPort,
        ]
    }

    func services() throws -> Set<EmulatorConfiguration.Service> {
        guard let only else { return Set(EmulatorConfiguration.Service.allCases) }
        var services = Set<EmulatorConfiguration.Service>()
        for name in only.split(separator: ",") {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let service = EmulatorConfiguration.Service(rawValue: trimmed) else {
                throw ValidationError("unknown service '\(trimmed)' in --only (known: \(Self.serviceNames))")
            }
            services.insert(service)
        }
        guard !services.isEmpty else { throw ValidationError("--only names no service") }
        return services
    }

    func run() async throws {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let projectFile = try FirebaseJSON.load(from: here.appendingPathComponent("firebase.json"))
        var ports: [EmulatorConfiguration.Service: Int] = [:]
        for service in EmulatorConfiguration.Service.allCases {
            ports[service] = flaggedPorts[service].flatMap { $0 } ?? projectFile?.ports[service] ?? service.defaultPort
        }
        var configuration = EmulatorConfiguration(
            projectID: project, host: host, services: try services(), ports: ports,
            dataDirectory: dataDir.map { URL(fileURLWithPath: $0, isDirectory: true) },
            remoteConfigTemplate: remoteConfigTemplate.map { URL(fileURLWithPath: $0) })
        if !appCheckDebugToken.isEmpty { configuration.appCheckDebugTokens = Set(appCheckDebugToken) }
        try await FlintEmulator.run(configuration: configuration)
    }
}
