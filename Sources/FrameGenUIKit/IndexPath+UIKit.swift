import Foundation

// UIKit's additions to IndexPath (NSIndexPath+UIKitAdditions): Foundation on Linux has the
// type but not the section/item view that collection and table views use.
extension IndexPath {
    /// An index path of two indices, section first.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }

    /// The first index. As on iOS, reading it from an index path of another length traps.
    public var section: Int {
        get {
            precondition(count == 2, "Invalid index path for use with UICollectionView: \(self)")
            return self[0]
        }
        set {
            precondition(count == 2, "Invalid index path for use with UICollectionView: \(self)")
            self[0] = newValue
        }
    }

    public var item: Int {
        get {
            precondition(count == 2, "Invalid index path for use with UICollectionView: \(self)")
            return self[1]
        }
        set {
            precondition(count == 2, "Invalid index path for use with UICollectionView: \(self)")
            self[1] = newValue
        }
    }

    public var row: Int {
        get { item }
        set { item = newValue }
    }
}

// The same on NSIndexPath, which code written before Swift 3 bridges to (`(indexPath as
// NSIndexPath).item`).
extension NSIndexPath {
    public convenience init(item: Int, section: Int) { self.init(indexes: [section, item], length: 2) }

    public convenience init(row: Int, section: Int) { self.init(indexes: [section, row], length: 2) }

    /// The first index; an index path of another length traps, as on iOS.
    public var section: Int { (self as IndexPath).section }

    public var item: Int { (self as IndexPath).item }

    public var row: Int { (self as IndexPath).item }
}
