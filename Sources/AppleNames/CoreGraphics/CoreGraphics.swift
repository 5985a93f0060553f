// `import CoreGraphics` in a layout file written for iOS brings framegen's Core Graphics
// (docs/uikit.md), with Foundation's CGFloat, CGPoint, CGSize and CGRect, and nothing of
// QuartzCore or UIKit, as on iOS.
@_exported import FrameGenCoreGraphics
