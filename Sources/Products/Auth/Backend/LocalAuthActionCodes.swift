// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The out-of-band codes of ``LocalAuthBackend``: every code issued (its ``LocalAuthBackend/oobCodes``, as the
/// Auth emulator lists them) and the ones still usable. Part of `LocalAuthStore`, mutated under its lock.
struct LocalAuthActionCodes {
    /// A code that can still be used.
    struct Code {
        var requestType: AuthOobCodeRequest.RequestType
        /// The account it acts on; nil for an email sign-in link to an address without an account.
        var uid: String?
        /// The account's address when the code was issued (the recipient, except for an email change).
        var email: String
        /// The new address of an email change.
        var newEmail: String?
        var expiresAt: Date
    }

    /// How many issued codes ``issued`` keeps (the oldest are dropped past it), so a long-running development
    /// backend does not grow without bound.
    static let maximumHistory = 10_000

    /// Every code issued, oldest first.
    private(set) var issued: [LocalAuthOOBCode] = []
    /// The codes not used yet, by code.
    private var unused: [String: Code] = [:]

    /// Records a new code and its entry in ``issued``; expired codes are forgotten.
    mutating func add(_ code: Code, entry: LocalAuthOOBCode, now: Date) {
        unused = unused.filter { $0.value.expiresAt > now }
        unused[entry.oobCode] = code
        issued.append(entry)
        if issued.count > Self.maximumHistory { issued.removeFirst(issued.count - Self.maximumHistory) }
    }

    /// Whether `code` is already a code (issued codes must be unique).
    func contains(_ code: String) -> Bool { unused[code] != nil || issued.contains { $0.oobCode == code } }

    /// The unused code `code`: ``AuthErrorCode/invalidActionCode`` when unknown or used,
    /// ``AuthErrorCode/expiredActionCode`` (and forgotten) when expired.
    mutating func valid(_ code: String, now: Date) throws(AuthErrorCode) -> Code {
        guard let found = unused[code] else { throw .invalidActionCode }
        guard now < found.expiresAt else {
            unused[code] = nil
            throw .expiredActionCode
        }
        return found
    }

    /// Uses up `code`: it works once.
    mutating func consume(_ code: String) {
        unused[code] = nil
    }

    /// Forgets the unused codes of an account (deleted).
    mutating func revoke(uid: String) {
        unused = unused.filter { $0.value.uid != uid }
    }
}
