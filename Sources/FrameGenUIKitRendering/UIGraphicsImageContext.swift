import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit

// UIKit's image contexts from before UIGraphicsImageRenderer (UIGraphics.h): begin one, draw into
// the current context, take its image, end it. Apps and libraries still draw their generated
// images so (met on gabrieloc/roundrect, whose rounded, stroked and gradient images all are).

/// The image contexts begun on this thread and not yet ended, innermost last.
private var imageContextStack: ThreadStack<UIGraphicsImageRendererContext> {
    .current("FrameGenUIKitRendering.UIGraphicsImageContexts")
}

/// Begins an image context of `size` points and makes it current: `scale` pixels per point, or
/// the main screen's where it is 0, as on iOS; `opaque` as a renderer format's.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let format = UIGraphicsImageRendererFormat()
    if scale > 0 { format.scale = scale }
    format.opaque = opaque
    let context = UIGraphicsImageRendererContext(bounds: CGRect(origin: .zero, size: size), format: format)
    imageContextStack.contexts.append(context)
    UIGraphicsPushContext(context.cgContext)
}

/// An image context of `size` at one pixel per point, not opaque, as on iOS.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// What has been drawn into the current context, when it is an image context begun here; nil
/// otherwise (another context pushed over it, or none), as on iOS.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let context = imageContextStack.contexts.last, UIGraphicsGetCurrentContext() === context.cgContext
    else { return nil }
    return context.currentImage
}

/// Ends the innermost image context and takes it off the current contexts; does nothing where
/// none was begun.
public func UIGraphicsEndImageContext() {
    guard let context = imageContextStack.contexts.popLast() else { return }
    if UIGraphicsGetCurrentContext() === context.cgContext { UIGraphicsPopContext() }
}
