// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Topic names as Firebase checks them (`FIRMessagingPubSub`): `/topics/` followed by one or more of
/// `a-z A-Z 0-9 - _ . ~ %`. A name may be given with or without the `/topics/` prefix.
enum MessagingTopic {
    /// The prefix of a topic's full name.
    static let prefix = "/topics/"

    /// The longest name accepted (without the prefix), as Firebase's Android client checks it
    /// (`[a-zA-Z0-9-_.~%]{1,900}`); its Apple client has no limit.
    static let maximumLength = 900

    /// The bare name of `topic` (prefix removed), or nil when it is empty or has a character outside the
    /// allowed set (including a second `/topics/` prefix or a slash).
    static func normalize(_ topic: String) -> String? {
        let name = topic.hasPrefix(prefix) ? String(topic.dropFirst(prefix.count)) : topic
        guard !name.isEmpty, name.utf8.count <= maximumLength, name.utf8.allSatisfy(isAllowed) else { return nil }
        return name
    }

    /// Whether `byte` may appear in a topic name.
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "%"):
            true
        default:
            false
        }
    }
}
