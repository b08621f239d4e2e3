// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A declared dependency resolved at configure: the type it names, how it is resolved, and the slot that
/// provides it. A container keeps every component's links in one flat array, so a factory's restricted
/// container checks a request and finds its slot by scanning a few adjacent entries, without hashing.
@usableFromInline
struct DependencyLink: Sendable {
    /// The identifier of the type depended on.
    @usableFromInline let keyID: ObjectIdentifier
    /// How the dependency is resolved.
    @usableFromInline let kind: Dependency.Kind
    /// The providing slot of a direct or provider dependency; -1 when nothing provides it (an optional
    /// dependency) and for set dependencies (their contributions are listed per set).
    @usableFromInline let target: Int

}
