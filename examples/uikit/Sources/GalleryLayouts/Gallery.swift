import UIKit

import enum FrameGenLayout.CustomValue
import struct FrameGenLayout.LayoutDescriptor
import struct FrameGenLayout.LayoutParameter
import struct FrameGenLayout.LayoutParameterError

/// The layouts this package's scenes name, for its command line (`Sources/gallery`) and its
/// tests alike.
public enum Gallery {
    public static let layouts: [String: UIKitLayout.Factory] = [
        "uikit-coverflow": { _ in CoverFlowLayout() },
        // UIKit's own flow layout: the scene's flow keys set its properties.
        "uikit-flow": { _ in UICollectionViewFlowLayout() },
        // A flow layout on UIKit Dynamics springs; the scene's flow keys set its grid.
        "springy": { _ in SpringyFlowLayout() },
        "tumble": { _ in TumbleLayout() },
    ]

    /// The ports of framegen's built-in layouts (docs/uikit.md "Ports of the built-in layouts"),
    /// each with the look of the app it comes from (`look:`, the built-in type's default cell and
    /// title styles), so that a scene naming `uikit-album` looks as one naming `album`.
    /// `layout: {type: uikit-album, seed: 7}` makes `AlbumStacksLayout(seed: 7)`: the built-in
    /// `album` draws its tilts from the scene's `seed:`, so give the same number for the same
    /// album.
    public static let descriptors: [LayoutDescriptor] = [
        LayoutDescriptor(
            type: "uikit-album", summary: "AlbumStacksLayout, a UIKit layout registered by this program",
            parameters: [
                LayoutParameter(
                    name: "seed", defaultValue: .number(0),
                    summary:
                        "the tilts' seed, a whole number 0...1000000 (the scene's seed for the built-in album's tilts)"
                )
            ], look: "album"
        ) { values throws(LayoutParameterError) in
            let seed = try wholeNumber("seed", in: values)
            return UIKitLayout(name: "uikit-album") { _ in AlbumStacksLayout(seed: seed) }
        },
        port("uikit-carousel", look: "carousel") { collectionView in
            collectionView.delegate = SpinningCarouselDelegate()
            return SpinningCarouselLayout()
        },
        // The Photos app's pager; `cell: photo-pager-cell` draws its pages with PhotoPagerCell,
        // which the data source configures with the scene's photos.
        port("uikit-preview", look: "preview", cells: cells) { collectionView in
            collectionView.register(
                PhotoPagerCell.self, forCellWithReuseIdentifier: PhotoPagerCell.reuseIdentifier)
            collectionView.dataSource = PhotoPagerDataSource()
            return PhotoPagerLayout()
        },
        // The Photos app's thumbnail strip and its controller, which keeps the strip on the
        // photo the scene's view `syncWith` (the preview) shows.
        LayoutDescriptor(
            type: "uikit-thumbnails",
            summary: "ThumbnailStripLayout, a UIKit layout registered by this program",
            parameters: [
                LayoutParameter(
                    name: "syncWith", defaultValue: nil,
                    summary: "the name of the preview view the strip keeps in step with")
            ], look: "thumbnails"
        ) { values throws(LayoutParameterError) in
            var preview = ""
            if let value = values["syncWith"] {
                guard case .string(let name) = value, !name.isEmpty else {
                    throw LayoutParameterError(
                        parameter: "syncWith", found: value.description, expected: "a view name")
                }
                preview = name
            }
            let previewName = preview
            return UIKitLayout(name: "uikit-thumbnails") { collectionView in
                let layout = ThumbnailStripLayout()
                collectionView.delegate = ThumbnailStripController(
                    strip: collectionView, layout: layout, previewName: previewName)
                return layout
            }
        },
    ]

    /// The cell classes the ports' scenes name (`cell:`).
    public static let cells: [String: UICollectionViewCellFactory] = [
        "photo-pager-cell": { PhotoPagerCell(frame: $0) }
    ]

    /// A UIKit layout that takes no scene keys but `cell:` (one of `cells`), drawn with the
    /// look of the built-in `look`.
    static func port(
        _ type: String, look: String, cells: [String: UICollectionViewCellFactory] = [:],
        factory: @escaping UIKitLayout.Factory
    ) -> LayoutDescriptor {
        let plain = UIKitLayout.descriptor(type: type, cells: cells, factory: factory)
        return LayoutDescriptor(
            type: type, summary: "a UIKit layout registered by this program",
            parameters: cells.isEmpty ? [] : plain.parameters.filter { $0.name == "cell" }, look: look,
            make: plain.make)
    }

    /// The scene key `name` as a seed: 0 when absent, as the scene's own `seed:` defaults.
    static func wholeNumber(_ name: String, in values: [String: CustomValue]) throws(LayoutParameterError)
        -> UInt64
    {
        guard let value = values[name] else { return 0 }
        guard case .number(let n) = value, n >= 0, n <= 1_000_000, n == n.rounded() else {
            throw LayoutParameterError(
                parameter: name, found: value.description, expected: "a whole number 0...1000000")
        }
        return UInt64(n)
    }
}
