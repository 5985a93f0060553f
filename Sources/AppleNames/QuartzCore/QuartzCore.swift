// `import QuartzCore` in a layout file written for iOS brings framegen's Core Animation
// (docs/uikit.md) and, as Apple's module does, Core Graphics; not UIKit.
@_exported import CoreGraphics
@_exported import FrameGenQuartzCore
