// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintFunctions
import Foundation

extension EmulatorCallable {
    /// The sample functions the bare `flint-emulator` serves (and ``FlintEmulator`` serves unless given others):
    ///
    /// - `echo`: returns its data unchanged.
    /// - `whoami`: returns `{"uid": …, "token": {…claims}}` of the signed-in caller; `UNAUTHENTICATED` without an
    ///   ID token.
    /// - `countdown`: with data `n` (or `{"count": n, "intervalMilliseconds": ms}`), streams the chunks `n`,
    ///   `n - 1`, …, `1` (waiting `ms` milliseconds before each, 0 by default), then returns `0`; `INVALID_ARGUMENT`
    ///   unless `n` is an integer in 0…10000 and `ms` one in 0…60000. A plain call waits the same and returns `0`.
    public static var samples: [String: EmulatorCallable] {
        ["echo": echo, "whoami": whoami, "countdown": countdown]
    }

    /// Returns its data.
    static let echo = EmulatorCallable { request, _ in request.data }

    /// The caller's uid and claims.
    static let whoami = EmulatorCallable { request, _ in
        guard let auth = request.auth else {
            throw FunctionsError(.unauthenticated, message: "whoami needs a signed-in caller.")
        }
        return ["uid": .string(auth.uid), "token": .object(auth.token)]
    }

    /// Streams a countdown.
    static let countdown = EmulatorCallable { request, response in
        let (count, interval) = try countdownArguments(request.data)
        for remaining in stride(from: count, to: 0, by: -1) {
            if interval > 0 { try await Task.sleep(for: .milliseconds(interval)) }
            try Task.checkCancellation()
            response.sendChunk(.int(remaining))
        }
        return 0
    }

    /// `countdown`'s count and interval in milliseconds.
    private static func countdownArguments(_ data: CallableValue) throws(FunctionsError) -> (Int64, Int64) {
        let count = data.intValue ?? data["count"]?.intValue
        let interval = data["intervalMilliseconds"].map { $0.intValue ?? -1 } ?? 0
        guard let count, (0...10000).contains(count), (0...60000).contains(interval) else {
            throw FunctionsError(
                .invalidArgument,
                message: "countdown takes a count in 0...10000, or {\"count\": n, \"intervalMilliseconds\": ms} "
                    + "with ms in 0...60000.")
        }
        return (count, interval)
    }
}
