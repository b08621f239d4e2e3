// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Testing

/// Error descriptions that tell the reader what to do.
@Suite("ComponentError descriptions")
struct ComponentErrorMessageTests {
    @Test func notRegisteredSaysHowToProvideTheType() throws {
        let app = try makeApp([])
        let error = #expect(throws: ComponentError.notRegistered(type: ComponentError.typeName(of: Leaf.self))) {
            try app.container.require(Leaf.self)
        }
        #expect(
            error?.description == "No component is registered for \(ComponentError.typeName(of: Leaf.self)): "
                + "register the library that provides it (libraries registered after an app was configured reach it "
                + "too), or pass a component for it in configure(overrides:).")
    }

    @Test func libraryNotRegisteredNamesTheLibraryToRegister() {
        #expect(
            ComponentError.libraryNotRegistered(type: "FlintAuth.Auth", library: "AuthLibrary").description
                == "FlintAuth.Auth is not registered: register its library with FlintApp.registerLibrary(AuthLibrary.self) "
                + "(or registry.register(AuthLibrary.self)); it reaches apps already configured too.")
    }

    @Test func productEntryPointCasesSayWhatWentWrong() {
        #expect(
            ComponentError.defaultAppNotConfigured.description
                == "No default app is configured in AppRegistry.shared: call FlintApp.configure() first, or pass an app."
        )
        #expect(
            ComponentError.invalidOptions(product: "FlintX.X", reason: "no projectID.").description
                == "FlintX.X cannot use the app's options: no projectID.")
        #expect(
            ComponentError.invalidArgument(product: "FlintX.X", reason: "bad region.").description
                == "Invalid argument for FlintX.X: bad region.")
    }
}
