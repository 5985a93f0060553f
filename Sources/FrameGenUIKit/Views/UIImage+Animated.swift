import Foundation
import FrameGenCoreGraphics

/// Animated images, as UIKit makes them: the frames and their duration, drawn as the first frame
/// (its pixels, size and scale) wherever the image is drawn at rest, which is what a snapshot
/// of a view showing one takes.
extension UIImage {
    /// An image of `images`, one after the other over `duration` seconds; nil without frames.
    public class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard let first = images.first else { return nil }
        let animated = UIImage(
            size: first.size, scale: first.scale, name: first.name, bitmap: first.bitmap,
            renderingMode: first.renderingMode, scenePhoto: first.scenePhoto,
            symbolConfiguration: first.symbolConfiguration)
        animated.images = images
        animated.duration = duration
        return animated
    }

    /// The app's images `name0`, `name1`... (from 0 or 1, up to the first missing), as UIKit
    /// loads them; nil when there is none.
    public class func animatedImageNamed(_ name: String, duration: TimeInterval) -> UIImage? {
        var frames: [UIImage] = []
        var index = UIImage(named: name + "0") == nil ? 1 : 0
        while frames.count < 1024, let frame = UIImage(named: name + String(index)) {
            frames.append(frame)
            index += 1
        }
        return animatedImage(with: frames, duration: duration)
    }
}
