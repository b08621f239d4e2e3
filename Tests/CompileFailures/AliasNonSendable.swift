// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
// Proves: a component cannot also serve its instance as a non-Sendable type (`alsoProviding:`), so the
// alias path is no back door into the container.
// Expected: error: type 'any Counting' does not conform to the 'Sendable' protocol
//           (on `.type(Counting.self)`, from `ComponentAlias.type<U: Sendable>`).
import FlintCore

protocol Counting: AnyObject { var n: Int { get } }  // does not refine Sendable
final class Counter: Counting, Sendable { let n = 0 }

let component = Component(Counter.self, alsoProviding: [.type(Counting.self) { $0 }]) { _, isCacheable in
    isCacheable = true
    return Counter()
}
