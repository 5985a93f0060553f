import Foundation
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

/// Core Graphics' bitmap contexts as iOS code uses them (docs/uikit.md "Bitmap contexts"):
/// memory laid out as `bitmapInfo` says, y up, painted at once into the app's memory.
@Suite struct BitmapContextTests {
    static let rgba = CGImageAlphaInfo.premultipliedLast.rawValue
    static let bgra = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue

    /// `body` with `count` bytes of zeroed memory of the app's.
    static func withMemory<T>(_ count: Int, _ body: (UnsafeMutableRawPointer) throws -> T) rethrows -> T {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        defer { memory.deallocate() }
        return try body(memory)
    }

    static func bytes(_ p: UnsafeMutableRawPointer, _ offset: Int, _ count: Int = 4) -> [UInt8] {
        (0..<count).map { p.load(fromByteOffset: offset + $0, as: UInt8.self) }
    }

    @Test func userSpaceHasItsOriginAtTheBottomLeft() throws {
        let context = try #require(
            CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.rgba))
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        let data = try #require(context.data)
        expect(Self.bytes(data, 3 * 16) == [255, 0, 0, 255], "the last row in memory is y 0")
        expect(Self.bytes(data, 3 * 16 + 8) == [0, 0, 0, 0], "x 2 is outside the rect")
        expect(
            Self.bytes(data, 0) == [0, 0, 0, 0], "the first row in memory is the top, untouched and cleared")
        expect(context.width == 4 && context.height == 4 && context.bytesPerRow == 16)
        expect(context.bitsPerPixel == 32 && context.alphaInfo == .premultipliedLast)
    }

    @Test func theAppsMemoryHoldsEachDrawingAtOnceInItsByteOrder() {
        Self.withMemory(4) { pixel in
            let context = CGContext(
                data: pixel, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.bgra)
            context?.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            context?.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            // Read with no call on the context between, as apps read a picked colour.
            let b = Self.bytes(pixel, 0)
            expect(b[0] == 0 && b[2] == 255 && b[3] == 255, "premultipliedFirst, little-endian: B G R A")
            expect(abs(Int(b[1]) - 128) <= 1)
        }
        Self.withMemory(4) { pixel in
            let context = CGContext(
                data: pixel, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue)
            context?.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            context?.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            expect(Self.bytes(pixel, 0) == [255, 0, 0, 255], "noneSkipFirst: X R G B, the skipped byte 255")
        }
    }

    @Test func drawingsPaintOverWhatIsThereWithSourceOver() throws {
        try Self.withMemory(8) { memory in
            let context = try #require(
                CGContext(
                    data: memory, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 8,
                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.rgba))
            context.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
            context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            let half = Self.bytes(memory, 0)
            expect(half[0] == 255 && half[3] == 255)
            expect(abs(Int(half[1]) - 128) <= 1 && half[1] == half[2], "white under half red")
            expect(
                Self.bytes(memory, 4) == [255, 255, 255, 255], "the pixel the second fill missed is as it was"
            )
        }
    }

    @Test func anImageDrawnComesOutUprightAndALayerRenderedUpsideDown() throws {
        // A 1 x 2 image: red above blue.
        let image = try #require(
            CGImage(bitmap: .init(width: 1, height: 2, pixels: [255, 0, 0, 255, 0, 0, 255, 255])))
        let context = try #require(
            CGContext(
                data: nil, width: 1, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.rgba))
        context.draw(image, in: CGRect(x: 0, y: 0, width: 1, height: 2))
        let data = try #require(context.data)
        expect(context.bytesPerRow == 16, "bytesPerRow 0: framegen's choice, rounded up to 16 bytes")
        expect(Self.bytes(data, 0) == [255, 0, 0, 255], "the image's top row at the memory's first row")
        expect(Self.bytes(data, 16) == [0, 0, 255, 255])

        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 1, height: 2)
        let top = CALayer()
        top.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
        top.backgroundColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        layer.addSublayer(top)
        let flipped = try #require(
            CGContext(
                data: nil, width: 1, height: 2, bitsPerComponent: 8, bytesPerRow: 4,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.rgba))
        layer.render(in: flipped)
        let rendered = try #require(flipped.makeImage())
        expect(rendered.bitmap.pixels[0..<4] == [0, 0, 0, 0], "the layer's top is the memory's last row")
        expect(rendered.bitmap.pixels[4..<8] == [0, 255, 0, 255])
    }

    @Test func aColourIsPickedAtAPointOfALayer() {
        // As apps pick one: a 1 x 1 context moved so that the point is at its origin.
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        let right = CALayer()
        right.frame = CGRect(x: 10, y: 0, width: 10, height: 10)
        right.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        layer.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        layer.addSublayer(right)
        func pick(_ point: CGPoint) -> [UInt8] {
            Self.withMemory(4) { pixel in
                let context = CGContext(
                    data: pixel, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.rgba)
                context?.translateBy(x: -point.x, y: -point.y)
                if let context { layer.render(in: context) }
                return Self.bytes(pixel, 0)
            }
        }
        expect(pick(CGPoint(x: 5, y: 5)) == [255, 0, 0, 255])
        expect(pick(CGPoint(x: 15, y: 5)) == [0, 0, 255, 255])
    }

    @Test func greyAndAlphaOnlyContextsKeepOneByteAPixel() throws {
        let grey = try #require(
            CGContext(
                data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 1,
                space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue))
        grey.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        grey.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let greyData = try #require(grey.data)
        expect(greyData.load(as: UInt8.self) == 255)
        expect(grey.makeImage()?.bitmap.pixels == [255, 255, 255, 255])
        let mask = try #require(
            CGContext(
                data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 1,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue))
        mask.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        mask.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let maskData = try #require(mask.data)
        expect(abs(Int(maskData.load(as: UInt8.self)) - 128) <= 1)
        expect(mask.colorSpace == nil)
    }

    @Test func parametersCoreGraphicsRefusesGiveNil() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        expect(
            CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                bitmapInfo: CGImageAlphaInfo.last.rawValue) == nil, "RGB with straight alpha")
        expect(
            CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 8, space: rgb,
                bitmapInfo: Self.rgba) == nil, "fewer bytes a row than the pixels")
        expect(
            CGContext(
                data: nil, width: 0, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                bitmapInfo: Self.rgba) == nil, "no pixels")
        expect(
            CGContext(
                data: nil, width: 1 << 20, height: 1 << 20, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                bitmapInfo: Self.rgba) == nil, "past the limit")
        expect(
            CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 16, bytesPerRow: 0, space: rgb,
                bitmapInfo: Self.rgba) == nil, "16-bit components, which framegen does not draw")
    }

    @Test func anImageIsMadeFromBytesInTheirLayoutAndHandsItsPixelsBack() throws {
        let rgb = CGColorSpaceCreateDeviceRGB()
        func image(_ bytes: [UInt8], width: Int, bitsPerPixel: Int = 32, _ info: UInt32) -> CGImage? {
            guard let provider = CGDataProvider(data: Data(bytes) as CFData) else { return nil }
            return CGImage(
                width: width, height: 1, bitsPerComponent: 8, bitsPerPixel: bitsPerPixel,
                bytesPerRow: width * bitsPerPixel / 8, space: rgb, bitmapInfo: CGBitmapInfo(rawValue: info),
                provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        }
        // B G R A: opaque blue, then red premultiplied by half.
        let bgra = try #require(image([255, 0, 0, 255, 0, 0, 128, 128], width: 2, Self.bgra))
        expect(bgra.bitmap.pixels == [0, 0, 255, 255, 128, 0, 0, 128])
        let straight = try #require(image([255, 0, 0, 128], width: 1, CGImageAlphaInfo.last.rawValue))
        expect(straight.bitmap.pixels == [128, 0, 0, 128], "straight alpha is premultiplied")
        let packed = try #require(
            image([0, 255, 0], width: 1, bitsPerPixel: 24, CGImageAlphaInfo.none.rawValue))
        expect(packed.bitmap.pixels == [0, 255, 0, 255])
        expect(image([0, 0, 0], width: 1, Self.rgba) == nil, "fewer bytes than a row")

        let data = try #require(bgra.dataProvider?.data)
        expect(CFDataGetLength(data) == 8 && bgra.bytesPerRow == 8 && bgra.alphaInfo == .premultipliedLast)
        var copied = [UInt8](repeating: 0, count: 4)
        CFDataGetBytes(data, CFRangeMake(4, 4), &copied)
        expect(copied == [128, 0, 0, 128], "the image's own layout: premultiplied RGBA, as bitmapInfo says")
    }
}
