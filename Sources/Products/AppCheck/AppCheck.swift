// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

/// App Check for one app: attestation tokens that prove requests come from your app.
///
/// ```swift
/// FlintApp.registerLibrary(AppCheckLibrary.self)
/// try FlintApp.configure(options: options)
/// let token = try await AppCheck.appCheck().token(forcingRefresh: false)
/// ```
///
/// One `AppCheck` per app, created eagerly when the app is configured and owned by the app's container; it
/// also serves `AppCheckInterop` to other products (Functions, Firestore, Storage), which attach the token
/// to their requests. Tokens come from the app's ``AppCheckProvider``, made by the ``AppCheckProviderFactory``
/// component: by default an ``AppCheckDebugProvider`` issuing local tokens (an emulator for development and
/// tests).
///
/// The token is cached and reused while it expires more than five minutes from now; concurrent refreshes
/// share one provider request. Limited-use tokens are never cached. With ``isTokenAutoRefreshEnabled`` (by
/// default the app's data collection switch) the token is also refreshed in the background, halfway through its
/// lifetime plus five minutes.
public final class AppCheck: ComponentLifecycleMaintainer, Sendable {
    /// What AppCheck keeps behind its lock.
    struct State {
        /// The cached token.
        var token: AppCheckToken?
        /// The provider request in flight, if any.
        var refresh: AppCheckRefresh?
        /// How many callers are waiting for it (for tests of coalescing).
        var refreshWaiters = 0
        /// Bumped for every new cached token; `notifiedVersion` is the last one sent to listeners.
        var tokenVersion = 0
        var notifiedVersion = 0
        /// Whether a thread is sending new tokens to listeners.
        var isNotifying = false
        /// Whether the app was deleted (streams made from now on finish at once).
        var isDeleted = false
    }

    /// The failure reason of the ``AppCheckErrorCode/unknown`` error a request ends with when its app is deleted.
    static let appDeletedReason = "The app was deleted."

    /// A cached token is used only while it expires more than this many seconds from now (five minutes).
    public static let refreshHeadStart: TimeInterval = 5 * 60

    /// The name of the app this App Check belongs to.
    public let appName: String
    /// Where tokens come from.
    let provider: any AppCheckProvider
    private let settings: AppCheckSettings
    /// Never held while user code (the provider, the clock, a listener) runs.
    let state = Locked(State())
    let tokenListeners = ListenerBroadcaster<AppCheckToken>()
    /// Told once, when the app is deleted: finishes the streams.
    let deletionListeners = ListenerBroadcaster<Void>()
    /// ``isTokenAutoRefreshEnabled`` when set on the instance.
    private let explicitAutoRefresh = Locked<Bool?>(nil)
    /// ``isTokenAutoRefreshEnabled`` when not set: the settings' value, else the app's data collection switch.
    private let defaultAutoRefresh: @Sendable () -> Bool
    /// Refreshes the token in the background while ``isTokenAutoRefreshEnabled``.
    let refresher: AppCheckTokenRefresher
    /// The provider requests callers wait for, ended together when the app is deleted.
    private let operations = InFlightOperations()

    /// An App Check getting its tokens from `provider`; with automatic refresh on, the first token is requested
    /// at once. `dataCollectionDefault` reads the app's `isDataCollectionDefaultEnabled` (automatic refresh's
    /// default when the settings say nothing).
    /// The app this AppCheck belongs to (Firebase's `app`); nil once the app is gone. Weak: AppCheck never keeps its
    /// app alive.
    public var app: FlintApp? { appReference }
    private weak let appReference: FlintApp?

    init(
        appName: String, provider: any AppCheckProvider, settings: AppCheckSettings,
        dataCollectionDefault: @escaping @Sendable () -> Bool, app: FlintApp? = nil
    ) {
        self.appName = appName
        appReference = app
        self.provider = provider
        self.settings = settings
        let configured = settings.isTokenAutoRefreshEnabled
        defaultAutoRefresh = { configured ?? dataCollectionDefault() }
        let explicit = explicitAutoRefresh
        let fallback = defaultAutoRefresh
        refresher = AppCheckTokenRefresher(
            scheduler: settings.refreshScheduler, now: settings.now,
            isEnabled: { explicit.withLock { $0 } ?? fallback() })
        refresher.start { [weak self] in
            // The new token reaches the refresher (and the listeners) through providerToken.
            (try? await self?.providerToken(forcingRefresh: true)) != nil
        }
    }

