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

// A priority a step above or below another (`.defaultHigh - 1`), as Apple's UIKit overlay
// declares them: thumbprint-ios's design system uses them and declares none. Declared in this
// module, the one an app imports, so that an app's own (written before UIKit had them, as many
// did) shadows them instead of making the operator ambiguous, as it does on iOS: Swift prefers
// a module's declaration over the same one of a module it imports.
extension UILayoutPriority {
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
        UILayoutPriority(lhs.rawValue + rhs)
    }

    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
        UILayoutPriority(lhs.rawValue - rhs)
    }
}
