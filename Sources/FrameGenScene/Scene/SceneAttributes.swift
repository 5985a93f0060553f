import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster

/// What turns a scene's views and their layouts into attribute-file views: the data source
/// (items and their image aspect ratios, section titles), each element's image and style.
/// Shared by `framegen attributes` and the timeline, so both write the same elements.
public struct SceneData: Sendable {
    public let scene: Scene
    public let dataSource: CollectionViewDataSource
    /// The view's item counts can change during a timeline (insert, delete); images stay with
    /// their items, so the data source's items carry the global image index they show.
    public let imageIndexOfItem: [IndexPath: Int]

    public init(_ scene: Scene) throws(FrameGenError) {
        self.scene = scene
        var sections: [CollectionViewDataSource.Section] = []
        var index = 0
        var map: [IndexPath: Int] = [:]
        for (s, count) in scene.content.itemCounts.enumerated() {
            var items: [CollectionViewDataSource.Item] = []
            for i in 0..<count {
                items.append(try SceneData.item(scene, imageIndex: index))
                map[IndexPath(item: i, section: s)] = index
                index += 1
            }
            let title = s < scene.content.titles.count ? scene.content.titles[s] : nil
            sections.append(CollectionViewDataSource.Section(items: items, title: title))
        }
        dataSource = CollectionViewDataSource(
            sections: sections,
            photos: CollectionViewDataSource.PhotoLibrary(
                files: scene.content.images.files, seed: scene.seed, count: index))
        imageIndexOfItem = map
    }

    /// The data source's item showing the scene's image `index`: its aspect ratio (a size of
    /// height 1000, which the built-in layouts read) and its photo (which a UIKit data source
    /// reads, docs/uikit.md "The scene's photos").
    static func item(_ scene: Scene, imageIndex index: Int) throws(FrameGenError)
        -> CollectionViewDataSource.Item
    {
        let images = scene.content.images
        let ratio = try images.aspectRatio(forItem: index)
        let pixels = try images.pixelSize(
            forItem: index, generatedLongSide: scene.canvas.generatedLongSide)
        return CollectionViewDataSource.Item(
            imageSize: Size(width: ratio * 1000, height: 1000),
            photo: CollectionViewDataSource.Photo(
                index: index, pixelWidth: pixels.width, pixelHeight: pixels.height))
    }

    /// The screen's pixel grid, to which every content offset is rounded as UIScrollView rounds
    /// (docs/layouts-and-motion.md "Pixel alignment"): the scene's `canvas.scale`, whatever scale
    /// a render draws at.
    public var pixelGrid: PixelGrid { PixelGrid(scale: scene.canvas.scale) }

    /// The image an item shows: a file of the scene's content, or a generated photo.
    public func imageName(forImageIndex index: Int) -> ImageName {
        scene.content.images.file(forItem: index).map(ImageName.file)
            ?? .photo(seed: scene.seed, index: index)
    }

    /// The collection view's state for view `v` with `bounds` at scene time `time`, in a window
    /// of size `window` (the screen a layout reads, UIScreen.main; docs/uikit.md "What is there").
    public func state(
        view v: Int, bounds: Rect, window: Size, time: Double, dataSource: CollectionViewDataSource? = nil,
        inset: EdgeInsets? = nil, peers: [String: PeerViewState] = [:], orthogonalOffsets: [Int: Double] = [:]
    ) -> CollectionViewState {
        let view = scene.views[v]
        var state = CollectionViewState(
            bounds: bounds, contentInset: inset ?? view.contentInset, scale: scene.canvas.scale,
            screenSize: window,
            dataSource: dataSource ?? self.dataSource, time: time, seed: scene.seed, name: view.name,
            peers: peers, decelerationRate: view.decelerationRate, isPagingEnabled: view.pagingEnabled)
        state.appearance = scene.canvas.appearance
        state.orthogonalOffsets = orthogonalOffsets
        state.alwaysBounceVertical = view.alwaysBounceVertical
        state.alwaysBounceHorizontal = view.alwaysBounceHorizontal
        return state
    }

    /// What a header or footer says: the scene's template for its kind, else "Section Header N"
    /// (the section's title where the scene gives one) and "Section Footer N", N counted from 1
    /// because the seed app writes `indexPath.section + 1`; nil leaves the layout's text (album
    /// titles).
    public func supplementaryText(view v: Int, kind: String, section: Int) -> String? {
        let title = section < scene.content.titles.count ? scene.content.titles[section] : nil
        if let template = scene.views[v].textTemplates[kind] {
            return template.split(separator: "{section}", omittingEmptySubsequences: false)
                .joined(separator: String(section))
                .split(separator: "{number}", omittingEmptySubsequences: false).joined(
                    separator: String(section + 1)
                )
                .split(separator: "{title}", omittingEmptySubsequences: false).joined(separator: title ?? "")
        }
        switch kind {
        case ElementKind.sectionHeader: return title ?? "Section Header \(section + 1)"
        case ElementKind.sectionFooter: return "Section Footer \(section + 1)"
        default: return nil
        }
    }

