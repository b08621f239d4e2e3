// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintEmulator
import FlintRemoteConfig
import FlintTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Remote Config service: Flint's REST Remote Config client and raw REST against the emulator")
struct RemoteConfigServiceTests {
    /// A template: defaults, a value left to the app, a grouped parameter, and custom-signal conditions.
    static let template = #"""
        {
          "conditions": [
            {"name": "vip", "expression": "app.customSignal['tier'].exactlyMatches(['gold', 'platinum'])"},
            {"name": "veteran", "expression": "app.customSignal['level'] >= 10"}
          ],
          "parameters": {
            "welcome": {"defaultValue": {"value": "Hello"}, "conditionalValues": {"vip": {"value": "Welcome back"}}},
            "discount": {"defaultValue": {"value": "0"},
                         "conditionalValues": {"veteran": {"value": "15"}, "vip": {"useInAppDefault": true}}},
            "legacy": {"defaultValue": {"useInAppDefault": true}}
          },
          "parameterGroups": {"ui": {"parameters": {"color": {"defaultValue": {"value": "blue"}}}}}
        }
        """#

    /// The emulator's Remote Config service only, with `template` (when given) loaded from a file.
    private func configuration(template: String? = template) throws -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration.ephemeral(services: [.remoteConfig])
        if let template {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "flint-rc-template-\(UUID().uuidString).json")
            try Data(template.utf8).write(to: file)
            configuration.remoteConfigTemplate = file
        }
        return configuration
    }

    /// Runs `body` with an emulator serving `template` from a file (removed afterwards).
    private func withTemplateEmulator<T>(
        _ template: String = template, maximumBodySize: Int? = nil, _ body: (FlintEmulator) async throws -> T
    ) async throws -> T {
        var configuration = try configuration(template: template)
        defer { removeTemplateFile(of: configuration) }
        if let maximumBodySize { configuration.maximumBodySize = maximumBodySize }
        return try await withEmulator(configuration, body)
    }

    private func removeTemplateFile(of configuration: EmulatorConfiguration) {
        if let file = configuration.remoteConfigTemplate { try? FileManager.default.removeItem(at: file) }
    }

    /// A Remote Config instance of a new app, pointed at the emulator.
    private func client(_ emulator: FlintEmulator, installationID: String = "cXd1Y2tsZXMtZmlkLTAwMQ") throws
        -> RemoteConfig
    {
        let installations = FakeInstallations(installationID: installationID, authToken: "fis-token")
        let app = try TestApp.make(
            libraries: [RemoteConfigLibrary.self], overrides: installations.components, options: emulatorOptions)
        let remoteConfig = try RemoteConfig.remoteConfig(app: app)
        let endpoint = try #require(emulator.endpoints[.remoteConfig])
        try remoteConfig.useEmulator(withHost: endpoint.host, port: endpoint.port)
        return remoteConfig
    }

    private static let fetchPath = "/v1/projects/1234567890/namespaces/firebase:fetch"
    private static let streamPath = "/v1/projects/1234567890/namespaces/firebase:streamFetchInvalidations"
    private static let templatePath = "/v1/projects/demo-flint/remoteConfig"

    /// A raw fetch for a client with `fields` besides its installation and app IDs.
    private func fetch(_ emulator: FlintEmulator, _ fields: [String: Any] = [:], headers: [String: String] = [:])
        async throws -> RawHTTP
    {
        let body = ["appInstanceId": "fid-1", "appId": "1:1234567890:ios:0123456789abcdef"].merging(fields) { $1 }
        return try await RawHTTP.json("POST", emulator.url(.remoteConfig, Self.fetchPath), body, headers: headers)
    }

    /// Publishes `template` with `PUT …/remoteConfig` and the current ETag.
    @discardableResult
    private func publish(_ emulator: FlintEmulator, _ template: [String: Any]) async throws -> RawHTTP {
        let current = try await RawHTTP.send("GET", emulator.url(.remoteConfig, Self.templatePath))
        let etag = try #require(current.headers["etag"])
        let put = try await RawHTTP.json(
            "PUT", emulator.url(.remoteConfig, Self.templatePath), template, headers: ["If-Match": etag])
        #expect(put.status == 200)
        return put
    }

    @Test func fetchAndActivateSeesTheTemplateFromTheFile() async throws {
        try await withTemplateEmulator { emulator in
            #expect(emulator.remoteConfigBackend?.templateVersion == 1)
            let remoteConfig = try client(emulator)
            #expect(try await remoteConfig.fetchAndActivate() == .successFetchedFromRemote)
            #expect(remoteConfig["welcome"].stringValue == "Hello")
            #expect(remoteConfig["discount"].stringValue == "0")
            #expect(remoteConfig["color"].stringValue == "blue")  // from a parameter group
            #expect(remoteConfig["legacy"].source == .static)  // useInAppDefault: left out
            #expect(remoteConfig.allKeys(from: .remote).sorted() == ["color", "discount", "welcome"])
        }
    }

    @Test func customSignalsSelectConditionalValues() async throws {
        try await withTemplateEmulator { emulator in
            let remoteConfig = try client(emulator)
            try await remoteConfig.setCustomSignals(["tier": "gold", "level": 3])
            _ = try await remoteConfig.fetchAndActivate()
            #expect(remoteConfig["welcome"].stringValue == "Welcome back")
            // vip comes first and says "use the in-app default" for discount.
            #expect(remoteConfig["discount"].source == .static)
            try await remoteConfig.setCustomSignals(["tier": "bronze", "level": 12])
            _ = try await remoteConfig.fetch(withExpirationDuration: 0)
            #expect(try await remoteConfig.activate())
            #expect(remoteConfig["welcome"].stringValue == "Hello")
            #expect(remoteConfig["discount"].stringValue == "15")
        }
    }

    @Test func aPublishedTemplateReachesUpdateListenersOverTheRealtimeStream() async throws {
        try await withTemplateEmulator { emulator in
            let remoteConfig = try client(emulator)
            _ = try await remoteConfig.fetchAndActivate()
            let backend = try #require(emulator.remoteConfigBackend)
            let updates = Locked<[Set<String>]>([])
            let registration = remoteConfig.addOnConfigUpdateListener { update, _ in
                if let update { updates.withLock { $0.append(update.updatedKeys) } }
            }
            try await waitUntil { backend.realtimeListenerCount == 1 }
            let published = try await publish(
                emulator,
                [
                    "parameters": [
                        "welcome": ["defaultValue": ["value": "Hi"]], "discount": ["defaultValue": ["value": "0"]],
                        "color": ["defaultValue": ["value": "blue"]], "fresh": ["defaultValue": ["value": "new"]],
                    ]
                ])
            #expect(published.headers["etag"] == "etag-demo-flint-2")
            #expect((published.json["version"] as? [String: Any])?["versionNumber"] as? String == "2")
            try await waitUntil { !updates.withLock { $0.isEmpty } }
            #expect(updates.withLock { $0 } == [["welcome", "fresh"]])
            #expect(try await remoteConfig.activate())
            #expect(remoteConfig["welcome"].stringValue == "Hi")
            // The client cancels: the stream ends and its listener is removed.
            registration.remove()
            try await waitUntil { backend.realtimeListenerCount == 0 }
        }
    }

    @Test func theRealtimeStreamAnnouncesVersionsAndEndsWhenTheEmulatorStops() async throws {
        let configuration = try configuration()
        defer { removeTemplateFile(of: configuration) }
        let emulator = try await FlintEmulator.start(configuration: configuration, log: { _ in })
        var request = URLRequest(url: emulator.url(.remoteConfig, Self.streamPath))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"project":"1234567890","namespace":"firebase","lastKnownVersionNumber":"0"}"#.utf8)
        let stream = StreamedLines(request)
        // Version 1 is newer than the client's 0: announced at once.
        #expect(try await collect(1, from: stream.lines) == [#"{"latestTemplateVersionNumber":"1"}"#])
        try await publish(emulator, ["parameters": ["a": ["defaultValue": ["value": "1"]]]])
        #expect(try await collect(1, from: stream.lines) == [#"{"latestTemplateVersionNumber":"2"}"#])
        // Stopping ends the open stream instead of waiting for it.
        try await value(of: Task { try await emulator.stop() })
        try await value(of: Task { for await _ in stream.lines {} })
        #expect(emulator.remoteConfigBackend?.realtimeListenerCount == 0)
    }

    @Test func fetchStatesFollowTheTemplateAndTheCallersETag() async throws {
        try await withEmulator(.ephemeral(services: [.remoteConfig])) { emulator in
            #expect(try await fetch(emulator).json["state"] as? String == "NO_TEMPLATE")
            let empty = try await RawHTTP.send("GET", emulator.url(.remoteConfig, Self.templatePath))
            #expect(empty.headers["etag"] == "etag-demo-flint-0")
            #expect(empty.json["parameters"] as? [String: Any] != nil)
            try await publish(emulator, ["parameters": ["a": ["defaultValue": ["useInAppDefault": true]]]])
            let emptyConfig = try await fetch(emulator)
            #expect(emptyConfig.json["state"] as? String == "EMPTY_CONFIG")
            #expect(emptyConfig.json["templateVersion"] as? String == "1")
            try await publish(emulator, ["parameters": ["a": ["defaultValue": ["value": "x"]]]])
            let update = try await fetch(emulator)
            #expect(update.json["state"] as? String == "UPDATE")
            #expect(update.json["entries"] as? [String: String] == ["a": "x"])
            #expect(update.json["templateVersion"] as? String == "2")
            let etag = try #require(update.headers["etag"])
            let same = try await fetch(emulator, headers: ["If-None-Match": etag])
            #expect(same.json["state"] as? String == "NO_CHANGE")
            // Another namespace has no template.
            let other = try await RawHTTP.json(
                "POST", emulator.url(.remoteConfig, "/v1/projects/1/namespaces/other:fetch"),
                ["appInstanceId": "fid-1", "appId": "app"])
            #expect(other.json["state"] as? String == "NO_TEMPLATE")
        }
    }

    @Test func anEmptyConfigIsActivatedAsEmpty() async throws {
        try await withTemplateEmulator { emulator in
            let remoteConfig = try client(emulator)
            _ = try await remoteConfig.fetchAndActivate()
            try await publish(emulator, ["parameters": ["welcome": ["defaultValue": ["useInAppDefault": true]]]])
            #expect(try await remoteConfig.fetch(withExpirationDuration: 0) == .success)
            #expect(try await remoteConfig.activate())
            #expect(remoteConfig.allKeys(from: .remote).isEmpty)
        }
    }

    @Test func conditionsTheEmulatorDecides() async throws {
        let conditions: [(String, String)] = [
            ("app", "app.id == '1:1234567890:ios:0123456789abcdef'"),
            ("version", "app.version.>=(['1.10']) && app.version.<(['2'])"),
            ("everyone", "percent <= 100 && percent('seed') between 0 and 100"),
            ("nobody", "percent > 100"),
            ("property", "app.userProperty['age'] >= 21 || app.userProperty['tier'].contains(['gol'])"),
            ("country", "device.country in ['FR', 'BE'] && !(device.language in ['en'])"),
            ("fid", "app.firebaseInstallationId in ['fid-1']"),
            ("regex", "app.customSignal['email'].matches(['.*@example[.]com'])"),
            ("undecided", "device.os == 'ios' || dateTime >= dateTime('2025-01-01T09:00:00')"),
            ("notUndecided", "!app.audiences.inAtLeastOne(['buyers'])"),
        ]
        var parameters: [String: Any] = [:]
        for (name, _) in conditions {
            parameters[name] = ["defaultValue": ["value": "no"], "conditionalValues": [name: ["value": "yes"]]]
        }
        let template: [String: Any] = [
            "conditions": conditions.map { ["name": $0.0, "expression": $0.1] }, "parameters": parameters,
        ]
        try await withEmulator(.ephemeral(services: [.remoteConfig])) { emulator in
            try await publish(emulator, template)
            let answer = try await fetch(
                emulator,
                [
                    "appVersion": "1.10.2", "analyticsUserProperties": ["tier": "gold"], "countryCode": "FR",
                    "languageCode": "fr-FR", "customSignals": ["email": "ada@example.com"],
                ])
            let entries = try #require(answer.json["entries"] as? [String: String])
            #expect(
                entries.filter { $0.value == "yes" }.keys.sorted()
                    == ["app", "country", "everyone", "fid", "notUndecided", "property", "regex", "version"])
            let other = try await fetch(emulator, ["appId": "other", "appVersion": "2.0"])
            let otherEntries = try #require(other.json["entries"] as? [String: String])
            #expect(otherEntries.filter { $0.value == "yes" }.keys.sorted() == ["everyone", "fid", "notUndecided"])
        }
    }

    @Test func theTemplateFileOptionRefusesMissingAndMalformedFiles() async throws {
        var missing = EmulatorConfiguration.ephemeral(services: [.remoteConfig])
        missing.remoteConfigTemplate = URL(fileURLWithPath: "/nonexistent/flint-template.json")
        let noFile = await #expect(throws: EmulatorStartError.self) {
            _ = try await FlintEmulator.start(configuration: missing, log: { _ in })
        }
        #expect(noFile == .invalidFile(path: "/nonexistent/flint-template.json", problem: "no such file"))
        let malformed: [(String, String)] = [
            ("{\"parameters\": ", "not valid JSON"),
            ("[1, 2]", "not a JSON object"),
            (#"{"conditions": [{"name": "c", "expression": "app.id == "}]}"#, "conditions[0].expression"),
            (#"{"parameters": {"a": {"defaultValue": {"value": 1}}}}"#, "parameters.a.defaultValue"),
            (#"{"parameters": {"a": {"conditionalValues": {"c": {"value": "1"}}}}}"#, "unknown condition 'c'"),
        ]
        for (text, problem) in malformed {
            let configuration = try configuration(template: text)
            defer { removeTemplateFile(of: configuration) }
            let error = await #expect(throws: EmulatorStartError.self) {
                _ = try await FlintEmulator.start(configuration: configuration, log: { _ in })
            }
            guard case .invalidFile(let path, let message)? = error else {
                Issue.record("expected invalidFile, got \(String(describing: error))")
                continue
            }
            #expect(path == configuration.remoteConfigTemplate?.path)
            #expect(message.contains(problem), "\(message)")
        }
    }

    @Test func badInputGetsGoogleShapedErrors() async throws {
        try await withTemplateEmulator(maximumBodySize: 4096) { emulator in
            func url(_ path: String) -> URL { emulator.url(.remoteConfig, path) }
            func expectError(_ answer: RawHTTP, _ status: Int, _ name: String, _ text: String? = nil) {
                #expect(answer.status == status)
                let error = answer.json["error"] as? [String: Any]
                #expect(error?["code"] as? Int == status)
                #expect(error?["status"] as? String == name)
                if let text { #expect((error?["message"] as? String)?.contains(text) == true, "\(error ?? [:])") }
            }
            expectError(
                try await RawHTTP.send("POST", url(Self.fetchPath), body: Data("{oops".utf8)), 400, "INVALID_ARGUMENT")
            expectError(
                try await RawHTTP.json("POST", url(Self.fetchPath), ["appId": "a"]), 400, "INVALID_ARGUMENT",
                "appInstanceId")
            expectError(
                try await fetch(emulator, ["customSignals": ["a": ["nested": true]]]), 400, "INVALID_ARGUMENT",
                "customSignals.a")
            expectError(
                try await fetch(emulator, headers: ["Content-Encoding": "gzip"]), 400, "INVALID_ARGUMENT", "gzip")
            expectError(
                try await RawHTTP.send("POST", url(Self.fetchPath), body: Data(repeating: 32, count: 8192)), 413,
                "PAYLOAD_TOO_LARGE")
            expectError(try await RawHTTP.send("GET", url(Self.fetchPath)), 405, "METHOD_NOT_ALLOWED")
            expectError(try await RawHTTP.send("DELETE", url(Self.templatePath)), 405, "METHOD_NOT_ALLOWED")
            expectError(try await RawHTTP.send("GET", url("/v1/projects/x/namespaces/firebase:nope")), 404, "NOT_FOUND")
            expectError(try await RawHTTP.send("GET", url("/../../etc/passwd")), 404, "NOT_FOUND")
            expectError(try await RawHTTP.send("GET", url("/v1/projects/other-project/remoteConfig")), 404, "NOT_FOUND")
            // Publishing: If-Match is required and must be current; the template must be valid.
            let template = ["parameters": ["a": ["defaultValue": ["value": "1"]]]]
            expectError(
                try await RawHTTP.json("PUT", url(Self.templatePath), template), 412, "FAILED_PRECONDITION",
                "If-Match")
            expectError(
                try await RawHTTP.json(
                    "PUT", url(Self.templatePath), template, headers: ["If-Match": "etag-demo-flint-0"]),
                412, "FAILED_PRECONDITION", "VERSION_MISMATCH")
            expectError(
                try await RawHTTP.json(
                    "PUT", url(Self.templatePath), ["conditions": [["name": "c", "expression": "(true"]]],
                    headers: ["If-Match": "*"]),
                400, "INVALID_ARGUMENT", "VALIDATION_ERROR")
            let deep = String(repeating: "(", count: 100) + "true" + String(repeating: ")", count: 100)
            expectError(
                try await RawHTTP.json(
                    "PUT", url(Self.templatePath), ["conditions": [["name": "c", "expression": deep]]],
                    headers: ["If-Match": "*"]),
                400, "INVALID_ARGUMENT", "nests deeper")
            // validateOnly checks without publishing; * forces.
            let validated = try await RawHTTP.json(
                "PUT", url(Self.templatePath + "?validateOnly=true"), template, headers: ["If-Match": "*"])
            #expect(validated.status == 200)
            #expect(emulator.remoteConfigBackend?.templateVersion == 1)
            let forced = try await RawHTTP.json("PUT", url(Self.templatePath), template, headers: ["If-Match": "*"])
            #expect(forced.status == 200)
            #expect(forced.headers["etag"] == "etag-demo-flint-2")
            #expect((forced.json["version"] as? [String: Any])?["updateType"] as? String == "FORCED_UPDATE")
        }
    }
}

/// The lines of a streamed response as they arrive (blank lines skipped), finished when the response ends.
final class StreamedLines: NSObject, URLSessionDataDelegate, Sendable {
    let lines: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let buffer = Locked(Data())

    init(_ request: URLRequest) {
        (lines, continuation) = AsyncStream.makeStream(of: String.self)
        super.init()
        URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil).dataTask(with: request).resume()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let lines = buffer.withLock { buffer -> [String] in
            buffer.append(data)
            var lines: [String] = []
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                if !line.isEmpty { lines.append(line) }
            }
            return lines
        }
        for line in lines { continuation.yield(line) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        continuation.finish()
        session.finishTasksAndInvalidate()
    }
}
