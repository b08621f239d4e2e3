// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintInstallations

@Suite struct InstallationIDTests {
    @Test func theIDHas22URLSafeCharactersAndStartsWithBits0111() async throws {
        let app = try makeInstallationsApp()
        let fid = try await Installations.installations(app: app).installationID()
        #expect(fid.count == 22)
        #expect(InstallationID.isValid(fid))
        let first = try #require(
            Data(
                base64Encoded: String(fid.prefix(4)).replacingOccurrences(of: "-", with: "+")
                    .replacingOccurrences(of: "_", with: "/"))?.first)
        #expect(first >> 4 == 0b0111)
    }

    @Test func generatedIDsAreValidAndDistinct() {
        let ids = (0..<200).map { _ in InstallationID.make() }
        #expect(ids.allSatisfy(InstallationID.isValid))
        #expect(Set(ids).count == 200)
    }

    @Test func validationRefusesOtherShapes() {
        #expect(!InstallationID.isValid("short"))
        #expect(!InstallationID.isValid("aAAAAAAAAAAAAAAAAAAAAA"))  // first bits not 0111
        #expect(!InstallationID.isValid("cAAAAAAAAAAAAAAAAAAA/A"))  // not URL-safe
        #expect(InstallationID.isValid("cAAAAAAAAAAAAAAAAAAA-_"))
    }

    @Test func theIDIsStableWithinAnAppAndMakesNoRequest() async throws {
        let backend = LocalInstallationsBackend()
        let app = try makeInstallationsApp(backend: backend)
        let installations = try Installations.installations(app: app)
        let first = try await installations.installationID()
        #expect(try await installations.installationID() == first)
        #expect(backend.createCount == 0)
    }

    @Test func theEntryPointReturnsOneInstancePerApp() throws {
        let app = try makeInstallationsApp()
        #expect(try Installations.installations(app: app) === Installations.installations(app: app))
    }

    @Test func theEntryPointNamesTheMissingLibrary() throws {
        let app = try TestApp.make()
        #expect(
            throws: ComponentError.libraryNotRegistered(
                type: ComponentError.typeName(of: Installations.self), library: "InstallationsLibrary")
        ) {
            try Installations.installations(app: app)
        }
    }

    @Test func aDeletedAppHasNoInstance() async throws {
        let app = try makeInstallationsApp(name: "gone")
        await app.delete()
        #expect(throws: ComponentError.appDeleted(name: "gone")) { try Installations.installations(app: app) }
    }

    @Test func errorsBridgeToFirebasesDomainAndCodes() {
        let error = InstallationsError(.serverUnreachable, message: "down") as NSError
        #expect(error.domain == "com.firebase.installations")
        #expect(error.code == 2)
        #expect(error.localizedDescription == "down")
        #expect(InstallationsErrorCode.keychain.rawValue == 1)
        #expect(InstallationsErrorCode.invalidConfiguration.rawValue == 3)
    }
}
