// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A value class whose identity the tests compare (an instance a cache hands out, a value a listener receives).
///
/// Package access: a fixture of the package's own stream and cache tests (CoreTests, ProductSupportTests), not
/// part of FlintTesting's public API.
package final class StreamTestObject: Sendable {
    /// A name for the test's own messages.
    package let label: String

    /// An object named `label`.
    package init(_ label: String = "") { self.label = label }
}
