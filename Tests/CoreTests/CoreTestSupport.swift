// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Synchronization
import Testing

// Shared fixtures for the core suites: small protocols and classes to key components by, a counter,
// and a registry builder. Every test builds its own registry, so suites run in parallel safely.

protocol Greeter: AnyObject, Sendable { func greet() -> String }
protocol Counter: AnyObject, Sendable { var value: Int { get } }
protocol Plugin: Sendable { var name: String { get } }

final class EnglishGreeter: Greeter, Counter {
    let value: Int
    init(value: Int = 0) { self.value = value }
    func greet() -> String { "hello" }
}

final class Leaf: Sendable { init() {} }
final class Branch: Sendable {
    let leaf: Leaf
    init(leaf: Leaf) { self.leaf = leaf }
}
final class Root: Sendable {
    let branch: Branch
    init(branch: Branch) { self.branch = branch }
}
struct NamedPlugin: Plugin { let name: String }

/// A thread-safe counter for factory runs.
final class RunCounter: Sendable {
    private let count = Atomic<Int>(0)
    init() {}
    @discardableResult func increment() -> Int { count.wrappingAdd(1, ordering: .relaxed).newValue }
    var value: Int { count.load(ordering: .relaxed) }
}

/// A cacheable component returning a new `T` from `make`.
func cached<T: Sendable>(
    _ type: T.Type, timing: InstantiationTiming = .lazy, dependencies: [Dependency] = [],
    runs: RunCounter? = nil, _ make: @escaping @Sendable (ComponentContainer) throws -> T?
) -> Component {
    Component(type, timing: timing, dependencies: dependencies) { container, isCacheable in
        runs?.increment()
        isCacheable = true
        return try make(container)
    }
}

/// A registry with the given libraries registered (name → components).
func makeRegistry(_ libraries: [(String, [Component])] = []) throws -> AppRegistry {
    let registry = AppRegistry()
    for (name, components) in libraries {
        try registry.register(libraryName: name, version: "1.0.0", components: { components })
    }
    return registry
}

/// Configures an app with `overrides` on a fresh registry.
func makeApp(name: String = FlintApp.defaultName, _ overrides: [Component]) throws -> FlintApp {
    try makeRegistry().configure(name: name, options: .testing, overrides: overrides)
}

/// Runs `body` on a new thread (not the cooperative pool, so blocking in it is fine) and returns its result.
func onThread<R: Sendable>(_ body: @escaping @Sendable () -> R) async -> R {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// A one-shot signal that threads can block on with a deadline.
final class Signal: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    init() {}
    func fire() { semaphore.signal() }
    /// Waits at most `seconds` (by default as long as FlintTesting's `defaultTestTimeout`: a parallel suite on
    /// a 2-core machine can stall a thread for tens of seconds); true if fired.
    func wait(seconds: Double = 120) -> Bool { semaphore.wait(timeout: .now() + seconds) == .success }
}

/// The error a throwing test factory raises.
struct BoomError: Error, CustomStringConvertible {
    var description: String { "boom" }
}

/// Asserts `body` throws exactly `expected`.
func expectComponentError(
    _ expected: ComponentError, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected \(expected), nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as ComponentError {
        #expect(error == expected, sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected \(expected), got \(error)", sourceLocation: sourceLocation)
    }
}
