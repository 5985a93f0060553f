import FrameGenCodecs
import FrameGenComparison
import FrameGenScene
import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster

@_exported import struct FrameGenComparison.ImageComparison
// The image and colour types of the rendering API, so that a user of FrameGenKit needs no
// import of the pixel modules (which are not products).
@_exported import struct FrameGenRaster.Color
@_exported import struct FrameGenRaster.StraightImage
// What draws text: a caller of `generatedPhoto` or `ImageSource.image(forItem:)` passes one.
@_exported import class FrameGenText.TextRenderer

/// Renders a scene's frames in memory, as `framegen render` would write them (the same pixels
/// as the PNG files, straight RGBA), reusing decoded images from frame to frame.
public final class SceneRenderer: Sendable {
    public let source: FrameSource
    let composer: FrameComposer

    public convenience init(scene: Scene) throws(FrameGenError) {
        try self.init(source: FrameSource(scene: scene))
    }

    /// A scene file or an attribute file; `layouts` are the types the scene may name.
    public convenience init(file path: String, layouts: [LayoutDescriptor] = LayoutRegistry.builtIn) throws(FrameGenError) {
        try self.init(source: FrameSource.load(path, fps: nil, layouts: layouts))
    }

    public init(source: FrameSource) throws(FrameGenError) {
        self.source = source
        composer = try FrameComposer(
            canvas: source.canvas, style: source.style, kindStyles: source.kindStyles)
    }

    public var frameCount: Int { source.frameCount }

    /// Frame `frame` (0-based); status 2 when out of range.
    public func render(frame: Int) throws(FrameGenError) -> StraightImage {
        guard (0..<source.frameCount).contains(frame) else {
            throw .badInput(nil, "frame \(frame) is outside the frames 0-\(source.frameCount - 1)")
        }
        return StraightImage(try composer.render(source.frame(frame), scale: source.canvas.scale))
    }
}

/// Frame `frame` of a scene, in memory.
public func render(scene: Scene, frame: Int) throws(FrameGenError) -> StraightImage {
    try SceneRenderer(scene: scene).render(frame: frame)
}

/// One frame of attributes (what a UICollectionViewLayout hands to UIKit), in memory, on
/// `canvas` with `style` for every element and `kindStyles` per element kind.
public func render(
    attributes: AttributeFrame, canvas: Canvas, style: ElementStyle = ElementStyle(),
    kindStyles: [String: ElementStyle] = [:]
) throws(FrameGenError) -> StraightImage {
    let composer = try FrameComposer(canvas: canvas, style: style, kindStyles: kindStyles)
    return StraightImage(try composer.render(attributes, scale: canvas.scale))
}

/// Frame `frame` of an attribute file, in memory.
public func render(attributes file: AttributeFile, frame: Int) throws(FrameGenError) -> StraightImage {
    guard file.frames.indices.contains(frame) else {
        throw .badInput(nil, "frame \(frame) is outside the frames 0-\(file.frames.count - 1)")
    }
    return try render(
        attributes: file.frames[frame], canvas: file.canvas, style: file.style, kindStyles: file.kindStyles)
}

/// What one of the user's own layouts shows for a collection view state, in memory: the layout
/// is prepared as UIKit prepares it, asked for the elements in the visible rect, and each cell
/// shows a generated photo (seeded by `seed`, one per item in data source order). The canvas
/// defaults to the view's size at scale 2 on UIKit's dark grey.
public func render(
    layout: some CollectionViewLayout, in collectionView: CollectionViewState, canvas: Canvas? = nil,
    cell: ElementStyle = ElementStyle(), seed: UInt64 = 0
) throws(FrameGenError) -> StraightImage {
    var layout = layout
    layout.prepare(collectionView)
    let visible = collectionView.bounds
    var firstItem: [Int] = []
    var running = 0
    for s in 0..<collectionView.dataSource.numberOfSections {
        firstItem.append(running)
        running += collectionView.dataSource.numberOfItems(inSection: s)
    }
    let canvas =
        canvas
        ?? Canvas(
            width: visible.size.width, height: visible.size.height, scale: 2,
            background: .color(Color(r: 0x2B, g: 0x2B, b: 0x2B)))
    // As a scene's views: by drawn extent, so tilted or shadowed elements near the edges show.
    let visibility = ElementVisibility(
        bounds: visible, frame: Rect(origin: .zero, size: canvas.size), canvas: canvas.size,
        sublayerTransform: layout.sublayerTransform
    ) { a in
        ElementVisibility.reach(
            of: a.representedElementCategory == .cell ? cell : ElementStyle(), size: a.size,
            hasImage: a.representedElementCategory == .cell,
            hasText: a.representedElementCategory == .supplementaryView)
    }
    let pad = ElementVisibility.reach(of: cell, size: .zero, hasImage: false, hasText: false) ?? 0
    let elements = visibility.elements(of: layout, minimumPad: pad).map { a in
        guard a.representedElementCategory == .cell, firstItem.indices.contains(a.indexPath.section) else {
            return AttributeElement(attributes: a)
        }
        let index = firstItem[a.indexPath.section] + a.indexPath.item
        return AttributeElement(attributes: a, image: ImageName.photo(seed: seed, index: index))
    }
    let view = AttributeView(
        bounds: visible, sublayerTransform: layout.sublayerTransform, drawingOrder: layout.drawingOrder,
        elements: elements)
    var kinds: [String: ElementStyle] = [:]
    if cell != ElementStyle() { kinds[AttributeFile.cellKind] = cell }
    return try render(
        attributes: AttributeFrame(index: 0, time: collectionView.time, views: [view]), canvas: canvas,
        kindStyles: kinds)
}

extension StraightImage {
    /// Reads a PNG file as straight RGBA (status 2 when it cannot be read or decoded).
    public init(file path: String) throws(FrameGenError) {
        do {
            self = try PNG.decodeStraight(file: path, limits: .default)
        } catch {
            throw FrameGenError(image: error, file: path)
        }
    }

    /// The image as an 8-bit RGBA PNG file's bytes.
    public func pngBytes() throws(FrameGenError) -> [UInt8] {
        do { return try PNG.encode(self) } catch { throw FrameGenError(.cannotWrite, error.reason) }
    }

    /// Writes the image as an 8-bit RGBA PNG, atomically (status 3 when it cannot).
    public func write(to path: String) throws(FrameGenError) {
        do { try PNG.write(self, to: path) } catch { throw FrameGenError(image: error, file: path) }
    }
}
