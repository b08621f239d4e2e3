// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import Testing

/// A product depending on interop protocols, as in the component guide: optional dependencies see the
/// provider when one is registered and nil otherwise.
@Suite struct InteropDependencyTests {
    /// A leaf product, like Functions: uses Auth, App Check and Messaging when they are present.
    final class CallableClient: Sendable {
        let auth: (any AuthInterop)?
        let appCheck: (any AppCheckInterop)?
        let messaging: (any MessagingInterop)?
        init(auth: (any AuthInterop)?, appCheck: (any AppCheckInterop)?, messaging: (any MessagingInterop)?) {
            self.auth = auth
            self.appCheck = appCheck
            self.messaging = messaging
        }

        /// The headers a request would carry.
        func headers() async throws -> [String: String] {
            var headers: [String: String] = [:]
            if let token = try await auth?.getToken(forcingRefresh: false) {
                headers["Authorization"] = "Bearer \(token)"
            }
            if let result = await appCheck?.getToken(forcingRefresh: false) {
                headers["X-Firebase-AppCheck"] = result.token
            }
            if let fcmToken = messaging?.fcmToken {
                headers["Firebase-Instance-ID-Token"] = fcmToken
            }
            return headers
        }
    }

    enum CallableLibrary: FlintLibrary {
        static let libraryName = "interop-test-callable"
        static let libraryVersion = "1.0.0"
        static func componentsToRegister() -> [Component] {
            [
                Component(
                    CallableClient.self,
                    dependencies: [
                        .optional(AuthInterop.self), .optional(AppCheckInterop.self),
                        .optional(MessagingInterop.self),
                    ]
                ) { container, isCacheable in
                    isCacheable = true
                    return CallableClient(
                        auth: container.instance(for: AuthInterop.self),
                        appCheck: container.instance(for: AppCheckInterop.self),
                        messaging: container.instance(for: MessagingInterop.self))
                }
            ]
        }
    }

    private func configure(_ overrides: [Component]) throws -> FlintApp {
        let registry = AppRegistry()
        try registry.register(CallableLibrary.self)
        return try registry.configure(options: interopTestOptions, overrides: overrides)
    }

    @Test func optionalInteropDependenciesAreInjectedWhenProvided() async throws {
        let auth = TinyAuth()
        let appCheck = TinyAppCheck()
        let messaging = TinyMessaging()
        let app = try configure([
            .instance(auth, as: AuthInterop.self),
            .instance(appCheck, as: AppCheckInterop.self),
            .instance(messaging, as: MessagingInterop.self),
        ])
        let client = try app.container.require(CallableClient.self)
        #expect(client.auth === auth)
        #expect(client.appCheck === appCheck)
        #expect(client.messaging === messaging)
        #expect(
            try await client.headers() == [
                "Authorization": "Bearer cached-token",
                "X-Firebase-AppCheck": "cached-app-check",
                "Firebase-Instance-ID-Token": "tiny-fcm-token",
            ])
    }

    @Test func optionalInteropDependenciesAreNilWhenAbsent() async throws {
        let app = try configure([])
        let client = try app.container.require(CallableClient.self)
        #expect(client.auth == nil)
        #expect(client.appCheck == nil)
        #expect(client.messaging == nil)
        #expect(try await client.headers() == [:])
    }

    @Test func aRequiredInteropDependencyWithNoProviderFailsConfigure() throws {
        let consumer = Component(TinyAnalytics.self, dependencies: [.required(AuthInterop.self)]) { _, _ in
            TinyAnalytics()
        }
        #expect(
            throws: ComponentError.missingDependency(
                component: String(reflecting: TinyAnalytics.self),
                dependency: String(reflecting: (any AuthInterop).self))
        ) {
            try AppRegistry().configure(options: interopTestOptions, overrides: [consumer])
        }
    }
}
