import Foundation
import FrameGenCodecs
import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenRender
@testable import FrameGenScene

@Suite struct FrameComposerTests {
    private func square(_ color: String, z: Int, transform: Transform3D = .identity) throws
        -> AttributeElement
    {
        var a = LayoutAttributes.cell(
            IndexPath(item: 0, section: 0), frame: Rect(x: 10, y: 10, width: 20, height: 20))
        a.zIndex = z
        a.transform3D = transform
        var style = ElementStyle()
        style.background = Color(parsing: color)
        return AttributeElement(attributes: a, style: style)
    }

    private func centre(_ view: AttributeView) throws -> Pixel {
        let canvas = Canvas(width: 40, height: 40, scale: 1, background: .color(.black))
        let composer = try FrameComposer(canvas: canvas, style: ElementStyle(), kindStyles: [:])
        return try composer.render(AttributeFrame(index: 0, time: 0, views: [view]), scale: 1)[20, 20]
    }

    @Test func zIndexWinsOverFileOrder() throws {
        let view = AttributeView(
            bounds: Rect(x: 0, y: 0, width: 40, height: 40),
            elements: [try square("#FF0000", z: 2), try square("#00FF00", z: 1)])
        try expect(centre(view) == Color(r: 255, g: 0, b: 0).premultiplied)
    }

