// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAuth
import FlintCore
import FlintFunctions
import FlintInterop

/// The Functions part of the tour: a user created with FlintAuth calls a callable function on the embedded
/// backend, whose handler reads the caller's uid; then how errors reach the caller. Uses its own private
/// registry and deletes its app at the end.
func functionsTour() async throws {
    var narrator = Narrator()
    print("")
    print("Flint Functions: callable functions on the embedded backend")

    // The demo target has its own stand-in named FunctionsLibrary, hence the module prefix.
    let registry = AppRegistry()
    try registry.register(FlintAuth.AuthLibrary.self)
    try registry.register(FlintFunctions.FunctionsLibrary.self)
    let app = try registry.configure(name: "functions-tour", options: DemoOptions.standard)
    let auth = try Auth.auth(app: app)

    narrator.section(
        "Register a function on the embedded backend",
        "Every app's default FunctionsTransport is a LocalFunctionsBackend: an in-process emulator where handlers are registered by name."
    )
    let functions = try Functions.functions(app: app)
    guard let backend = functions.localBackend else {
        narrator.show("unexpected: the app's transport is not the embedded backend")
        return
    }
    backend.register(name: "greet") { data, context in
        guard let caller = context.auth else {
            throw FunctionsError(.unauthenticated, message: "Sign in to be greeted.")
        }
        let name = data["name"]?.stringValue ?? caller.uid
        return [
            "greeting": .string("Hello, \(name)!"), "uid": .string(caller.uid),
            "email": caller.token["email"] ?? .null, "visits": .int(Int64.max),
        ]
    }
    backend.register(name: "withdraw") { data, _ in
        let amount = data["amount"]?.intValue ?? 0
        guard amount <= 5 else {
            throw FunctionsError(
                .failedPrecondition, message: "Insufficient funds.", details: ["balance": 5, "requested": .int(amount)])
        }
        return ["balance": .int(5 - amount)]
    }
    narrator.show("Functions.functions(app:) → region \(functions.region), project \(functions.projectID)")
    narrator.show("backend.register(name:) for \(backend.functionNames.joined(separator: ", "))")

    narrator.section(
        "Create a user, watch authStateChanges, call the function as that user",
        "Functions depends on AuthInterop optionally; with FlintAuth in the app, each request carries 'Authorization: Bearer <ID token>' and the backend decodes the token into context.auth."
    )
    var states = auth.authStateChanges.makeAsyncIterator()
    let initial = await states.next()
    narrator.show("authStateChanges → \(initial.flatMap { $0?.email } ?? "nil (signed out)")")
    let created = try await auth.createUser(withEmail: "alice@example.com", password: "correct-horse")
    let signedIn = await states.next()
    narrator.show(
        "auth.createUser(withEmail: \"alice@example.com\", …); authStateChanges → \(signedIn.flatMap { $0?.email } ?? "nil")"
    )
    let greeting = try await functions.httpsCallable("greet").call(["name": "Alice"])
    narrator.show(
        "httpsCallable(\"greet\").call([\"name\": \"Alice\"]) → greeting \(greeting.data["greeting"]?.stringValue ?? "?"), email \(greeting.data["email"]?.stringValue ?? "?")"
    )
    narrator.detail(
        "the handler's context.auth.uid is the new user's uid: \(greeting.data["uid"]?.stringValue == created.user.uid)"
    )
    narrator.detail("visits is Int64.max, sent back losslessly: \(greeting.data["visits"]?.intValue == Int64.max)")

    narrator.section(
        "Errors map exactly as over HTTP",
        "A handler throws FunctionsError (Cloud Functions' HttpsError); the backend answers with the callable error body and HTTP status, and the client reads them back."
    )
    do {
        _ = try await functions.httpsCallable("withdraw").call(["amount": 8])
        narrator.show("unexpectedly succeeded")
    } catch let error as FunctionsError {
        narrator.show(
            "withdraw(amount: 8) threw \(error.code.statusName) (gRPC \(error.code.rawValue), HTTP \(error.code.httpStatus))"
        )
        narrator.detail("message: \(error.message)")
        narrator.detail("details: \(error.details.map { "\($0)" } ?? "none")")
    }
    do {
        _ = try await functions.httpsCallable("missing").call()
        narrator.show("unexpectedly succeeded")
    } catch let error as FunctionsError {
        narrator.show("an unregistered function threw \(error.code.statusName): \(error.message)")
    }
    try auth.signOut()
    do {
        _ = try await functions.httpsCallable("greet").call()
        narrator.show("unexpectedly succeeded")
    } catch let error as FunctionsError {
        narrator.show(
            "signed out, greet threw \(error.code.statusName): \(error.message) (the request had no Authorization header)"
        )
    }

    narrator.section(
        "A typed callable",
        "httpsCallable(_:requestAs:responseAs:) encodes an Encodable request and decodes a Decodable result.")
    struct Withdrawal: Encodable { let amount: Int }
    struct Balance: Decodable { let balance: Int }
    let withdraw = functions.httpsCallable("withdraw", requestAs: Withdrawal.self, responseAs: Balance.self)
    let balance = try await withdraw(Withdrawal(amount: 2))
    narrator.show("withdraw(Withdrawal(amount: 2)).balance == \(balance.balance)")

    await app.delete()
    narrator.show("app 'functions-tour' deleted: its Functions instances were released")
}
