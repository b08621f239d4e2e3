// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAuth
import FlintCore
import FlintEmulator
import FlintTesting
import Foundation
import Testing

@Suite("Auth service: Flint's REST Auth client against the emulator")
struct AuthServiceTests {
    private func auth(_ emulator: FlintEmulator) throws -> Auth {
        let app = try TestApp.make(libraries: [AuthLibrary.self], options: emulatorOptions)
        let auth = try Auth.auth(app: app)
        let endpoint = try #require(emulator.endpoints[.auth])
        auth.useEmulator(withHost: endpoint.host, port: endpoint.port)
        return auth
    }

    @Test func signUpSignInAndAnIDTokenOfTheProject() async throws {
        try await withEmulator { emulator in
            let auth = try auth(emulator)
            let created = try await auth.createUser(withEmail: "ada@example.com", password: "analytical")
            #expect(created.additionalUserInfo?.isNewUser == true)
            try auth.signOut()
            let signedIn = try await auth.signIn(withEmail: "ada@example.com", password: "analytical")
            #expect(signedIn.user.uid == created.user.uid)
            #expect(signedIn.user.email == "ada@example.com")
            let token = try await signedIn.user.getIDTokenResult(forcingRefresh: true)
            #expect(token.claims["iss"]?.stringValue == "https://securetoken.google.com/demo-flint")
            #expect(token.claims["aud"]?.stringValue == "demo-flint")
            #expect(token.claims["sub"]?.stringValue == created.user.uid)
            #expect(emulator.authBackend?.account(email: "ada@example.com")?.uid == created.user.uid)
        }
    }