    /// Whether App Check refreshes its token in the background (Firebase's `isTokenAutoRefreshEnabled`): halfway
    /// through the token's lifetime plus five minutes (at most at its expiry, at least a minute from
    /// now), at once when there is none, and 30 seconds, 1 minute, … up to 16 minutes after failed refreshes.
    /// Every new token is announced to ``tokenChanges``. As in Firebase: the value set here (for this run: Flint
    /// does not save it), else ``AppCheckSettings/isTokenAutoRefreshEnabled``, else the app's
    /// `isDataCollectionDefaultEnabled` as it is now (false once the app is gone). Turning it off stops the next
    /// refresh; turning it on takes effect with the next token.
    public var isTokenAutoRefreshEnabled: Bool {
        get { explicitAutoRefresh.withLock { $0 } ?? defaultAutoRefresh() }
        set { explicitAutoRefresh.withLock { $0 = newValue } }
    }

    // MARK: - Entry points

    /// The default app's App Check.
    ///
    /// An entry point of the shape every product follows ("Product entry points" in FlintCore's Component System guide).
    ///
    /// - Throws: `ComponentError.defaultAppNotConfigured` when `AppRegistry.shared` has no default app, then
    ///   the errors of ``appCheck(app:)``.
    public static func appCheck() throws(ComponentError) -> AppCheck {
        try appCheck(app: ProductEntryPoint.defaultApp())
    }

    /// The App Check of `app`: the same instance on every call, created by the app's container.
    ///
    /// Requires ``AppCheckLibrary`` to be registered with the app's registry before the app was configured.
    /// An entry point of the shape every product follows ("Product entry points" in FlintCore's Component System guide):
    /// it throws where Firebase's `appCheck(app:)` returns nil.
    ///
    /// - Throws: `ComponentError.libraryNotRegistered(type:library:)` when ``AppCheckLibrary`` was not
    ///   registered, `ComponentError.factoryReturnedNil(type:)` when the app's ``AppCheckProviderFactory``
    ///   gave no provider for `app`, `ComponentError.appDeleted(name:)` for a deleted app.
    public static func appCheck(app: FlintApp) throws(ComponentError) -> AppCheck {
        try ProductEntryPoint.require(AppCheck.self, in: app, product: AppCheck.self, library: AppCheckLibrary.self)
    }

    // MARK: - Tokens

    /// The App Check token: the cached one while it expires more than five minutes from now, otherwise (or
    /// when `forcingRefresh`) a new one from the provider. Concurrent refreshes share one request; a new
    /// token is announced to ``tokenChanges`` listeners.
    ///
    /// - Throws: the provider's error when it is in App Check's domain (an ``AppCheckErrorCode``, an
    ///   ``AppCheckError``); an App Check Core error (`com.google.app_check_core`) with a known code as an
    ///   ``AppCheckError`` with that code; otherwise an ``AppCheckError`` with code ``AppCheckErrorCode/unknown``
    ///   and the provider's error as its ``AppCheckError/underlyingError`` (`NSUnderlyingErrorKey`), as in
    ///   Firebase.
    public func token(forcingRefresh: Bool) async throws -> AppCheckToken {
        do {
            return try await providerToken(forcingRefresh: forcingRefresh)
        } catch {
            throw AppCheckError.publicDomain(error)
        }
    }

    /// ``token(forcingRefresh:)`` throwing the provider's error unchanged (what `AppCheckInterop` reports).
    func providerToken(forcingRefresh: Bool) async throws -> AppCheckToken {
        enum Step {
            case cached(AppCheckToken)
            case wait(AppCheckRefresh)
            case deleted
        }
        let now = settings.now()
        let step = state.withLock { state -> Step in
            if !forcingRefresh, let token = state.token,
                token.expirationDate.timeIntervalSince(now) > Self.refreshHeadStart
            {
                return .cached(token)
            }
            if state.isDeleted { return .deleted }  // no provider request once the app is gone
            state.refreshWaiters += 1
            if let refresh = state.refresh { return .wait(refresh) }
            let refresh = AppCheckRefresh(provider: provider)
            state.refresh = refresh
            return .wait(refresh)
        }
        switch step {
        case .cached(let token):
            return token
        case .deleted:
            throw AppCheckError(.unknown, failureReason: Self.appDeletedReason)
        case .wait(let refresh):
            let result: Result<AppCheckToken, any Error>
            do {
                result = .success(try await untilDeleted { try await refresh.task.value })
            } catch {
                result = .failure(error)
            }
            let isNew = state.withLock { state in
                state.refreshWaiters -= 1
                guard state.refresh === refresh else { return false }
                state.refresh = nil
                guard case .success(let token) = result else { return false }
                state.token = token
                state.tokenVersion += 1
                return true
            }
            if isNew, case .success(let token) = result {
                refresher.update(with: .success(expirationDate: token.expirationDate, receivedAt: settings.now()))
                notifyListeners()
            }
            return try result.get()
        }
    }

