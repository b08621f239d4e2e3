// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The SDK's completion-handler forms. Each runs the `async` form in a new task and calls its handler once, from
/// that task, with the value or the error (a ``RemoteConfigError``). Firebase's handlers are optional; pass
/// `{ _, _ in }` where Firebase code passes nil, or call the `async` form in a `Task`.
extension RemoteConfig {
    /// ``fetch()`` reporting through `completionHandler`: the status, or ``lastFetchStatus`` (`failure` or
    /// `throttled`) and the error, as Firebase reports a failed fetch.
    public func fetch(
        completionHandler: @escaping @Sendable (RemoteConfigFetchStatus, (any Error)?) -> Void
    ) {
        Task {
            do {
                completionHandler(try await fetch(), nil)
            } catch {
                completionHandler(lastFetchStatus, error)
            }
        }
    }

    /// ``fetch(withExpirationDuration:)`` reporting through `completionHandler`, as ``fetch(completionHandler:)``.
    public func fetch(
        withExpirationDuration expirationDuration: TimeInterval,
        completionHandler: @escaping @Sendable (RemoteConfigFetchStatus, (any Error)?) -> Void
    ) {
        Task {
            do {
                completionHandler(try await fetch(withExpirationDuration: expirationDuration), nil)
            } catch {
                completionHandler(lastFetchStatus, error)
            }
        }
    }

    /// ``fetchAndActivate()`` reporting through `completionHandler`: the status, or
    /// ``RemoteConfigFetchAndActivateStatus/error`` and the error.
    public func fetchAndActivate(
        completionHandler: @escaping @Sendable (RemoteConfigFetchAndActivateStatus, (any Error)?) -> Void
    ) {
        Task {
            do {
                completionHandler(try await fetchAndActivate(), nil)
            } catch {
                completionHandler(.error, error)
            }
        }
    }

    /// ``activate()`` reporting through `completion`: whether the active config changed, or false and the error.
    public func activate(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        Task {
            do {
                completion(try await activate(), nil)
            } catch {
                completion(false, error)
            }
        }
    }

    /// ``ensureInitialized()`` reporting through `completionHandler`: nil once the saved configs are loaded, or the
    /// error.
    public func ensureInitialized(completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
        Task {
            do {
                try await ensureInitialized()
                completionHandler(nil)
            } catch {
                completionHandler(error)
            }
        }
    }
}
