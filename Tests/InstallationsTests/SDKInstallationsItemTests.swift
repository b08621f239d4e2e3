// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Testing

@testable import FlintInstallations

/// Ports of the Firebase iOS SDK's `FirebaseInstallations/Source/Tests/Unit/FIRInstallationsItemTests.m`.
@Suite struct SDKInstallationsItemTests {
    /// `testGenerateFID`: two generated FIDs are 22 characters without `/` or `+`, and differ.
    @Test func generatedFIDsAre22URLSafeCharactersAndDiffer() {
        let first = InstallationID.make()
        let second = InstallationID.make()
        for fid in [first, second] {
            #expect(fid.count == 22)
            #expect(!fid.contains("/") && !fid.contains("+"))
            #expect("cdef".contains(fid.first ?? "?"))  // the first four bits are 0111
        }
        #expect(first != second)
    }
}