    /// A new limited-use token from the provider, for endpoints with replay protection. Never cached, and
    /// not announced to ``tokenChanges``.
    ///
    /// - Throws: as ``token(forcingRefresh:)``: the provider's error in App Check's domain, or wrapped in an
    ///   ``AppCheckError`` `unknown`.
    public func limitedUseToken() async throws -> AppCheckToken {
        do {
            return try await untilDeleted { [provider] in try await provider.getLimitedUseToken() }
        } catch {
            throw AppCheckError.publicDomain(error)
        }
    }

    // MARK: - Listeners

    /// Registers `listener` for new tokens: called with every token App Check obtains for its cache (not
    /// with cached tokens handed out again, nor with limited-use tokens). Called on the thread that obtained
    /// the token, with no lock held. ``tokenChanges`` is the same as a stream.
    ///
    /// - Returns: the registration; `remove()` stops delivery.
    @discardableResult
    public func addTokenDidChangeListener(_ listener: @escaping @Sendable (AppCheckToken) -> Void)
        -> any ListenerRegistration
    {
        tokenListeners.addListener(listener)
    }

    // MARK: - Lifecycle

    /// Called when the app is deleted: stops the automatic refresh, finishes every stream (``tokenChanges``),
    /// removes every listener, cancels a request in flight and ends every call waiting for one (and every later
    /// one, before it reaches the provider) with ``AppCheckErrorCode/unknown`` "The app was deleted.".
    public func appWillBeDeleted(_ app: FlintApp) async {
        refresher.stop()
        state.withLock { $0.isDeleted = true }
        deletionListeners.send(())
        deletionListeners.removeAll()
        tokenListeners.removeAll()
        let refresh = state.withLock { state in
            defer { state.refresh = nil }
            return state.refresh
        }
        refresh?.task.cancel()
        operations.close()
    }

    // MARK: - Internals

    /// The value of `operation`, unless the app is deleted first (or before it starts): then the caller gets
    /// ``AppCheckErrorCode/unknown`` "The app was deleted." at once and the operation is cancelled (a provider
    /// that ignores its cancellation runs on, but nobody waits for it). A cancelled caller stops waiting with
    /// `CancellationError`.
    private func untilDeleted<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        try await OperationRace.run(
            in: operations,
            endedBy: { ending -> any Error in
                ending == .closed
                    ? AppCheckError(.unknown, failureReason: Self.appDeletedReason) : CancellationError()
            }, operation)
    }

    /// Whether the app was deleted.
    var isDeleted: Bool { state.withLock { $0.isDeleted } }

    /// How many token listeners are registered.
    var listenerCount: Int { tokenListeners.listenerCount }

    /// How many streams wait for the app's deletion.
    var deletionListenerCount: Int { deletionListeners.listenerCount }

    /// How many callers are waiting for a token request in flight.
    var refreshWaiterCount: Int { state.withLock { $0.refreshWaiters } }

    /// Sends the newest token to listeners until none newer is left, unless another thread is doing it.
    /// One thread at a time, newest token only: listeners never see an older token after a newer one.
    private func notifyListeners() {
        let claimed = state.withLock { state in
            guard !state.isNotifying else { return false }
            state.isNotifying = true
            return true
        }
        guard claimed else { return }
        while let token = state.withLock({ state -> AppCheckToken? in
            guard state.notifiedVersion != state.tokenVersion, let token = state.token else {
                state.isNotifying = false
                return nil
            }
            state.notifiedVersion = state.tokenVersion
            return token
        }) {
            tokenListeners.send(token)
            NotificationCenter.default.post(
                name: .AppCheckTokenDidChange, object: nil,
                userInfo: [AppCheckTokenNotificationKey: token.token, AppCheckAppNameNotificationKey: appName])
        }
    }
}
