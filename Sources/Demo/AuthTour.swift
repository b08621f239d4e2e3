// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAppCheck
import FlintAuth
import FlintCore
import FlintInterop
import FlintProductSupport
import Foundation

/// The Auth and App Check part of the tour: a user signs up on the local Auth emulator, a stream watches
/// the sign-in state, the user gets a name, meets `requiresRecentLogin` and reauthenticates, an anonymous user
/// is linked to an email, someone signs in "with Google" through a fake identity-provider token, and App Check
/// hands out debug tokens. Uses its own private registry and deletes its
/// app at the end. Prints only what does not change between runs (no uids, tokens or dates).
func authTour() async throws {
    var narrator = Narrator()
    print("")
    print("Flint Auth and App Check: signing in on the local emulator")

    narrator.section(
        "Configure an app with Auth and App Check",
        "Both libraries register always-eager components, so Auth and App Check exist as soon as configure returns.")
    // The demo target has its own stand-in named AuthLibrary, hence the module prefix.
    let registry = AppRegistry()
    let profile = StartupProfile()
    registry.monitor = profile
    try registry.register(FlintAuth.AuthLibrary.self)
    try registry.register(AppCheckLibrary.self)
    // The embedded backend with a clock the tour can move, to show the five-minute recent-login rule.
    let clock = Locked(Date())
    let localBackend = LocalAuthBackend(projectID: "auth-tour", now: { clock.withLock { $0 } })
    let app = try registry.configure(
        name: "auth-tour", options: DemoOptions.standard, overrides: [FlintAuth.AuthLibrary.backend(localBackend)])
    narrator.show("registry.configure(name: \"auth-tour\", options:) with \(registry.userAgent)")
    narrator.show("created at configure: \(profile.creations.map(\.typeName).sorted().joined(separator: ", "))")
    let auth = try Auth.auth(app: app)
    let backend = try app.container.require(AuthBackend.self)
    narrator.show("Auth.auth(app:) talks to \(type(of: backend)), an in-process emulator for development and tests")
    narrator.show(
        "AuthInterop, AuthUserInterop, AuthSignInInterop and Auth are one instance: "
            + "\(try app.container.require(AuthInterop.self) === auth && app.container.require(AuthSignInInterop.self) === auth)"
    )

    narrator.section(
        "Watch authStateChanges",
        "The stream registers an addStateDidChangeListener listener: it yields the current user at once, then every change of the signed-in uid."
    )
    var states = auth.authStateChanges.makeAsyncIterator()
    narrator.show("for await user in auth.authStateChanges → \(describe(await states.next()))")

    narrator.section(
        "Create a user",
        "createUser(withEmail:password:) signs the new account in; User is an object, as in the SDK: the same one across refreshes and reloads."
    )
    let result = try await auth.createUser(withEmail: "ada@example.com", password: "analytical-engine")
    let user = result.user
    narrator.show(
        "createUser(withEmail: \"ada@example.com\", password: …): isNewUser \(result.additionalUserInfo?.isNewUser ?? false)"
    )
    narrator.detail(
        "email \(user.email ?? "nil"), uid of \(user.uid.count) characters, isAnonymous \(user.isAnonymous), "
            + "providerID \(user.providerID), providers \(user.providerData.map(\.providerID))")
    narrator.show("authStateChanges yielded → \(describe(await states.next()))")
    narrator.show("auth.currentUser is that object: \(auth.currentUser === user)")

    narrator.section(
        "ID tokens",
        "One-hour JWTs; a cached token is reused while it expires more than five minutes from now, and a forced refresh asks the backend."
    )
    let token = try await user.getIDTokenResult()
    let lifetime = Int(token.expirationDate.timeIntervalSince(token.issuedAtDate))
    narrator.show(
        "user.getIDTokenResult(): sign-in provider \(token.signInProvider), lifetime \(lifetime / 60) min, "
            + "sub is the uid: \(token.standardClaims.sub == user.uid), \(token.token.split(separator: ".", omittingEmptySubsequences: false).count) JWT parts"
    )
    let cached = try await user.getIDToken()
    narrator.show("user.getIDToken() again: the cached token: \(cached == token.token)")
    let tokenChanges = Locked(0)
    let registration = auth.addIDTokenDidChangeListener { _, _ in tokenChanges.withLock { $0 += 1 } }
    _ = try await user.getIDToken(forcingRefresh: true)
    narrator.show(
        "addIDTokenDidChangeListener, then user.getIDToken(forcingRefresh: true): the listener was called "
            + "\(tokenChanges.withLock { $0 }) times (the current user, then the refresh); state listeners are not: the uid did not change"
    )
    registration.remove()

    narrator.section(
        "Errors are AuthErrorCode, with Firebase's codes",
        "Email-enumeration protection is on by default: a wrong password and an unknown email look the same.")
    for (email, password) in [("ada@example.com", "wrong-password"), ("nobody@example.com", "whatever")] {
        do {
            try await auth.signIn(withEmail: email, password: password)
            narrator.show("unexpectedly signed in")
        } catch {
            narrator.show("signIn(withEmail: \"\(email)\", …) threw \(error)")
        }
    }
    do {
        try await auth.createUser(withEmail: "grace@example.com", password: "12345")
    } catch {
        narrator.show("createUser with a 5-character password threw \(error)")
    }

    narrator.section(
        "A display name",
        "user.createProfileChangeRequest() sets displayName and photoURL; commitChanges() sends them, and the same User object shows them."
    )
    let change = user.createProfileChangeRequest()
    change.displayName = "Ada Lovelace"
    try await change.commitChanges()
    narrator.show(
        "displayName = \"Ada Lovelace\"; commitChanges(): user.displayName \(user.displayName ?? "nil"), "
            + "still auth.currentUser: \(auth.currentUser === user)")

    narrator.section(
        "A verification code",
        "user.sendEmailVerification() \"emails\" a code; the embedded backend mails nothing and lists it in oobCodes, as the Auth emulator does."
    )
    try await user.sendEmailVerification()
    guard let verification = localBackend.oobCodes.last(where: { $0.requestType == "VERIFY_EMAIL" }) else {
        throw AuthErrorCode.internalError
    }
    narrator.show(
        "localBackend.oobCodes.last → \(verification.requestType) to \(verification.email), "
            + "code \(verification.oobCode.prefix(8))…")
    narrator.detail(verification.oobLink)
    let info = try await auth.checkActionCode(verification.oobCode)
    try await auth.applyActionCode(verification.oobCode)
    try await user.reload()
    narrator.show(
        "checkActionCode → \(info.operation); applyActionCode(code), user.reload(): isEmailVerified \(user.isEmailVerified)"
    )

    narrator.section(
        "Recent login",
        "Changing the password, deleting the account or linking an email needs a sign-in from the last five minutes; reauthenticate(with:) renews it."
    )
    clock.withLock { $0 += 6 * 60 }
    do {
        try await user.updatePassword(to: "difference-engine")
        narrator.show("unexpectedly changed the password")
    } catch {
        narrator.show("six minutes later, user.updatePassword(to:) threw \(error)")
    }
    let reauthenticated = try await user.reauthenticate(
        with: EmailAuthProvider.credential(withEmail: "ada@example.com", password: "analytical-engine"))
    try await user.updatePassword(to: "difference-engine")
    narrator.show(
        "user.reauthenticate(with: EmailAuthProvider.credential(…)): the same user \(reauthenticated.user === user); "
            + "updatePassword(to:) now succeeds")

    narrator.section(
        "Link an anonymous user to an email",
        "link(with:) keeps the uid: the anonymous user's data stays theirs once they pick a password.")
    try auth.signOut()
    let guest = try await auth.signInAnonymously().user
    let guestUID = guest.uid
    try await guest.link(with: EmailAuthProvider.credential(withEmail: "charles@example.com", password: "babbage-1822"))
    narrator.show(
        "signInAnonymously(), then link(with: EmailAuthProvider.credential(…)): same uid \(guest.uid == guestUID), "
            + "isAnonymous \(guest.isAnonymous), email \(guest.email ?? "nil"), providers \(guest.providerData.map(\.providerID))"
    )

    narrator.section(
        "Sign in with Google, offline",
        "The embedded backend reads identity-provider tokens as the Auth emulator does: an unsigned JWT with sub, email, email_verified, name, picture."
    )
    try auth.signOut()
    let idToken = LocalAuthBackend.fakeIdPToken(sub: "google-grace", email: "grace@example.com", name: "Grace Hopper")
    let google = try await auth.signIn(with: GoogleAuthProvider.credential(withIDToken: idToken, accessToken: "unused"))
    narrator.show(
        "signIn(with: GoogleAuthProvider.credential(withIDToken: LocalAuthBackend.fakeIdPToken(…), …)): "
            + "provider \(google.additionalUserInfo?.providerID ?? "nil"), isNewUser \(google.additionalUserInfo?.isNewUser ?? false)"
    )
    narrator.detail(
        "displayName \(google.user.displayName ?? "nil"), email \(google.user.email ?? "nil"), "
            + "verified \(google.user.isEmailVerified), providers \(google.user.providerData.map(\.providerID))")
    do {
        try await google.user.link(with: GoogleAuthProvider.credential(withIDToken: idToken, accessToken: "unused"))
    } catch {
        narrator.show("linking Google again threw \(error)")
    }

    narrator.section(
        "Sign out",
        "signOut() clears the user; the stream yields nil. Signing out again changes nothing and notifies nobody.")
    try auth.signOut()
    narrator.show("auth.signOut(); authStateChanges yielded → \(describe(await states.next()))")
    try auth.signOut()
    narrator.show("auth.signOut() again: currentUser \(describe(.some(auth.currentUser)))")

    narrator.section(
        "An App Check token",
        "AppCheck.appCheck(app:) gets tokens from the app's provider factory component: by default the debug provider, issuing local JWTs."
    )
    let appCheck = try AppCheck.appCheck(app: app)
    let appCheckToken = try await appCheck.token(forcingRefresh: false)
    let claims = try LocalJWT.decode(AppCheckTokenClaims.self, from: appCheckToken.token)
    narrator.show(
        "token(forcingRefresh: false): provider \(claims.provider), for app \(claims.sub), "
            + "valid \(Int(appCheckToken.expirationDate.timeIntervalSince(Date(timeIntervalSince1970: TimeInterval(claims.iat)))) / 60) min"
    )
    narrator.show("asked again: the cached token: \(try await appCheck.token(forcingRefresh: false) == appCheckToken)")
    let limited = try await appCheck.limitedUseToken()
    narrator.show("limitedUseToken(): a fresh one, never cached: \(limited.token != appCheckToken.token)")
    let interop = await (try app.container.require(AppCheckInterop.self)).getToken(forcingRefresh: false)
    narrator.show(
        "through AppCheckInterop (what Functions attaches): same token \(interop.token == appCheckToken.token), error \(interop.error.map { "\($0)" } ?? "nil")"
    )

    narrator.section(
        "Delete the app",
        "Auth and App Check remove their listeners in appWillBeDeleted; the instances are released with the app.")
    narrator.show(
        "await app.delete() returned \(await app.delete()); apps left in the registry: \(registry.allApps.count)")
    do {
        _ = try app.container.require(Auth.self)
        narrator.show("unexpectedly resolved Auth")
    } catch {
        narrator.show("app.container.require(Auth.self) now throws \(error)")
    }

    narrator.section(
        "A product whose library was not registered",
        "Every product entry point throws a typed ComponentError, never nil and never a trap; a missing library is named."
    )
    let bare = try AppRegistry().configure(name: "no-auth", options: DemoOptions.standard)
    do {
        _ = try Auth.auth(app: bare)
        narrator.show("unexpectedly resolved Auth")
    } catch {
        narrator.show("Auth.auth(app:) in a registry without AuthLibrary throws \(caseName(of: error)):")
        narrator.detail("\(error)")
    }
    await bare.delete()
}

/// What a stream's `next()` returned (nil: the stream ended), as the tour prints it.
private func describe(_ user: User??) -> String {
    switch user {
    case .none: "the stream ended"
    case .some(.none): "nil (signed out)"
    case .some(.some(let user)): "\(user.email ?? "anonymous user")"
    }
}
