// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Firebase's `ConfigUpdateListenerRegistration`: what ``RemoteConfig/addOnConfigUpdateListener(remoteConfigUpdateCompletion:)``
/// returns, whose `remove()` stops the listener. In Flint it is FlintCore's `ListenerRegistration`, the one
/// registration type every product's listeners return.
public typealias ConfigUpdateListenerRegistration = any ListenerRegistration
