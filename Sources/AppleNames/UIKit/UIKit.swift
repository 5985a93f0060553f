@_exported import CoreImage
@_exported import CoreText
// `import UIKit` in a layout file written for iOS brings framegen's version of the API
// (docs/uikit.md): the views and the collection view, Auto Layout, Dynamics, compositional
// layouts, the host that runs a layout in a scene, drawing views into images
// (`UIGraphicsImageRenderer`), and, as Apple's module does, QuartzCore, Core Text (the font
// manager) and Core Graphics.
@_exported import FrameGenCompositionalLayout
@_exported import FrameGenUIKit
@_exported import FrameGenUIKitDynamics
@_exported import FrameGenUIKitHost
@_exported import FrameGenUIKitRendering
@_exported import QuartzCore
