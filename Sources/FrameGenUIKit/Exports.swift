// A layout file that says `import UIKit` expects Foundation with it (CGFloat, CGRect, NSObject,
// IndexPath), as on iOS. Geometry and Layout stay internal: their Point, Size, Rect and IndexPath
// would collide with Foundation's names in the user's file.
@_exported import Foundation

/// In this module `IndexPath` is Foundation's, the one UIKit's API takes; Layout's is always
/// written `Layout.IndexPath`.
public typealias IndexPath = Foundation.IndexPath
