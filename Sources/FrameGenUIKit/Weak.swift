/// A reference that does not keep its object alive: what UIKit holds weakly (a recogniser's
/// targets and the recognisers it waits for, a trait change's or a notification's target, an
/// object's associated values under `OBJC_ASSOCIATION_ASSIGN`).
struct Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
