import FlintCore
import FlintInterop
import FlintTesting
import Testing

@Suite struct FakeMessagingTests {
    @Test func returnsTheScriptedToken() {
        let messaging: any MessagingInterop = FakeMessaging(fcmToken: "device-1")
        #expect(messaging.fcmToken == "device-1")
    }

    @Test func tokenIsSettableIncludingNil() {
        let messaging = FakeMessaging()
        messaging.fcmToken = "device-2"
        #expect(messaging.fcmToken == "device-2")
        messaging.fcmToken = nil
        #expect(messaging.fcmToken == nil)
    }

    @Test func readsAreCountedAndWritesAreNot() {
        let messaging = FakeMessaging()
        messaging.fcmToken = "x"
        _ = messaging.fcmToken
        _ = messaging.fcmToken
        #expect(messaging.fcmTokenReadCount == 2)
        messaging.resetRecordedCalls()
        #expect(messaging.fcmTokenReadCount == 0)
    }

    @Test func componentsServeTheInstanceAsMessagingInterop() throws {
        let messaging = FakeMessaging()
        let app = try TestApp.make(overrides: messaging.components)
        #expect(try app.container.require(MessagingInterop.self) === messaging)
    }
}
