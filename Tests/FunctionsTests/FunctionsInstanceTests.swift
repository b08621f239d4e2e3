// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintFunctions

@Suite("Functions instances and entry points")
struct FunctionsInstanceTests {
    @Test func theDefaultRegionIsUsCentral1() throws {
        let functions = try Functions.functions(app: makeFunctionsApp())
        #expect(functions.region == "us-central1")
        #expect(functions.customDomain == nil)
        #expect(functions.projectID == "flint-test")
    }

    @Test func oneInstancePerAppAndRegion() throws {
        let app = try makeFunctionsApp()
        let first = try Functions.functions(app: app)
        #expect(try Functions.functions(app: app) === first)
        #expect(try Functions.functions(app: app, region: "us-central1") === first)
        let europe = try Functions.functions(app: app, region: "europe-west1")
        #expect(europe !== first)
        #expect(europe.region == "europe-west1")
        #expect(try Functions.functions(app: app, region: "europe-west1") === europe)
    }

    @Test func oneInstancePerCustomDomain() throws {
        let app = try makeFunctionsApp()
        let domain = try Functions.functions(app: app, customDomain: "https://mydomain.com")
        #expect(domain.customDomain == "https://mydomain.com")
        #expect(domain.region == "us-central1")
        #expect(try Functions.functions(app: app, customDomain: "https://mydomain.com") === domain)
        #expect(try Functions.functions(app: app, customDomain: "https://other.com") !== domain)
        #expect(try Functions.functions(app: app) !== domain)
    }

    @Test func appsHaveTheirOwnInstances() throws {
        let first = try makeFunctionsApp(name: "first")
        let second = try makeFunctionsApp(name: "second")
        let a = try Functions.functions(app: first)
        let b = try Functions.functions(app: second)
        #expect(a !== b)
        #expect(a.appName == "first")
        #expect(b.appName == "second")
    }

