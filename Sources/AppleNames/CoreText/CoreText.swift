// `import CoreText` (or `import UIKit`, which brings it on iOS) gives framegen's Core Text: the
// font manager apps register their fonts with (docs/uikit.md "Fonts"), and, as Apple's module
// does, Core Graphics.
@_exported import CoreGraphics
@_exported import FrameGenCoreText
