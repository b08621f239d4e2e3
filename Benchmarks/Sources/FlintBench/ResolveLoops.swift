// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Dependencies
import FlintCore
import Swinject

/// One system's tight loops resolving the cached services, shared by the single-thread and two-thread cases.
/// Each loop body is one resolve, with the result force-unwrapped (as callers do) and sent to ``blackHole(_:)``.
protocol ResolveLoop: Sendable {
    /// Resolves ``BenchService`` `iterations` times.
    func resolveBench(_ iterations: Int)
    /// Resolves ``OtherService`` `iterations` times.
    func resolveOther(_ iterations: Int)
}

/// Flint: `container.instance(for: (any BenchService).self)!` on the app's container.
struct FlintResolveLoop: ResolveLoop {
    let container: ComponentContainer

    func resolveBench(_ iterations: Int) {
        for _ in 0..<iterations { blackHole(container.instance(for: (any BenchService).self)!) }
    }

    func resolveOther(_ iterations: Int) {
        for _ in 0..<iterations { blackHole(container.instance(for: (any OtherService).self)!) }
    }
}

/// Swinject: `resolver.resolve((any BenchService).self)!`, on the plain `Container` for the single-thread
/// `cached_resolve` case and on `container.synchronize()` (the thread-safe resolver Swinject requires for
/// concurrent use) for the thread cases.
struct SwinjectResolveLoop: ResolveLoop {
    private let resolver: UncheckedSendable<any Resolver>

    init(_ resolver: any Resolver) {
        self.resolver = UncheckedSendable(value: resolver)
    }

    func resolveBench(_ iterations: Int) {
        let resolver = resolver.value
        for _ in 0..<iterations { blackHole(resolver.resolve((any BenchService).self)!) }
    }

    func resolveOther(_ iterations: Int) {
        let resolver = resolver.value
        for _ in 0..<iterations { blackHole(resolver.resolve((any OtherService).self)!) }
    }
}

/// swift-dependencies: a `@Dependency(\.benchService)` property declared once, read (its `wrappedValue`)
/// on every iteration. Each read merges the wrapper's captured dependency values with the current task-local
/// `DependencyValues` and looks the key up in the cached live values; the `liveValue` itself is created
/// only once.
struct DependenciesResolveLoop: ResolveLoop {
    func resolveBench(_ iterations: Int) {
        @Dependencies.Dependency(\.benchService) var service
        for _ in 0..<iterations { blackHole(service) }
    }

    func resolveOther(_ iterations: Int) {
        @Dependencies.Dependency(\.otherService) var service
        for _ in 0..<iterations { blackHole(service) }
    }
}

/// baseline-dict: `container.resolve((any BenchService).self)!`, a locked dictionary lookup and `as!`.
struct DictionaryResolveLoop: ResolveLoop {
    let container: LockedDictionaryContainer

    func resolveBench(_ iterations: Int) {
        for _ in 0..<iterations { blackHole(container.resolve((any BenchService).self)!) }
    }

    func resolveOther(_ iterations: Int) {
        for _ in 0..<iterations { blackHole(container.resolve((any OtherService).self)!) }
    }
}

/// baseline-property: read a stored `var` of an object the optimizer cannot see through: one load per read. The
/// read is borrowed for the call to ``blackHole(_:)`` (which the optimizer knows releases nothing), so it costs no
/// retain and no release; compare ``RetainReleaseLoop`` for the cost of a `+1` reference.
struct PropertyResolveLoop: ResolveLoop {
    let holder: PropertyHolder

    init() {
        holder = opaque(PropertyHolder())
    }

    func resolveBench(_ iterations: Int) {
        for _ in 0..<iterations { blackHole(holder.service) }
    }

    func resolveOther(_ iterations: Int) {
        for _ in 0..<iterations { blackHole(holder.other) }
    }
}

/// baseline-retain: the reference-count floor of any resolve that returns a strong reference. Each iteration
/// retains the cached ``BenchService`` instance, sends the reference to ``blackHole(_:)`` and releases it: the
/// two atomic read-modify-writes that a caller of `instance(for:)` (or of any container's resolve) pays for the
/// `+1` reference it gets back, with no lookup at all. Flint's and baseline-dict's cached resolves both pay it;
/// baseline-property does not (its read is borrowed, so the optimizer drops the retain and the release).
struct RetainReleaseLoop: ResolveLoop {
    private let bench: UncheckedSendable<Unmanaged<BenchServiceImpl>>
    private let other: UncheckedSendable<Unmanaged<OtherServiceImpl>>

    init() {
        bench = UncheckedSendable(value: .passRetained(opaque(BenchServiceImpl())))
        other = UncheckedSendable(value: .passRetained(opaque(OtherServiceImpl())))
    }

    func resolveBench(_ iterations: Int) {
        let reference = bench.value
        for _ in 0..<iterations {
            blackHole(reference.retain())
            reference.release()
        }
    }

    func resolveOther(_ iterations: Int) {
        let reference = other.value
        for _ in 0..<iterations {
            blackHole(reference.retain())
            reference.release()
        }
    }
}
