import Foundation
import FrameGenUIKit
import TestTiers
import Testing

/// `objc_setAssociatedObject` and `objc_getAssociatedObject` as the Objective-C runtime keeps
/// them: per object and key address, by policy, gone with the object.
@Suite struct AssociatedObjectTests {
    /// Keys are addresses of variables, as in Objective-C.
    nonisolated(unsafe) static var nameKey: UInt8 = 0
    nonisolated(unsafe) static var otherKey: UInt8 = 0

    final class Token {}

    @Test func valuesAreKeptPerObjectAndKey() {
        let a = UIView()
        let b = UIView()
        objc_setAssociatedObject(a, &Self.nameKey, "first", .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        objc_setAssociatedObject(b, &Self.nameKey, "second", .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        objc_setAssociatedObject(a, &Self.otherKey, 7, .OBJC_ASSOCIATION_RETAIN)
        expect(objc_getAssociatedObject(a, &Self.nameKey) as? String == "first")
        expect(objc_getAssociatedObject(b, &Self.nameKey) as? String == "second")
        expect(objc_getAssociatedObject(a, &Self.otherKey) as? Int == 7)
        objc_setAssociatedObject(a, &Self.nameKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        expect(objc_getAssociatedObject(a, &Self.nameKey) == nil)
        expect(objc_getAssociatedObject(a, &Self.otherKey) as? Int == 7)
        objc_removeAssociatedObjects(a)
        expect(objc_getAssociatedObject(a, &Self.otherKey) == nil)
        expect(objc_getAssociatedObject(b, &Self.nameKey) as? String == "second")
    }

    @Test func policiesRetainCopyOrAssign() {
        let owner = UIView()
        weak var assigned: Token?
        weak var retained: Token?
        do {
            let t1 = Token()
            let t2 = Token()
            assigned = t1
            retained = t2
            objc_setAssociatedObject(owner, &Self.nameKey, t1, .OBJC_ASSOCIATION_ASSIGN)
            objc_setAssociatedObject(owner, &Self.otherKey, t2, .OBJC_ASSOCIATION_RETAIN)
        }
        expect(assigned == nil)
        expect(objc_getAssociatedObject(owner, &Self.nameKey) == nil)
        expect(retained != nil)
        expect(objc_getAssociatedObject(owner, &Self.otherKey) as AnyObject? === retained)

        let text = NSMutableString(string: "abc")
        objc_setAssociatedObject(owner, &Self.nameKey, text, .OBJC_ASSOCIATION_COPY_NONATOMIC)
        text.append("d")
        expect(objc_getAssociatedObject(owner, &Self.nameKey) as? String == "abc")
    }

    /// A value goes with its object: a later object does not see it, and it is released.
    @Test func valuesGoWithTheirObject() {
        weak var value: Token?
        do {
            let owner = UIView()
            let token = Token()
            value = token
            objc_setAssociatedObject(owner, &Self.nameKey, token, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
        // Many new objects, some at the old one's address: none sees the value, and the table's
        // sweep releases it.
        for _ in 0..<200 {
            let fresh = UIView()
            expect(objc_getAssociatedObject(fresh, &Self.nameKey) == nil)
            objc_setAssociatedObject(fresh, &Self.otherKey, 1, .OBJC_ASSOCIATION_RETAIN)
        }
        expect(value == nil)
        // A value type has no identity: nothing is kept.
        objc_setAssociatedObject(5, &Self.nameKey, "x", .OBJC_ASSOCIATION_RETAIN)
        expect(objc_getAssociatedObject(5, &Self.nameKey) == nil)
    }
}
