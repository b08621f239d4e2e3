// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Foundation
import Testing

@testable import FlintFunctions

/// A region, custom domain, emulator host or function name that would move a call (and the tokens it
/// carries) to another host, or out of its path, fails with `invalidArgument` before any token is read or
/// any request made.
@Suite("Function URL safety")
struct URLSafetyTests {
    /// A recording transport in an app with Auth and App Check, so a leaked token would show.
    struct Fixture {
        let transport = RecordingTransport()
        let auth = FakeAuth(userID: "u", token: "id-token")
        let appCheck = FakeAppCheck(token: "ac-token")
        let app: FlintApp

        init() throws {
            app = try makeFunctionsApp(
                overrides: [.instance(transport, as: FunctionsTransport.self)]
                    + auth.components + appCheck.components)
        }

        /// Calls `name` and returns the error's code; records an issue when the call does not fail.
        func refusal(_ functions: Functions, name: String) async -> FunctionsErrorCode? {
            do {
                _ = try await functions.httpsCallable(name).call()
                Issue.record("the call to \(name) was not refused")
                return nil
            } catch let error as FunctionsError {
                return error.code
            } catch {
                Issue.record("unexpected error \(error)")
                return nil
            }
        }

        /// Nothing was sent and no token was read.
        func expectNothingSent() {
            #expect(transport.requests.isEmpty)
            #expect(auth.getTokenCalls.isEmpty)
            #expect(appCheck.getTokenCalls.isEmpty)
        }
    }

    @Test(arguments: [
        "../../escape", "..", ".", "a/b", "/f", "f?x=1", "f#frag", "user@f", "a%2Fb", "a%2e%2e", "f g",
        "f\tg", "f\ng", "f\u{0}", "f\u{7F}", "ƒ", "f\\g", "f:80", "",
    ])
    func aDangerousFunctionNameIsRefused(name: String) async throws {
        let fixture = try Fixture()
        #expect(await fixture.refusal(try Functions.functions(app: fixture.app), name: name) == .invalidArgument)
        fixture.expectNothingSent()
    }

    @Test(arguments: [
        "attacker.example/steal?", "attacker.example#", "us-central1.attacker.example", "a@b", "a b",
        "a/b", "us%2Dcentral1", "", "a:1", "a\u{0}",
    ])
    func aDangerousRegionIsRefused(region: String) async throws {
        let fixture = try Fixture()
        #expect(
            await fixture.refusal(try Functions.functions(app: fixture.app, region: region), name: "f")
                == .invalidArgument)
        fixture.expectNothingSent()
    }

    @Test(arguments: [
        "https://good.example@attacker.example", "https://user:pw@good.example", "https://good.example?x=",
        "https://good.example#x", "https://good.example/../x", "https://good.example/a%2F..",
        "ftp://good.example", "good.example", "https://", "https://good .example", "javascript:alert(1)",
        "https://good.example/./x", "https://good.example\\@attacker.example",
    ])
    func aDangerousCustomDomainIsRefused(domain: String) async throws {
        let fixture = try Fixture()
        #expect(
            await fixture.refusal(try Functions.functions(app: fixture.app, customDomain: domain), name: "f")
                == .invalidArgument)
        fixture.expectNothingSent()
    }

    @Test(arguments: ["attacker.example/x", "a@attacker.example", "host?x", "host#x", "ho st"])
    func aDangerousEmulatorHostIsRefused(host: String) async throws {
        let fixture = try Fixture()
        let functions = try Functions.functions(app: fixture.app)
        functions.useEmulator(withHost: host, port: 5001)
        #expect(await fixture.refusal(functions, name: "f") == .invalidArgument)
        fixture.expectNothingSent()
    }

    @Test func aDangerousProjectIDIsRefused() async throws {
        var options = FlintOptions.testing
        options.projectID = "p.attacker.example/x"
        let transport = RecordingTransport()
        let app = try makeFunctionsApp(overrides: [.instance(transport, as: FunctionsTransport.self)], options: options)
        await #expect(throws: FunctionsError.self) {
            _ = try await Functions.functions(app: app).httpsCallable("f").call()
        }
        #expect(transport.requests.isEmpty)
    }

    @Test(
        arguments: [
            ("us-central1", nil, "f_1-a.b", "https://us-central1-flint-test.cloudfunctions.net/f_1-a.b"),
            ("europe-west1", nil, "group-fn", "https://europe-west1-flint-test.cloudfunctions.net/group-fn"),
            ("us-central1", "https://mydomain.com/", "f", "https://mydomain.com/f"),
            ("us-central1", "https://mydomain.com/api/v1", "f", "https://mydomain.com/api/v1/f"),
            ("us-central1", "http://localhost:5001", "f", "http://localhost:5001/f"),
        ] as [(String, String?, String, String)])
    func ordinaryPartsMakeTheExpectedURLAndTheTokensGoThere(region: String, domain: String?, name: String, url: String)
        async throws
    {
        let fixture = try Fixture()
        let functions =
            if let domain {
                try Functions.functions(app: fixture.app, customDomain: domain)
            } else {
                try Functions.functions(app: fixture.app, region: region)
            }
        _ = try await functions.httpsCallable(name).call()
        let request = try #require(fixture.transport.onlyRequest)
        #expect(request.url.absoluteString == url)
        #expect(request.headers["Authorization"] == "Bearer id-token")
        #expect(request.headers["X-Firebase-AppCheck"] == "ac-token")
    }

    @Test func theEmulatorURLKeepsItsHost() throws {
        let functions = try Functions.functions(app: makeFunctionsApp(), region: "europe-west1")
        functions.useEmulator(withHost: "[::1]", port: 5001)
        #expect(
            try functions.functionURL(for: "f", emulatorOrigin: functions.emulatorOrigin).absoluteString
                == "http://[::1]:5001/flint-test/europe-west1/f")
    }
}
