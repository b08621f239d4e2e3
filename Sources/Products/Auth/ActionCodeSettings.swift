// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// Where an out-of-band link leads and which app opens it, as the SDK's `ActionCodeSettings`: pass one to
/// ``Auth/sendSignInLink(toEmail:actionCodeSettings:)``, ``Auth/sendPasswordReset(withEmail:actionCodeSettings:)``
/// or ``User/sendEmailVerification(with:)``.
///
/// ```swift
/// let settings = ActionCodeSettings()
/// settings.url = URL(string: "https://example.com/finishSignIn")
/// settings.handleCodeInApp = true
/// settings.setIOSBundleID("com.example.app")
/// try await auth.sendSignInLink(toEmail: email, actionCodeSettings: settings)
/// ```
///
/// A class with settable properties, as in the SDK, safe to share between tasks (its values are behind a lock).
/// The SDK's initializer sets ``iOSBundleID`` to the main bundle's identifier; Flint's leaves it nil (a
/// command-line or Linux process has no bundle identifier worth sending).
public final class ActionCodeSettings: Sendable {
    /// The settings as the request sends them.
    struct Values: Sendable, Hashable {
        var url: URL?
        var handleCodeInApp = false
        var iOSBundleID: String?
        var androidPackageName: String?
        var androidMinimumVersion: String?
        var androidInstallIfNotAvailable = false
        var dynamicLinkDomain: String?
        var linkDomain: String?
    }

    private let values = Locked(Values())

    /// Settings with no continue URL, no apps and ``handleCodeInApp`` false.
    public init() {}

    /// The continue URL (`continueUrl`): where the link leads after the action, as a universal link.
    public var url: URL? {
        get { values.withLock { $0.url } }
        set { values.withLock { $0.url = newValue } }
    }

    /// Whether the link opens the app directly (`canHandleCodeInApp`) rather than a Firebase web page first;
    /// email-link sign-in needs true.
    public var handleCodeInApp: Bool {
        get { values.withLock { $0.handleCodeInApp } }
        set { values.withLock { $0.handleCodeInApp = newValue } }
    }

    /// The iOS bundle ID that opens the link (`iOSBundleId`), if any.
    public var iOSBundleID: String? {
        get { values.withLock { $0.iOSBundleID } }
        set { values.withLock { $0.iOSBundleID = newValue } }
    }

    /// The Android package that opens the link (`androidPackageName`), if any.
    public var androidPackageName: String? {
        get { values.withLock { $0.androidPackageName } }
        set { values.withLock { $0.androidPackageName = newValue } }
    }

    /// The lowest Android app version that can open the link (`androidMinimumVersion`), if any.
    public var androidMinimumVersion: String? {
        get { values.withLock { $0.androidMinimumVersion } }
        set { values.withLock { $0.androidMinimumVersion = newValue } }
    }

    /// Whether an Android device without the app installs it first (`androidInstallApp`).
    public var androidInstallIfNotAvailable: Bool {
        get { values.withLock { $0.androidInstallIfNotAvailable } }
        set { values.withLock { $0.androidInstallIfNotAvailable = newValue } }
    }

    /// The Firebase Dynamic Links domain of the link (`dynamicLinkDomain`). Dynamic Links are deprecated (the
    /// SDK marks this deprecated too): use ``linkDomain``.
    public var dynamicLinkDomain: String? {
        get { values.withLock { $0.dynamicLinkDomain } }
        set { values.withLock { $0.dynamicLinkDomain = newValue } }
    }

    /// The custom Firebase Hosting domain of the link (`linkDomain`), if any.
    public var linkDomain: String? {
        get { values.withLock { $0.linkDomain } }
        set { values.withLock { $0.linkDomain = newValue } }
    }

    /// Sets the Android package, whether to install it when missing, and its lowest version.
    public func setAndroidPackageName(
        _ androidPackageName: String, installIfNotAvailable: Bool, minimumVersion: String?
    ) {
        values.withLock {
            $0.androidPackageName = androidPackageName
            $0.androidInstallIfNotAvailable = installIfNotAvailable
            $0.androidMinimumVersion = minimumVersion
        }
    }

    /// Sets the iOS bundle ID.
    public func setIOSBundleID(_ bundleID: String) {
        values.withLock { $0.iOSBundleID = bundleID }
    }

    /// The values now, as one request sends them.
    var snapshot: Values { values.withLock { $0 } }
}
