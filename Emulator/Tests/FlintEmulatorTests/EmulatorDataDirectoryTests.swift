// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintEmulator
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--data-dir`: each service keeps its state in a folder of the data directory, and a later emulator on the same
/// directory starts with it.
@Suite("Emulator data directory: state kept across runs")
struct EmulatorDataDirectoryTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flint-emulator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func configuration(_ directory: URL) -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration.ephemeral(services: [.auth, .database, .storage, .remoteConfig])
        configuration.dataDirectory = directory
        return configuration
    }

    @Test func accountsDataObjectsAndTheTemplateSurviveARestart() async throws {
        let directory = try temporaryDirectory()
        let signUp = "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake"
        let refreshToken = try await withEmulator(configuration(directory)) { emulator in
            let answer = try await RawHTTP.json(
                "POST", emulator.url(.auth, signUp),
                ["email": "ada@example.com", "password": "analytical", "returnSecureToken": true])
            #expect(answer.status == 200)
            let written = try await RawHTTP.json("PUT", emulator.url(.database, "/notes/a.json"), ["text": "kept"])
            #expect(written.status == 200)
            let uploaded = try await RawHTTP.send(
                "POST", emulator.url(.storage, "/v0/b/demo-flint.appspot.com/o?name=kept/a.txt"),
                body: Data("kept bytes".utf8), headers: ["Content-Type": "text/plain"])
            #expect(uploaded.status == 200)
            let published = try await RawHTTP.json(
                "PUT", emulator.url(.remoteConfig, "/v1/projects/demo-flint/remoteConfig"),
                ["parameters": ["welcome": ["defaultValue": ["value": "kept"]]]], headers: ["If-Match": "*"])
            #expect(published.status == 200)
            return try #require(answer.json["refreshToken"] as? String)
        }
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("auth/accounts.json").path))

        try await withEmulator(configuration(directory)) { emulator in
            let signIn = try await RawHTTP.json(
                "POST", emulator.url(.auth, "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=f"),
                ["email": "ada@example.com", "password": "analytical", "returnSecureToken": true])
            #expect(signIn.status == 200)
            let refreshed = try await RawHTTP.json(
                "POST", emulator.url(.auth, "/securetoken.googleapis.com/v1/token?key=f"),
                ["grant_type": "refresh_token", "refresh_token": refreshToken])
            #expect(refreshed.status == 200)
            let read = try await RawHTTP.send("GET", emulator.url(.database, "/notes/a/text.json"))
            #expect(String(decoding: read.body, as: UTF8.self) == "\"kept\"")
            let object = try await RawHTTP.send(
                "GET", emulator.url(.storage, "/v0/b/demo-flint.appspot.com/o/kept%2Fa.txt?alt=media"))
            #expect(String(decoding: object.body, as: UTF8.self) == "kept bytes")
            let template = try await RawHTTP.send(
                "GET", emulator.url(.remoteConfig, "/v1/projects/demo-flint/remoteConfig"))
            #expect(template.headers["etag"] == "etag-demo-flint-1")
            let parameters = template.json["parameters"] as? [String: Any]
            #expect(
                (parameters?["welcome"] as? [String: Any])?["defaultValue"] as? [String: String] == ["value": "kept"])
        }
    }

    @Test func aTemplateThatCannotBeSavedIsRefusedAndNotPublished() async throws {
        let directory = try temporaryDirectory()
        try await withEmulator(configuration(directory)) { emulator in
            // A non-empty folder where the template's file goes: the rename over it fails.
            let blocker = directory.appendingPathComponent("remote-config/template.json/blocker")
            try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
            let templateURL = emulator.url(.remoteConfig, "/v1/projects/demo-flint/remoteConfig")
            let published = try await RawHTTP.json(
                "PUT", templateURL, ["parameters": ["a": ["defaultValue": ["value": "1"]]]],
                headers: ["If-Match": "*"])
            #expect(published.status == 500)
            #expect(emulator.remoteConfigBackend?.templateVersion == 0)
            let current = try await RawHTTP.send("GET", templateURL)
            #expect((current.json["parameters"] as? [String: Any])?.isEmpty == true)
        }
    }

    @Test func withoutADataDirectoryNothingIsKept() async throws {
        try await withEmulator(.ephemeral(services: [.database])) { emulator in
            _ = try await RawHTTP.json("PUT", emulator.url(.database, "/a.json"), 1)
        }
        try await withEmulator(.ephemeral(services: [.database])) { emulator in
            let read = try await RawHTTP.send("GET", emulator.url(.database, "/a.json"))
            #expect(String(decoding: read.body, as: UTF8.self) == "null")
        }
    }

    @Test func aDamagedAccountsFileFailsToStartNamingIt() async throws {
        let directory = try temporaryDirectory()
        let auth = directory.appendingPathComponent("auth")
        try FileManager.default.createDirectory(at: auth, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: auth.appendingPathComponent("accounts.json"))
        do {
            _ = try await FlintEmulator.start(configuration: configuration(directory), log: { _ in })
            Issue.record("started on a damaged accounts file")
        } catch EmulatorStartError.cannotLoadState(let reason) {
            #expect(reason.contains("auth/accounts.json"))
        }
    }

    @Test func aFIFOInPlaceOfTheAccountsFileFailsAtOnce() async throws {
        let directory = try temporaryDirectory()
        let auth = directory.appendingPathComponent("auth")
        try FileManager.default.createDirectory(at: auth, withIntermediateDirectories: true)
        try #require(mkfifo(auth.appendingPathComponent("accounts.json").path, 0o600) == 0)
        await #expect(throws: EmulatorStartError.self) {
            _ = try await FlintEmulator.start(configuration: configuration(directory), log: { _ in })
        }
    }
}
