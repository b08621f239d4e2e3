// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintDatabase
import FlintEmulator
import FlintStorage
import FlintTesting
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs `body` with an emulator started in-process on free ports, stopping it afterwards.
func withEmulator<T>(
    _ configuration: EmulatorConfiguration = .ephemeral(),
    databaseRules: (@Sendable (DatabaseRulesRequest) -> Bool)? = nil, storageRules: StorageRules? = nil,
    functions: [String: EmulatorCallable] = EmulatorCallable.samples, _ body: (FlintEmulator) async throws -> T
) async throws -> T {
    let emulator = try await FlintEmulator.start(
        configuration: configuration, databaseRules: databaseRules, storageRules: storageRules, functions: functions,
        log: { _ in })
    do {
        let result = try await body(emulator)
        try await emulator.stop()
        return result
    } catch {
        try? await emulator.stop()
        throw error
    }
}

/// A raw HTTP exchange with the emulator, for protocol details a client does not expose.
struct RawHTTP {
    var status: Int
    var headers: [String: String]
    var body: Data

    /// The body as a JSON object (empty when it is not one).
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }

    static func send(
        _ method: String, _ url: URL, body: Data? = nil, headers: [String: String] = [:]
    ) async throws -> RawHTTP {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return RawHTTP(status: http.statusCode, headers: fields, body: data)
    }

    static func json(_ method: String, _ url: URL, _ object: Any, headers: [String: String] = [:]) async throws
        -> RawHTTP
    {
        try await send(
            method, url, body: try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed]),
            headers: headers.merging(["Content-Type": "application/json"]) { old, _ in old })
    }
}

extension FlintEmulator {
    /// The URL of `path` on `service`.
    func url(_ service: EmulatorConfiguration.Service, _ path: String) -> URL {
        URL(string: endpoints[service]!.url.absoluteString + path)!
    }
}

/// Options of an app of the emulator's default project.
var emulatorOptions: FlintOptions {
    var options = FlintOptions.testing
    options.projectID = "demo-flint"
    options.databaseURL = "https://demo-flint-default-rtdb.firebaseio.com"
    return options
}
