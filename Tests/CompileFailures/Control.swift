// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
// Control: every operation the failure snippets try, done with Sendable types, MUST type-check. If it does
// not, the failure snippets prove nothing (they might fail for another reason), so the harness fails.
// Covers the three ways to be Sendable the docs recommend (a final class of `let`s, `Locked` state, a
// protocol refining Sendable used as an existential, `AuthInterop` included).
// Expected: no errors.
import FlintCore
import FlintInterop

/// Immutable: a final class of `let`s.
final class Greeting: Sendable {
    let text: String
    init(text: String) { self.text = text }
}

/// Mutable state behind a lock.
final class Counter: Sendable {
    private let count = Locked(0)
    func increment() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }
}

/// A protocol that refines Sendable, used as an existential key.
protocol Counting: AnyObject, Sendable { func increment() -> Int }
extension Counter: Counting {}

struct Plugin: Sendable { let name: String }

let components: [Component] = [
    Component(Greeting.self) { _, isCacheable in
        isCacheable = true
        return Greeting(text: "hello")
    },
    Component(Counter.self, alsoProviding: [.type(Counting.self) { $0 }]) { _, isCacheable in
        isCacheable = true
        return Counter()
    },
    Component.contribution(to: Plugin.self) { _, _ in Plugin(name: "a") },
    Component.instance(Counter(), as: Counter.self),
    Component(AuthInterop.self, dependencies: [.required(Counting.self)]) { _, _ in nil },
]

func resolve(in container: ComponentContainer) throws {
    _ = try container.require(Counter.self)
    _ = container.instance(for: Counting.self)
    _ = try container.require(AuthInterop.self)
    let provider: Provider<Counter> = try container.provider(for: Counter.self)
    _ = provider.get()
    _ = try container.all(Plugin.self)
}

// The scenario of issue 9, now safe: resolved from four tasks, incremented under the lock.
func race(in container: ComponentContainer) async throws {
    let counter = try container.require(Counter.self)
    await withTaskGroup(of: Int.self) { group in
        for _ in 0..<4 { group.addTask { counter.increment() } }
    }
}