    @Test func withoutTheLibraryTheEntryPointsThrowLibraryNotRegistered() throws {
        let app = try TestApp.make()
        let expected = ComponentError.libraryNotRegistered(
            type: "FlintFunctions.Functions", library: "FunctionsLibrary")
        #expect(throws: expected) { try Functions.functions(app: app) }
        #expect(throws: expected) { try Functions.functions(app: app, region: "europe-west1") }
        #expect(throws: expected) { try Functions.functions(app: app, customDomain: "https://mydomain.com") }
        #expect(
            expected.description == "FlintFunctions.Functions is not registered: register its library with "
                + "FlintApp.registerLibrary(FunctionsLibrary.self) (or registry.register(FunctionsLibrary.self)); "
                + "it reaches apps already configured too.")
    }

    @Test func aProjectIDIsRequired() throws {
        var options = FlintOptions.testing
        options.projectID = nil
        let app = try makeFunctionsApp(options: options)
        let expected = ComponentError.invalidOptions(
            product: "FlintFunctions.Functions",
            reason: "the app's options have no projectID; set FlintOptions.projectID.")
        #expect(throws: expected) { try Functions.functions(app: app) }
        #expect(throws: expected) { try Functions.functions(app: app, customDomain: "https://mydomain.com") }
    }

    @Test func deletingTheAppReleasesItsInstances() async throws {
        let app = try makeFunctionsApp()
        weak var released: Functions?
        do {
            let europe = try Functions.functions(app: app, region: "europe-west1")
            let domain = try Functions.functions(app: app, customDomain: "https://mydomain.com")
            released = europe
            #expect(try app.container.require(FunctionsProvider.self) is FunctionsInstances)
            #expect((try app.container.require(FunctionsProvider.self) as? FunctionsInstances)?.instanceCount == 2)
            _ = domain
        }
        #expect(released != nil)
        #expect(await app.delete())
        #expect(released == nil)
        #expect(throws: ComponentError.appDeleted(name: FlintApp.defaultName)) { try Functions.functions(app: app) }
    }

    @Test func theProviderEmptiesItsCacheWhenTheAppIsDeleted() async throws {
        let app = try makeFunctionsApp()
        let provider = try #require(try app.container.require(FunctionsProvider.self) as? FunctionsInstances)
        _ = try Functions.functions(app: app)
        _ = try Functions.functions(app: app, region: "asia-east1")
        #expect(provider.instanceCount == 2)
        await app.delete()
        #expect(provider.instanceCount == 0)
    }

    @Test func concurrentRequestsGetOneInstance() async throws {
        let app = try makeFunctionsApp()
        let ids = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<32 {
                group.addTask { ObjectIdentifier(try Functions.functions(app: app, region: "europe-west2")) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(ids.count == 1)
    }

    @Test func theDefaultTransportIsALocalBackendPerApp() throws {
        let first = try Functions.functions(app: makeFunctionsApp(name: "first"))
        let second = try Functions.functions(app: makeFunctionsApp(name: "second"))
        let backend = try #require(first.localBackend)
        #expect(second.localBackend !== backend)
    }

    @Test func anHttpTransportOverrideHasNoLocalBackend() throws {
        let functions = try functions(using: HTTPFunctionsTransport())
        #expect(functions.localBackend == nil)
    }

    @Test func theLibraryIsNamedFlintFun() throws {
        let app = try makeFunctionsApp()
        #expect(app.registry.userAgent.contains("flint-fun/1.0.0"))
    }
}

@Suite("Function URLs")
struct FunctionURLTests {
    @Test func productionURL() throws {
        let functions = try Functions.functions(app: makeFunctionsApp())
        #expect(
            try functions.functionURL(for: "addMessage").absoluteString
                == "https://us-central1-flint-test.cloudfunctions.net/addMessage")
    }

    @Test func productionURLInARegion() throws {
        let functions = try Functions.functions(app: makeFunctionsApp(), region: "europe-west1")
        #expect(
            try functions.functionURL(for: "f").absoluteString == "https://europe-west1-flint-test.cloudfunctions.net/f"
        )
    }

    @Test func customDomainURL() throws {
        let functions = try Functions.functions(app: makeFunctionsApp(), customDomain: "https://mydomain.com")
        #expect(try functions.functionURL(for: "f").absoluteString == "https://mydomain.com/f")
    }

    @Test func emulatorURL() throws {
        let functions = try Functions.functions(app: makeFunctionsApp(), region: "europe-west1")
        functions.useEmulator(withHost: "localhost", port: 5001)
        #expect(functions.emulatorOrigin == "http://localhost:5001")
        #expect(
            try functions.functionURL(for: "f", emulatorOrigin: functions.emulatorOrigin).absoluteString
                == "http://localhost:5001/flint-test/europe-west1/f")
    }

    @Test func anEmulatorHostWithSchemeIsKept() throws {
        let functions = try Functions.functions(app: makeFunctionsApp())
        functions.useEmulator(withHost: "https://emulator.example", port: 8443)
        #expect(functions.emulatorOrigin == "https://emulator.example:8443")
    }

    @Test func theEmulatorWinsOverACustomDomain() async throws {
        let functions = try Functions.functions(app: makeFunctionsApp(), customDomain: "https://mydomain.com")
        functions.useEmulator(withHost: "127.0.0.1", port: 5001)
        #expect(
            try functions.functionURL(for: "f", emulatorOrigin: functions.emulatorOrigin).absoluteString
                == "http://127.0.0.1:5001/flint-test/us-central1/f")
    }

    @Test func theRequestGoesToTheProductionURL() async throws {
        let transport = RecordingTransport()
        _ = try await functions(using: transport).httpsCallable("addMessage").call()
        #expect(
            transport.onlyRequest?.url.absoluteString == "https://us-central1-flint-test.cloudfunctions.net/addMessage")
        #expect(transport.onlyRequest?.functionName == "addMessage")
    }

    @Test func theRequestGoesToTheCustomDomain() async throws {
        let transport = RecordingTransport()
        let app = try makeFunctionsApp(overrides: [.instance(transport, as: FunctionsTransport.self)])
        _ = try await Functions.functions(app: app, customDomain: "https://mydomain.com").httpsCallable("f").call()
        #expect(transport.onlyRequest?.url.absoluteString == "https://mydomain.com/f")
    }

    @Test func anEmptyNameFailsWithInvalidArgument() async throws {
        let transport = RecordingTransport()
        await #expect(throws: FunctionsError(.invalidArgument, message: "Invalid function name: \"\".")) {
            _ = try await functions(using: transport).httpsCallable("").call()
        }
        #expect(transport.requests.isEmpty)
    }
}