    @Test func wrongPasswordAndTakenEmailAreTheSDKsErrors() async throws {
        try await withEmulator { emulator in
            let auth = try auth(emulator)
            _ = try await auth.createUser(withEmail: "ada@example.com", password: "analytical")
            await #expect(throws: AuthErrorCode.emailAlreadyInUse) {
                _ = try await auth.createUser(withEmail: "ada@example.com", password: "analytical")
            }
            await #expect(throws: AuthErrorCode.invalidCredential) {
                _ = try await auth.signIn(withEmail: "ada@example.com", password: "wrong-password")
            }
            await #expect(throws: AuthErrorCode.weakPassword) {
                _ = try await auth.createUser(withEmail: "bob@example.com", password: "123")
            }
        }
    }

    @Test func profilePasswordChangeResetAndDelete() async throws {
        try await withEmulator { emulator in
            let auth = try auth(emulator)
            let user = try await auth.createUser(withEmail: "ada@example.com", password: "analytical").user
            let change = user.createProfileChangeRequest()
            change.displayName = "Ada"
            try await change.commitChanges()
            try await user.reload()
            #expect(auth.currentUser?.displayName == "Ada")
            try await user.updatePassword(to: "difference")
            try auth.signOut()
            _ = try await auth.signIn(withEmail: "ada@example.com", password: "difference")
            try await auth.sendPasswordReset(withEmail: "ada@example.com")
            let code = try #require(emulator.authBackend?.oobCodes.last?.oobCode)
            #expect(try await auth.verifyPasswordResetCode(code) == "ada@example.com")
            try await auth.confirmPasswordReset(withCode: code, newPassword: "engine-2")
            let again = try await auth.signIn(withEmail: "ada@example.com", password: "engine-2")
            try await again.user.delete()
            #expect(emulator.authBackend?.accounts.isEmpty == true)
        }
    }

    @Test func anonymousAndCustomTokenSignIn() async throws {
        try await withEmulator { emulator in
            let auth = try auth(emulator)
            let anonymous = try await auth.signInAnonymously()
            #expect(anonymous.user.isAnonymous)
            let token = try #require(emulator.authBackend).customToken(uid: "custom-1", claims: ["admin": true])
            let custom = try await auth.signIn(withCustomToken: token)
            #expect(custom.user.uid == "custom-1")
            #expect(try await custom.user.getIDTokenResult().claims["admin"] == true)
        }
    }

    @Test func adminRoutesCreateUpdateListAndDelete() async throws {
        try await withEmulator { emulator in
            let base = "/identitytoolkit.googleapis.com/v1/projects/demo-flint/accounts"
            let created = try await RawHTTP.json(
                "POST", emulator.url(.auth, base),
                ["localId": "ada", "email": "ada@example.com", "password": "analytical"],
                headers: ["Authorization": "Bearer owner"])
            #expect(created.status == 200)
            #expect(created.json["localId"] as? String == "ada")
            let duplicate = try await RawHTTP.json("POST", emulator.url(.auth, base), ["localId": "ada"])
            #expect(duplicate.status == 400)
            #expect((duplicate.json["error"] as? [String: Any])?["message"] as? String == "DUPLICATE_LOCAL_ID")
            let updated = try await RawHTTP.json(
                "POST", emulator.url(.auth, base + ":update"),
                ["localId": "ada", "customAttributes": #"{"admin":true}"#, "displayName": "Ada"])
            #expect(updated.status == 200)
            let lookup = try await RawHTTP.json(
                "POST", emulator.url(.auth, base + ":lookup"), ["email": ["ada@example.com"]])
            let user = try #require((lookup.json["users"] as? [[String: Any]])?.first)
            #expect(user["customAttributes"] as? String == #"{"admin":true}"#)
            #expect(user["displayName"] as? String == "Ada")
            let forbidden = try await RawHTTP.json(
                "POST", emulator.url(.auth, base + ":update"), ["localId": "ada", "customAttributes": #"{"sub":1}"#])
            #expect((forbidden.json["error"] as? [String: Any])?["message"] as? String == "FORBIDDEN_CLAIM : sub")
            let list = try await RawHTTP.send("GET", emulator.url(.auth, base + ":batchGet?maxResults=10"))
            #expect((list.json["users"] as? [[String: Any]])?.count == 1)
            let deleted = try await RawHTTP.json("POST", emulator.url(.auth, base + ":delete"), ["localId": "ada"])
            #expect(deleted.json["kind"] != nil)
            let missing = try await RawHTTP.json(
                "POST", emulator.url(.auth, base + ":lookup"), ["localId": ["ada"]])
            #expect(missing.json["users"] == nil)
        }
    }

    @Test func emulatorRoutesListCodesAndClearAccounts() async throws {
        try await withEmulator { emulator in
            let auth = try auth(emulator)
            _ = try await auth.createUser(withEmail: "ada@example.com", password: "analytical")
            try await auth.sendPasswordReset(withEmail: "ada@example.com")
            let codes = try await RawHTTP.send("GET", emulator.url(.auth, "/emulator/v1/projects/demo-flint/oobCodes"))
            let entry = try #require((codes.json["oobCodes"] as? [[String: Any]])?.first)
            #expect(entry["requestType"] as? String == "PASSWORD_RESET")
            #expect(entry["email"] as? String == "ada@example.com")
            let cleared = try await RawHTTP.send(
                "DELETE", emulator.url(.auth, "/emulator/v1/projects/demo-flint/accounts"))
            #expect(cleared.status == 200)
            #expect(emulator.authBackend?.accounts.isEmpty == true)
        }
    }

    @Test func badInputGetsFirebaseShapedErrors() async throws {
        try await withEmulator(.init(services: [.auth], ports: [.auth: 0], maximumBodySize: 1024)) { emulator in
            func error(_ response: RawHTTP) -> [String: Any]? { response.json["error"] as? [String: Any] }
            let malformed = try await RawHTTP.send(
                "POST", emulator.url(.auth, "/identitytoolkit.googleapis.com/v1/accounts:signUp"),
                body: Data("{not json".utf8))
            #expect(malformed.status == 400)
            #expect((error(malformed)?["message"] as? String)?.hasPrefix("INVALID_JSON_PAYLOAD") == true)
            #expect(error(malformed)?["status"] as? String == "INVALID_ARGUMENT")
            let unknown = try await RawHTTP.send("POST", emulator.url(.auth, "/nowhere"))
            #expect(unknown.status == 404)
            #expect(error(unknown)?["code"] as? Int == 404)
            let huge = try await RawHTTP.send(
                "POST", emulator.url(.auth, "/identitytoolkit.googleapis.com/v1/accounts:signUp"),
                body: Data(repeating: UInt8(ascii: " "), count: 4096))
            #expect(huge.status == 413)
            #expect(error(huge)?["code"] as? Int == 413)
            let deep = try await RawHTTP.send(
                "POST", emulator.url(.auth, "/identitytoolkit.googleapis.com/v1/accounts:signUp"),
                body: Data((String(repeating: "[", count: 500)).utf8))
            #expect(deep.status == 400)
        }
    }
}
