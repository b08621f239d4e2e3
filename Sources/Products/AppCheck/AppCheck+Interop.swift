import FlintInterop

extension AppCheck: AppCheckInterop {
    /// `AppCheckInterop`: ``token(forcingRefresh:)`` as a result that never throws; on failure the result
    /// carries the error and ``AppCheckTokenResult/placeholderToken``.
    public func getToken(forcingRefresh: Bool) async -> any AppCheckTokenResultInterop {
        do {
            return AppCheckTokenResult(token: try await token(forcingRefresh: forcingRefresh).token)
        } catch {
            return AppCheckTokenResult(error: error)
        }
    }

    /// `AppCheckInterop`: ``limitedUseToken()`` as a result that never throws; on failure the result
    /// carries the error and ``AppCheckTokenResult/placeholderToken``.
    public func getLimitedUseToken() async -> any AppCheckTokenResultInterop {
        do {
            return AppCheckTokenResult(token: try await limitedUseToken().token)
        } catch {
            return AppCheckTokenResult(error: error)
        }
    }
}
