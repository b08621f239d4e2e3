// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The components whose factories are running on the current thread, innermost last.
///
/// A request for a component that is already on this thread's stack can never complete (its factory is
/// waiting for itself), so it is reported as ``ComponentError/dependencyCycle(_:)`` instead of
/// deadlocking or recursing until the stack overflows. The stack's address also names the thread in slot words
/// (``SlotWord``) and in the cross-thread wait graph (``WaitGraph``).
///
/// A pointer to the thread's record, allocated on the thread's first creation and freed when the thread exits:
/// getting, passing and keeping it counts no references.
@usableFromInline
struct CreationStack {
    /// The slots, innermost last, in a buffer this thread alone touches (`ComponentSlot` is a plain pointer, so
    /// pushing and popping is a store and a count). A slot is alive while its factory runs, its storage being in
    /// use by the caller.
    struct Record {
        var slots: UnsafeMutablePointer<ComponentSlot>
        var count: Int
        var capacity: Int
    }

    private let record: UnsafeMutablePointer<Record>

    /// The stack's address: the thread's identity in slot words (see ``SlotWord``) and the wait graph. A multiple
    /// of 16, so its low bits are free for the words' tags.
    @usableFromInline var address: UInt { UInt(bitPattern: record) }

    /// The current thread's stack.
    @usableFromInline
    static var current: CreationStack {
        if let pointer = pthread_getspecific(creationStackKey) {
            return CreationStack(record: pointer.assumingMemoryBound(to: Record.self))
        }
        let record = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<Record>.size, alignment: max(16, MemoryLayout<Record>.alignment)
        ).bindMemory(to: Record.self, capacity: 1)
        record.initialize(to: Record(slots: .allocate(capacity: 8), count: 0, capacity: 8))
        pthread_setspecific(creationStackKey, record)
        return CreationStack(record: record)
    }

    /// Frees a thread's stack record (the thread is exiting).
    fileprivate static func free(_ pointer: UnsafeMutableRawPointer) {
        let record = pointer.assumingMemoryBound(to: Record.self)
        record.pointee.slots.deallocate()
        record.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// Marks `slot`'s factory as running on this thread.
    @usableFromInline func push(_ slot: ComponentSlot) {
        if record.pointee.count == record.pointee.capacity { grow() }
        (record.pointee.slots + record.pointee.count).initialize(to: slot)
        record.pointee.count &+= 1
    }

    /// Doubles the buffer (a chain of nested creations deeper than any so far on this thread).
    private func grow() {
        let capacity = record.pointee.capacity
        let larger = UnsafeMutablePointer<ComponentSlot>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: record.pointee.slots, count: record.pointee.count)
        record.pointee.slots.deallocate()
        record.pointee.slots = larger
        record.pointee.capacity = capacity * 2
    }

    /// Marks the innermost factory as finished.
    @usableFromInline func pop() {
        precondition(record.pointee.count > 0, "creation stack underflow")
        record.pointee.count &-= 1
    }

    /// If `slot` is already being created on this thread, the cycle from it to the innermost creation.
    @usableFromInline
    func cycle(reentering slot: ComponentSlot) -> [String]? {
        let slots = record.pointee.slots
        let count = record.pointee.count
        var index = count
        while index > 0 {
            index &-= 1
            if slots[index].isSame(as: slot) {
                return (index..<count).map { slots[$0].name }
            }
        }
        return nil
    }
}

private let creationStackKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
        pthread_key_create(&key) { CreationStack.free($0) }
    #else
        pthread_key_create(&key) { pointer in
            if let pointer { CreationStack.free(pointer) }
        }
    #endif
    return key
}()
