// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintTesting
import Testing

/// `AuthInterop.addUserChangeListener`: an addition existing conformers need not implement.
@Suite struct UserChangeInteropTests {
    @Test func aConformerWithoutUserChangesNeverCallsTheListener() {
        let auth = TinyAuth()  // written before the requirement existed
        let calls = Locked(0)
        let registration = auth.addUserChangeListener { _ in calls.withLock { $0 += 1 } }
        registration.remove()
        registration.remove()
        #expect(calls.withLock { $0 } == 0)
    }
}
