// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintEmulator
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ports from a `firebase.json`'s `emulators` section.
@Suite("firebase.json: the emulators section's ports")
struct FirebaseJSONTests {
    private func parse(_ text: String) throws(EmulatorStartError) -> [EmulatorConfiguration.Service: Int] {
        try FirebaseJSON(data: Data(text.utf8)).ports
    }

    private func reason(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            guard case .invalidConfiguration(let reason) = error else { return "\(error)" }
            return reason
        }
    }

    @Test func readsThePortsOfTheServicesItNames() throws {
        let ports = try parse(
            """
            {"hosting": {"public": "www"}, "emulators": {"auth": {"port": 9199, "host": "0.0.0.0"},
             "database": {"port": 0}, "firestore": {"port": 8080}, "remote-config": {"port": 7000},
             "ui": {"enabled": true}, "singleProjectMode": true}}
            """)
        #expect(ports == [.auth: 9199, .database: 0, .remoteConfig: 7000])
    }

    @Test func aFileWithoutEmulatorsHasNoPorts() throws {
        #expect(try parse(#"{"database": {"rules": "database.rules.json"}}"#).isEmpty)
    }

    @Test func badFilesAreRefusedNamingWhatIsWrong() {
        #expect(reason("[1]") == "firebase.json is not a JSON object")
        #expect(reason("{") == "firebase.json is not a JSON object")
        #expect(reason(#"{"emulators": 3}"#)?.contains("emulators") == true)
        #expect(reason(#"{"emulators": {"auth": 9099}}"#) == "firebase.json: emulators.auth is not an object")
        #expect(reason(#"{"emulators": {"auth": {"port": "9099"}}}"#)?.contains("emulators.auth.port") == true)
        #expect(reason(#"{"emulators": {"auth": {"port": true}}}"#)?.contains("emulators.auth.port") == true)
        #expect(reason(#"{"emulators": {"auth": {"port": 70000}}}"#)?.contains("not in 0...65535") == true)
    }

    @Test func loadIsNilWithoutAFileAndRefusesAFIFO() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flint-json-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("firebase.json")
        #expect(try FirebaseJSON.load(from: url) == nil)
        try #require(mkfifo(url.path, 0o600) == 0)
        #expect(throws: EmulatorStartError.invalidFile(path: url.path, problem: "not a regular file")) {
            try FirebaseJSON.load(from: url)
        }
        try FileManager.default.removeItem(at: url)
        try Data(#"{"emulators": {"storage": {"port": 9198}}}"#.utf8).write(to: url)
        #expect(try FirebaseJSON.load(from: url)?.ports == [.storage: 9198])
    }
}