    /// Attribute-file elements for layout attributes of view `v`; `imageIndex` gives the image
    /// the i-th element shows (items move between index paths in batch updates).
    public func elements(
        view v: Int, _ attributes: [LayoutAttributes], imageIndex: (Int) -> Int?
    ) -> [AttributeElement] {
        let view = scene.views[v]
        return attributes.enumerated().map { i, a in
            switch a.representedElementCategory {
            case .cell:
                let image = imageIndex(i).map(imageName(forImageIndex:))
                return AttributeElement(attributes: a, image: image, style: v == 0 ? nil : view.cell)
            case .supplementaryView:
                let style = v == 0 ? nil : a.representedElementKind.flatMap { view.supplementary[$0] }
                var a = a
                if let kind = a.representedElementKind,
                    let text = supplementaryText(view: v, kind: kind, section: a.indexPath.section)
                {
                    a.text = text
                }
                return AttributeElement(attributes: a, style: style)
            case .decorationView:
                // The emblem is an image (a built-in one by default); other decoration views
                // (the pager's indicators) are plain layers, translucent grey unless styled.
                let kind = a.representedElementKind ?? ""
                let image =
                    view.decorationImages[kind].map(ImageName.file)
                    ?? (kind == ElementKind.emblem ? ImageName.emblem : nil)
                var style = v == 0 ? nil : view.supplementary[kind]
                if image == nil && view.supplementary[kind]?.background == nil {
                    var plain = view.supplementary[kind] ?? ElementStyle()
                    plain.background = Color(r: 128, g: 128, b: 128, a: 128)
                    plain.cornerRadius = plain.cornerRadius ?? 4
                    style = plain
                }
                return AttributeElement(attributes: a, image: image, style: style)
            }
        }
    }

    /// An attribute file for this scene: canvas, fps, the first view's styles (its `cell` style
    /// under the kind "cell", so that it does not reach supplementary views), and `frames`.
    public func attributeFile(frames: [AttributeFrame]) -> AttributeFile {
        var kinds = scene.views[0].supplementary
        if !scene.views[0].cell.isEmpty { kinds[AttributeFile.cellKind] = scene.views[0].cell }
        return AttributeFile(canvas: scene.canvas, fps: scene.fps, kindStyles: kinds, frames: frames)
    }

    /// The window the views sit in: the smallest rect holding every view's frame (a single
    /// view's is its frame). A rotation turns it (docs/design/motion.md §5).
    public var window: Rect {
        scene.views.dropFirst().reduce(scene.views[0].frame) { $0.union($1.frame) }
    }

    /// View `v`'s frame once the window is `size`, centred in the canvas: its scene frame at the
    /// window's first size, its `rotatedFrame` (when it has one) at that size turned, else where
    /// the window's new rect puts it with every margin and size flexible (UIKit's
    /// autoresizingMask with all six flexible): its frame scaled from the window's first rect
    /// to the new one.
    public func frame(ofView v: Int, windowSize size: Size) -> Rect {
        let view = scene.views[v]
        let first = window
        if size == first.size { return view.frame }
        if size == Size(width: first.height, height: first.width), let rotated = view.rotatedFrame {
            return rotated
        }
        let turned = Rect(
            x: (scene.canvas.width - size.width) / 2, y: (scene.canvas.height - size.height) / 2,
            width: size.width, height: size.height)
        if view.frame == first { return turned }
        let sx = size.width / first.width
        let sy = size.height / first.height
        return Rect(
            x: turned.minX + (view.frame.minX - first.minX) * sx,
            y: turned.minY + (view.frame.minY - first.minY) * sy,
            width: view.frame.width * sx, height: view.frame.height * sy)
    }

    /// The frame an attribute file writes for view `v` at `frame`: none for a scene's single
    /// view that fills the canvas.
    public func attributeFrame(ofView v: Int, _ frame: Rect) -> Rect? {
        let canvas = Rect(origin: .zero, size: scene.canvas.size)
        if scene.views.count == 1 && frame == canvas && scene.views[v].frame == canvas { return nil }
        return frame
    }
}
