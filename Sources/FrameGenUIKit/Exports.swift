// A layout file that says `import UIKit` expects Foundation with it (CGFloat, CGRect, NSObject,
// IndexPath), as on iOS. Geometry and Layout stay internal: their Point, Size, Rect and IndexPath
// would collide with Foundation's names in the user's file.
@_exported import Foundation
// Apple's UIKit re-exports QuartzCore (and so Core Graphics): a cell that says `import UIKit` uses
// CALayer and CGAffineTransform without importing them.
@_exported import FrameGenQuartzCore

// `IndexPath` is Foundation's, the one UIKit's API takes. A file here that also imports Layout
// (whose own IndexPath is written `FrameGenLayout.IndexPath`) says `import struct Foundation.IndexPath`,
// which shadows Layout's. No public typealias: a user's file that imports both UIKit and
// Foundation would see two declarations, and `[IndexPath]()` would not compile.
