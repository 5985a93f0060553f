import Foundation

/// How `objc_setAssociatedObject` holds a value, with the Objective-C runtime's raw values.
public enum objc_AssociationPolicy: UInt, Sendable {
    /// Not retained: kept weakly here where the value is an object (the runtime keeps an
    /// unretained pointer, which dangles after the value dies; a weak reference reads nil).
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 0o1401
    case OBJC_ASSOCIATION_COPY = 0o1403
}

/// Associates `value` with `object` under `key` (the address of a variable of yours, as in
/// Objective-C), replacing what was there; nil removes it. A copying policy copies an
/// `NSCopying` value. Swift on Linux has no Objective-C runtime, so framegen keeps them in a
/// table of its own, keyed by the object's identity and holding the object weakly: once it
/// dies its values are unreachable (an object made later at the same address starts with
/// none) and are released at the table's next sweep, not at once as the runtime does. A value
/// type (not an object) has no identity and keeps nothing.
public func objc_setAssociatedObject(
    _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
) {
    guard let owner = objectIdentity(object) else { return }
    let held: AssociatedValue?
    switch (value, policy) {
    case (nil, _): held = nil
    case (let v?, .OBJC_ASSOCIATION_ASSIGN):
        if let o = objectIdentity(v) { held = .weak(Weak(o)) } else { held = .strong(v) }
    case (let v as NSCopying, .OBJC_ASSOCIATION_COPY), (let v as NSCopying, .OBJC_ASSOCIATION_COPY_NONATOMIC):
        held = .strong(v.copy(with: nil))
    case (let v?, _): held = .strong(v)
    }
    AssociatedObjects.shared.set(held, for: owner, key: key)
}

/// The value associated with `object` under `key`, or nil.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    guard let owner = objectIdentity(object) else { return nil }
    return AssociatedObjects.shared.get(owner, key: key)
}

/// Removes every value associated with `object`.
public func objc_removeAssociatedObjects(_ object: Any) {
    guard let owner = objectIdentity(object) else { return }
    AssociatedObjects.shared.removeAll(owner)
}

/// The object `value` is, when it is one (a class instance, boxed or not).
private func objectIdentity(_ value: Any) -> AnyObject? {
    guard type(of: value) is AnyClass else { return nil }
    return value as AnyObject
}

private enum AssociatedValue {
    case strong(Any)
    case weak(Weak<AnyObject>)

    var value: Any? {
        switch self {
        case .strong(let v): v
        case .weak(let box): box.object
        }
    }
}

/// The side table: per object (held weakly, so that its values go when it dies and a new
/// object at the same address does not inherit them), its values by key address.
private final class AssociatedObjects: @unchecked Sendable {
    /// One table for the process, as the runtime's; its lock makes it safe on any thread
    /// (framegen draws frames on several at once).
    static let shared = AssociatedObjects()

    private struct Entry {
        let owner: Weak<AnyObject>
        var values: [UnsafeRawPointer: AssociatedValue]
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// The size at which dead owners are next swept out: twice the live count after a sweep,
    /// so that sweeping costs a constant per association on average.
    private var sweepAt = 64

    func set(_ value: AssociatedValue?, for owner: AnyObject, key: UnsafeRawPointer) {
        // What leaves the table is released after the lock: a value's deinit may use
        // associations itself.
        var released: [Any] = []
        lock.lock()
        let id = ObjectIdentifier(owner)
        var entry = live(id, owner, releasing: &released) ?? Entry(owner: Weak(owner), values: [:])
        if let old = entry.values[key] { released.append(old) }
        entry.values[key] = value
        entries[id] = entry.values.isEmpty ? nil : entry
        if entries.count >= sweepAt {
            released.append(entries.values.filter { $0.owner.object == nil })
            entries = entries.filter { $0.value.owner.object != nil }
            sweepAt = max(64, entries.count * 2)
        }
        lock.unlock()
        released.removeAll()
    }

    func get(_ owner: AnyObject, key: UnsafeRawPointer) -> Any? {
        var released: [Any] = []
        lock.lock()
        let value = live(ObjectIdentifier(owner), owner, releasing: &released)?.values[key]?.value
        lock.unlock()
        released.removeAll()
        return value
    }

    func removeAll(_ owner: AnyObject) {
        lock.lock()
        let removed = entries.removeValue(forKey: ObjectIdentifier(owner))
        lock.unlock()
        _ = removed
    }

    /// The entry of `owner`, dropping into `released` one left by a dead object at the same
    /// address. Call with the lock held.
    private func live(_ id: ObjectIdentifier, _ owner: AnyObject, releasing released: inout [Any]) -> Entry? {
        guard let entry = entries[id] else { return nil }
        if entry.owner.object === owner { return entry }
        released.append(entry)
        entries[id] = nil
        return nil
    }
}
