// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Observes every component creation and failed resolution in the apps of an ``AppRegistry``.
///
/// Set it with ``AppRegistry/monitor`` before configuring; each app keeps the monitor it was configured
/// with. Callbacks run synchronously on the creating thread, after the factory returned and without any
/// container lock held; keep them cheap. Both methods have empty default implementations.
public protocol ComponentMonitor: Sendable {
    /// A factory returned an instance.
    func componentCreated(_ event: ComponentCreationEvent)
    /// A resolution failed for a reason other than "not registered" or "the factory returned nil".
    func resolutionFailed(_ event: ComponentFailureEvent)
}

extension ComponentMonitor {
    /// Does nothing.
    public func componentCreated(_ event: ComponentCreationEvent) {}
    /// Does nothing.
    public func resolutionFailed(_ event: ComponentFailureEvent) {}
}

/// One factory run, as seen by a ``ComponentMonitor``.
public struct ComponentCreationEvent: Sendable, Hashable {
    /// The fully qualified name of the created type.
    public var typeName: String
    /// The app whose container created it.
    public var appName: String
    /// The library that registered the component, or `"overrides"`.
    public var libraryName: String
    /// How long the factory ran, including what it resolved.
    public var duration: Duration
    /// Whether the factory asked for the instance to be cached.
    public var isCached: Bool
    /// The component's instantiation timing.
    public var timing: InstantiationTiming

    /// Creates an event.
    public init(
        typeName: String, appName: String, libraryName: String, duration: Duration, isCached: Bool,
        timing: InstantiationTiming
    ) {
        self.typeName = typeName
        self.appName = appName
        self.libraryName = libraryName
        self.duration = duration
        self.isCached = isCached
        self.timing = timing
    }
}

/// A failed resolution, as seen by a ``ComponentMonitor``.
public struct ComponentFailureEvent: Sendable, Equatable {
    /// The fully qualified name of the requested type.
    public var typeName: String
    /// The app whose container was asked.
    public var appName: String
    /// Why it failed.
    public var error: ComponentError

    /// Creates an event.
    public init(typeName: String, appName: String, error: ComponentError) {
        self.typeName = typeName
        self.appName = appName
        self.error = error
    }
}
