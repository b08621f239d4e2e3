// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@Suite struct WithTestAppTests {
    @Test func returnsTheBodysValue() async throws {
        let greeting = try await withTestApp(libraries: [GreeterLibrary.self]) { app in
            try app.container.require(Greeter.self).greeting()
        }
        #expect(greeting == "Hello, stranger")
    }

    @Test func deletesTheAppAfterTheBody() async throws {
        let probe = LifecycleProbe()
        let app = try await withTestApp(name: "scoped", overrides: [.instance(probe, as: LifecycleProbe.self)]) { app in
            _ = try app.container.require(LifecycleProbe.self)
            #expect(app.registry.app(name: "scoped") === app)
            return app
        }
        #expect(app.registry.app(name: "scoped") == nil)
        #expect(probe.appsDeleted == ["scoped"])
        #expect(await app.delete() == false)
    }

    @Test func deletesTheAppAndRethrowsWhenTheBodyThrows() async throws {
        let probe = LifecycleProbe()
        let captured = Locked<FlintApp?>(nil)
        await #expect(throws: FakeError("body failed")) {
            try await withTestApp(overrides: [.instance(probe, as: LifecycleProbe.self)]) { app in
                _ = try app.container.require(LifecycleProbe.self)
                captured.withLock { $0 = app }
                throw FakeError("body failed")
            }
        }
        let app = try #require(captured.withLock { $0 })
        #expect(app.registry.app() == nil)
        #expect(probe.appsDeleted == [FlintApp.defaultName])
    }

    @Test func theBodyMayMutateNonSendableLocalState() async throws {
        var names: [String] = []
        try await withTestApp(name: "local") { app in
            names.append(app.name)
        }
        #expect(names == ["local"])
    }
}
