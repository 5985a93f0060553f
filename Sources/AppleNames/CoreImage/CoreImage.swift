// `import CoreImage` (or `import UIKit`, which brings it on iOS) gives framegen's Core Image
// (docs/uikit.md "Core Image") and, as Apple's module does, Core Graphics.
@_exported import CoreGraphics
@_exported import FrameGenCoreImage
