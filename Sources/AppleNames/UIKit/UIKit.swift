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

// On Apple's platforms Foundation has URLSession and URLRequest; on Linux they are in
// FoundationNetworking, and Foundation alone declares `URLSession` as a placeholder
// (`AnyObject`), so an app's networking code did not compile. `import UIKit` brings them, as an
// app's files get them through UIKit on iOS.
#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
