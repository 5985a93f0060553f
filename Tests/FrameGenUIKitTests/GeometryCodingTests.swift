import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit
import FrameGenUIKitRendering
import Testing

/// UIKit's geometry strings (UIGeometry.h) and the keyed coding built on them: a view archived
/// with `encode(_:forKey:)` of its frame, insets and transform reads the same values back.
@Suite struct GeometryCodingTests {
    /// iOS prints each number with 17 significant digits and no trailing zeros: a third of a
    /// point is `20.333333333333332`, a whole one `375`.
    @Test func stringsAreIOSs() {
        #expect(NSCoder.string(for: CGPoint(x: 3, y: 4.5)) == "{3, 4.5}")
        #expect(
            NSCoder.string(for: CGRect(x: 0, y: 61.0 / 3, width: 375, height: 667))
                == "{{0, 20.333333333333332}, {375, 667}}")
        #expect(NSCoder.string(for: CGAffineTransform(scaleX: 2, y: -1)) == "[2, 0, 0, -1, 0, 0]")
        #expect(NSCoder.string(for: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == "{1, 2, 3, 4}")
        #expect(NSCoder.string(for: UIOffset(horizontal: -2, vertical: 0.5)) == "{-2, 0.5}")
    }

    /// Reading takes the numbers in order; a malformed string leaves the missing ones zero.
    @Test func stringsReadBack() {
        #expect(NSCoder.cgRect(for: "{{0, 20.333333333333332}, {375, 667}}").origin.y == CGFloat(61) / 3)
        #expect(NSCoder.cgPoint(for: "{-1.5e2, 7}") == CGPoint(x: -150, y: 7))
        #expect(NSCoder.cgSize(for: "{12}") == CGSize(width: 12, height: 0))
        #expect(NSCoder.cgRect(for: "nonsense") == .zero)
        let transform = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSCoder.cgAffineTransform(for: NSCoder.string(for: transform)) == transform)
    }

    /// A keyed archive round trip, as a view's `encode(with:)` and `init?(coder:)` write one.
    @Test func keyedArchivesRoundTrip() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        let frame = CGRect(x: 1, y: 2.25, width: 300, height: 44)
        let insets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 4)
        archiver.encode(frame, forKey: "frame")
        archiver.encode(insets, forKey: "insets")
        archiver.encode(CGVector(dx: 3, dy: -4), forKey: "velocity")
        archiver.encode(UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4), forKey: "margins")
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        unarchiver.requiresSecureCoding = false
        #expect(unarchiver.decodeCGRect(forKey: "frame") == frame)
        #expect(unarchiver.decodeDirectionalEdgeInsets(forKey: "insets") == insets)
        #expect(unarchiver.decodeCGVector(forKey: "velocity") == CGVector(dx: 3, dy: -4))
        #expect(
            unarchiver.decodeUIEdgeInsets(forKey: "margins")
                == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(unarchiver.decodeCGPoint(forKey: "absent") == .zero)
        #expect(unarchiver.decodeUIOffset(forKey: "absent") == UIOffset(horizontal: 0, vertical: 0))
    }

    /// UIImage and UIColor are NSSecureCoding, as UIKit's: an image reads back with its pixels,
    /// scale and rendering mode, a colour with its components, a system colour as itself (dark
    /// in a dark context).
    @Test func imagesAndColoursArchive() throws {
        let png = try #require(Self.redSquarePNG)
        let image = try #require(UIImage(data: png, scale: 2)).withRenderingMode(.alwaysTemplate)
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.encode(image, forKey: "image")
        archiver.encode(UIColor(red: 0.25, green: 0.5, blue: 1, alpha: 0.75), forKey: "colour")
        archiver.encode(UIColor.systemBackground, forKey: "system")
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        let decoded = try #require(unarchiver.decodeObject(of: UIImage.self, forKey: "image"))
        #expect(decoded.size == CGSize(width: 2, height: 2) && decoded.scale == 2)
        #expect(decoded.renderingMode == .alwaysTemplate)
        #expect(decoded.pngData() == image.pngData())
        let colour = try #require(unarchiver.decodeObject(of: UIColor.self, forKey: "colour"))
        #expect(colour.cgColor == UIColor(red: 0.25, green: 0.5, blue: 1, alpha: 0.75).cgColor)
        let system = try #require(unarchiver.decodeObject(of: UIColor.self, forKey: "system"))
        #expect(
            system.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)).cgColor
                == UIColor.black.cgColor)
        #expect(
            system.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).cgColor
                == UIColor.white.cgColor)
    }

    /// A 4 by 4 pixel opaque red PNG.
    private static var redSquarePNG: Data? {
        UIGraphicsImageRenderer(
            bounds: CGRect(x: 0, y: 0, width: 2, height: 2),
            format: UIGraphicsImageRendererFormat(for: UITraitCollection(displayScale: 2))
        ).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }.pngData()
    }
}
