// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import Testing

/// Each interop protocol is a valid container key: a hand-written conformer registered under the protocol
/// type resolves, as the identical object, through a private registry's container.
@Suite struct InteropRegistrationTests {
    private func configure(_ overrides: [Component]) throws -> FlintApp {
        try AppRegistry().configure(options: interopTestOptions, overrides: overrides)
    }

    @Test func authInteropResolvesToTheRegisteredObject() async throws {
        let auth = TinyAuth()
        let app = try configure([.instance(auth, as: AuthInterop.self)])
        let resolved = try #require(app.container.instance(for: AuthInterop.self))
        #expect(resolved === auth)
        #expect(try await resolved.getToken(forcingRefresh: true) == "fresh-token")
        #expect(try await resolved.getToken(forcingRefresh: false) == "cached-token")
        #expect(resolved.getUserID() == "tiny-user")
    }

    @Test func authUserInteropResolvesToTheRegisteredObject() throws {
        let user = TinyAuthUser()
        let app = try configure([.instance(user, as: AuthUserInterop.self)])
        let resolved = try app.container.require(AuthUserInterop.self)
        #expect(resolved === user)
        #expect(resolved.currentUserID == "tiny-user")
        #expect(resolved.isAnonymous)
        #expect(resolved.email == nil)
    }

    @Test func authSignInInteropResolvesToTheRegisteredObject() async throws {
        let signIn = TinyAuthSignIn()
        let app = try configure([.instance(signIn, as: AuthSignInInterop.self)])
        let resolved = try app.container.require(AuthSignInInterop.self)
        #expect(resolved === signIn)
        #expect(try await resolved.signInAnonymously() == "anonymous-uid")
        try resolved.signOut()
        #expect(signIn.didSignOut)
    }

    @Test func appCheckInteropResolvesToTheRegisteredObject() async throws {
        let appCheck = TinyAppCheck()
        let app = try configure([.instance(appCheck, as: AppCheckInterop.self)])
        let resolved = try app.container.require(AppCheckInterop.self)
        #expect(resolved === appCheck)
        let cached = await resolved.getToken(forcingRefresh: false)
        #expect(cached.token == "cached-app-check")
        #expect(cached.error == nil)
        #expect(await resolved.getLimitedUseToken().token == "limited-use")
    }

    @Test func appCheckTokenResultInteropResolvesToTheRegisteredObject() throws {
        struct Failure: Error, Equatable {}
        let result = TinyTokenResult(token: "dummy", error: Failure())
        let app = try configure([.instance(result, as: AppCheckTokenResultInterop.self)])
        let resolved = try app.container.require(AppCheckTokenResultInterop.self)
        #expect(resolved === result)
        #expect(resolved.token == "dummy")
        #expect(resolved.error as? Failure == Failure())
    }

    @Test func messagingInteropResolvesToTheRegisteredObject() throws {
        let messaging = TinyMessaging()
        let app = try configure([.instance(messaging, as: MessagingInterop.self)])
        let resolved = try app.container.require(MessagingInterop.self)
        #expect(resolved === messaging)
        #expect(resolved.fcmToken == "tiny-fcm-token")
    }

    @Test func analyticsInteropResolvesToTheRegisteredObject() throws {
        let analytics = TinyAnalytics()
        let app = try configure([.instance(analytics, as: AnalyticsInterop.self)])
        let resolved = try app.container.require(AnalyticsInterop.self)
        #expect(resolved === analytics)
        resolved.logEvent("purchase", parameters: ["value": "3", "item": "book"])
        resolved.setUserProperty("gold", forName: "tier")
        resolved.setUserProperty(nil, forName: "tier")
        #expect(analytics.logged == ["purchase(item=book,value=3)", "tier:=gold", "tier:=nil"])
    }

    @Test func anUnprovidedInteropProtocolIsNotRegistered() throws {
        let app = try configure([.instance(TinyAuth(), as: AuthInterop.self)])
        #expect(app.container.instance(for: AppCheckInterop.self) == nil)
        #expect(throws: ComponentError.notRegistered(type: String(reflecting: (any AppCheckInterop).self))) {
            try app.container.require(AppCheckInterop.self)
        }
    }

    @Test func interopProtocolsAreDistinctKeysForOneObject() throws {
        // One object conforming to two protocols, registered under only one of them.
        final class AuthAndMessaging: AuthInterop, MessagingInterop {
            func getToken(forcingRefresh: Bool) async throws -> String? { nil }
            func getUserID() -> String? { nil }
            var fcmToken: String? { nil }
        }
        let app = try configure([.instance(AuthAndMessaging(), as: AuthInterop.self)])
        #expect(app.container.instance(for: AuthInterop.self) != nil)
        #expect(app.container.instance(for: MessagingInterop.self) == nil)
    }
}