    @Test func depthOrderDrawsNearerElementsLater() throws {
        // The green square is nearer (z 50) but has the lower zIndex: depth order puts it on top.
        var view = AttributeView(
            bounds: Rect(x: 0, y: 0, width: 40, height: 40),
            elements: [
                try square("#FF0000", z: 2),
                try square("#00FF00", z: 1, transform: .makeTranslation(0, 0, 50)),
            ])
        try expect(centre(view) == Color(r: 255, g: 0, b: 0).premultiplied)
        view.drawingOrder = .depth
        try expect(centre(view) == Color(r: 0, g: 255, b: 0).premultiplied)
        // An attribute file keeps the order: written, read back, drawn the same.
        let file = AttributeFile(
            canvas: Canvas(width: 40, height: 40, scale: 1, background: .color(.black)), fps: 30,
            frames: [AttributeFrame(index: 0, time: 0, views: [view])])
        let text = file.jsonText()
        expect(text.contains(#""drawingOrder": "depth""#))
        let reread = try AttributeFile(document: parseDocument(text, file: "a.json"), folder: ".")
        expect(reread.frames[0].views[0].drawingOrder == .depth)
        try expect(centre(reread.frames[0].views[0]) == Color(r: 0, g: 255, b: 0).premultiplied)
        #expect(throws: FrameGenError.self) {
            try AttributeFile(
                document: parseDocument(
                    text.replacingOccurrences(of: #""depth""#, with: #""deep""#), file: "a.json"), folder: "."
            )
        }
    }

    @Test func cellsSharingAnEdgeShowNoSeamWhileScrolled() throws {
        // Two white pages side by side, scrolled by a fraction of a pixel: the shared edge stays
        // on a pixel boundary, so no column lets the black background through.
        func page(_ i: Int) -> AttributeElement {
            var a = LayoutAttributes.cell(
                IndexPath(item: i, section: 0), frame: Rect(x: Double(i) * 20, y: 0, width: 20, height: 40))
            a.zIndex = 0
            var style = ElementStyle()
            style.background = .white
            return AttributeElement(attributes: a, style: style)
        }
        let view = AttributeView(
            bounds: Rect(x: 10.3, y: 0, width: 40, height: 40), elements: [page(0), page(1)])
        let canvas = Canvas(width: 40, height: 40, scale: 1, background: .color(.black))
        let composer = try FrameComposer(canvas: canvas, style: ElementStyle(), kindStyles: [:])
        let image = try composer.render(AttributeFrame(index: 0, time: 0, views: [view]), scale: 1)
        for x in 0..<30 { expect(image[x, 20] == Color.white.premultiplied, "column \(x)") }
    }

    /// A PNG whose header is whole and whose image data is damaged (a bad CRC): its size can be
    /// read, and decoding it fails, so a render that succeeds never decoded it.
    private func undecodablePNG() throws -> String {
        let path = NSTemporaryDirectory() + "framegen-cull-" + UUID().uuidString + ".png"
        var image = Image(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 { image[x, y] = Pixel(r: UInt8(x * 4), g: UInt8(y * 4), b: 128, a: 255) }
        }
        var bytes = try PNG.encode(image)
        bytes[bytes.count / 2] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func photo(_ file: String, at frame: Rect, transform: Transform3D = .identity) -> AttributeElement
    {
        var a = LayoutAttributes.cell(IndexPath(item: 0, section: 0), frame: frame)
        a.transform3D = transform
        return AttributeElement(attributes: a, image: .file(file))
    }

    @Test func elementsThatCannotBeSeenAreNeverDecoded() throws {
        let file = try undecodablePNG()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let canvas = Canvas(width: 40, height: 40, scale: 1, background: .color(.black))
        let composer = try FrameComposer(canvas: canvas, style: ElementStyle(), kindStyles: [:])
        func render(_ e: AttributeElement) throws {
            let view = AttributeView(bounds: Rect(x: 0, y: 0, width: 40, height: 40), elements: [e])
            _ = try composer.render(AttributeFrame(index: 0, time: 0, views: [view]), scale: 1)
        }
        // Right of the canvas, below it, moved out by its transform, and behind the eye.
        try render(photo(file, at: Rect(x: 45, y: 0, width: 20, height: 20)))
        try render(photo(file, at: Rect(x: 0, y: 41, width: 20, height: 20)))
        try render(
            photo(file, at: Rect(x: 0, y: 0, width: 20, height: 20), transform: .makeTranslation(-30, 0, 0)))
        var eye = Transform3D.identity
        eye.m34 = -1.0 / 500
        try render(
            photo(
                file, at: Rect(x: 10, y: 10, width: 20, height: 20),
                transform: Transform3D.makeTranslation(0, 0, 600).concatenating(eye)))
        // One pixel inside the canvas: it is decoded, and the cut file is reported.
        #expect(throws: FrameGenError.self) {
            try render(photo(file, at: Rect(x: 39, y: 0, width: 20, height: 20)))
        }
    }

    @Test func aSmallTextureBudgetEvictsWithoutChangingPixels() throws {
        let canvas = Canvas(width: 120, height: 40, scale: 1, background: .color(.black))
        func frame(_ first: Int) -> AttributeFrame {
            let elements = (0..<6).map { i in
                var a = LayoutAttributes.cell(
                    IndexPath(item: i, section: 0),
                    frame: Rect(x: Double(i) * 20, y: 10, width: 20, height: 20))
                a.zIndex = 0
                return AttributeElement(
                    attributes: a, image: ImageName.photo(seed: 7, index: first + i))
            }
            return AttributeFrame(
                index: 0, time: 0,
                views: [AttributeView(bounds: Rect(x: 0, y: 0, width: 120, height: 40), elements: elements)])
        }
        let roomy = try FrameComposer(canvas: canvas, style: ElementStyle(), kindStyles: [:])
        // Generated photos are 128 px on their long side here, drawn at 20: each keeps its mip
        // levels from 2 down, about 5 KB, so a frame's six are over the budget; they stay while
        // the frame draws, and go when the next frame needs room.
        let tight = try FrameComposer(
            canvas: canvas, style: ElementStyle(), kindStyles: [:], memoryBudget: 10_000)
        let a = try roomy.render(frame(0), scale: 1)
        let b = try roomy.render(frame(6), scale: 1)
        expect(a != b)
        for _ in 0..<2 {
            try expect(tight.render(frame(0), scale: 1) == a)
            try expect(tight.render(frame(6), scale: 1) == b)
        }
        expect(roomy.textureEvictions == 0)
        expect(tight.textureEvictions >= 18)
    }

    @Test func texturesOfFramesInFlightAreNotEvicted() {
        var cache = TextureCache(budget: 1)
        let t = Texture(Image(width: 4, height: 4))
        let first = cache.beginFrame()
        _ = cache.insert(.file("a"), t, ticket: first)
        let second = cache.beginFrame()
        _ = cache.insert(.file("b"), t, ticket: second)
        // Both frames draw: nothing goes, whatever the budget.
        expect(cache.entries.count == 2 && cache.evictions == 0)
        cache.endFrame(first)
        _ = cache.insert(.file("c"), t, ticket: second)
        // "a" belonged only to the finished frame.
        expect(Set(cache.entries.keys) == [.file("b"), .file("c")])
        cache.endFrame(second)
        let third = cache.beginFrame()
        _ = cache.get(.file("c"), ticket: third)
        _ = cache.insert(.file("d"), t, ticket: third)
        expect(Set(cache.entries.keys) == [.file("c"), .file("d")])
    }

    /// A frame drawn into the previous frame's memory has the bytes of one drawn afresh, whatever
    /// that memory held (another frame, another background), and a buffer of another size is
    /// not used.
    @Test func framesDrawnIntoThePreviousFrameAreTheSame() throws {
        let canvas = Canvas(width: 120, height: 60, scale: 1, background: .color(.black))
        let composer = try FrameComposer(canvas: canvas, style: ElementStyle(), kindStyles: [:])
        func frame(_ x: Double, alpha: Double) -> AttributeFrame {
            var a = LayoutAttributes.cell(
                IndexPath(item: 0, section: 0), frame: Rect(x: x, y: 5, width: 50, height: 40))
            a.alpha = alpha
            return AttributeFrame(
                index: 0, time: 0,
                views: [
                    AttributeView(
                        bounds: Rect(x: 0, y: 0, width: 120, height: 60),
                        elements: [AttributeElement(attributes: a, image: .photo(seed: 3, index: 1))])
                ])
        }
        let frames = [frame(4, alpha: 1), frame(60.5, alpha: 0.4), frame(30.25, alpha: 0.8)]
        let fresh = try frames.map { f throws(FrameGenError) in try composer.render(f, scale: 1) }
        var buffer: Image? = Image(width: 120, height: 60, fill: Pixel(r: 9, g: 200, b: 40, a: 255))
        for (f, expected) in zip(frames, fresh) {
            let image = try composer.render(f, scale: 1, reusing: &buffer)
            expect(buffer == nil)
            expect(image == expected)
            buffer = image
        }
        var wrongSize: Image? = Image(width: 10, height: 10)
        try expect(composer.render(frames[0], scale: 1, reusing: &wrongSize) == fresh[0])
        expect(wrongSize?.width == 10)
    }

    @Test func aTextureMissingAFinerLevelIsReplacedByOneWithIt() {
        var cache = TextureCache(budget: 1 << 30)
        let image = Image(width: 64, height: 64)
        let coarse = Texture(image, finestLevel: 2)
        let fine = Texture(image, finestLevel: 1)
        let ticket = cache.beginFrame()
        _ = cache.insert(.file("a"), coarse, ticket: ticket)
        expect(cache.get(.file("a"), finestLevel: 3, ticket: ticket)?.baseLevel == 2)
        expect(cache.get(.file("a"), finestLevel: 1, ticket: ticket) == nil)
        expect(cache.insert(.file("a"), fine, ticket: ticket).baseLevel == 1)
        expect(cache.bytes == fine.texels.count && cache.entries.count == 1)
        // A coarser one made meanwhile by another thread does not replace it.
        expect(cache.insert(.file("a"), coarse, ticket: ticket).baseLevel == 1)
        expect(cache.bytes == fine.texels.count)
    }

    /// A photo drawn small keeps only the mip levels it reads; drawn large later it is made again
    /// with all of them, and the small drawing is the same either way.
    @Test func minifiedImagesKeepOnlyTheLevelsTheyRead() throws {
        let canvas = Canvas(width: 200, height: 200, scale: 1, background: .color(.black))
        let composer = try FrameComposer(canvas: canvas, style: ElementStyle(), kindStyles: [:])
        let name = ImageName.photo(seed: 7, index: 3)
        func frame(_ side: Double) -> AttributeFrame {
            let a = LayoutAttributes.cell(
                IndexPath(item: 0, section: 0), frame: Rect(x: 10, y: 10, width: side, height: side))
            return AttributeFrame(
                index: 0, time: 0,
                views: [
                    AttributeView(
                        bounds: Rect(x: 0, y: 0, width: 200, height: 200),
                        elements: [AttributeElement(attributes: a, image: name)])
                ])
        }
        func base() -> Int? { composer.textures.withLock { $0.entries[name]?.texture.baseLevel } }
        // 200 px drawn at 20: a level of detail of log2(10) - 0.5 = 2.8.
        let small = try composer.render(frame(20), scale: 1)
        expect(base() == 2)
        _ = try composer.render(frame(180), scale: 1)
        expect(base() == 0)
        try expect(composer.render(frame(20), scale: 1) == small)
    }

    /// Images are typed values; attribute files write them as text and read the same value back,
    /// and a malformed generated name is an error at its key path when the file is read.
    @Test func imageNamesRoundTripThroughAttributeFiles() throws {
        let names: [ImageName] = [
            .photo(seed: 3, index: 12), .emblem, .pattern(seed: 9), .file("/tmp/x.png"),
        ]
        for name in names { try expect(ImageName(parsing: name.description) == name) }
        expect(ImageName.photo(seed: 3, index: 12).description == "generated:photo/3/12")
        try expect(ImageName(parsing: "a/b.jpg", relativeTo: "/data") == .file("/data/a/b.jpg"))
        expect(ImageName.emblem.path == nil && ImageName.file("p.png").path == "p.png")
        func read(_ image: String) throws(FrameGenError) -> AttributeFile {
            try AttributeFile(
                document: parseDocument(
                    #"{"frames": [{"bounds": [0, 0, 10, 10], "elements": [{"category": "cell", "center": [5, 5], "size": [4, 4], "image": "\#(image)"}]}]}"#,
                    file: "a.json"), folder: "/data")
        }
        expect(
            try read("generated:photo/1/2").frames[0].views[0].elements[0].image == .photo(seed: 1, index: 2))
        try expect(read("p.png").frames[0].views[0].elements[0].image == .file("/data/p.png"))
        for bad in ["generated:photo/1", "generated:photo/x/2", "generated:moon", "generated:pattern/-1"] {
            let error = try #require(throws: FrameGenError.self) { try read(bad) }
            expect(error.kind == .badInput && error.file == "a.json", "\(bad)")
            expect(
                error.description.hasPrefix("a.json: frames[0].elements[0].image: "), "\(error.description)")
        }
    }
}
