// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintInterop

extension AppCheck: AppCheckInterop {
    /// `AppCheckInterop`: ``token(forcingRefresh:)`` as a result that never throws; on failure the result
    /// carries the provider's error (unwrapped, as Firebase's interop reports App Check Core's error) and
    /// ``AppCheckTokenResult/placeholderToken``.
    public func getToken(forcingRefresh: Bool) async -> any AppCheckTokenResultInterop {
        do {
            return AppCheckTokenResult(token: try await providerToken(forcingRefresh: forcingRefresh).token)
        } catch {
            return AppCheckTokenResult(error: error)
        }
    }

    /// `AppCheckInterop`: ``limitedUseToken()`` as a result that never throws; on failure the result
    /// carries the provider's error (unwrapped) and ``AppCheckTokenResult/placeholderToken``.
    public func getLimitedUseToken() async -> any AppCheckTokenResultInterop {
        do {
            return AppCheckTokenResult(token: try await provider.getLimitedUseToken().token)
        } catch {
            return AppCheckTokenResult(error: error)
        }
    }
}
