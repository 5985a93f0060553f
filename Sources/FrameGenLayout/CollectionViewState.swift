import FrameGenGeometry
import FrameGenMotion

/// The content a collection view shows: sections of items (each with its image's pixel size when
/// known) and optional section titles. Layouts read it through UICollectionView-style accessors.
public struct CollectionViewDataSource: Hashable, Sendable {
    public struct Item: Hashable, Sendable {
        /// The image's size (any unit; only the ratio matters); nil when unknown.
        public var imageSize: Size?
        /// The scene's photo the item shows (`photos` names it); nil when unknown.
        public var photo: Photo?

        public init(imageSize: Size? = nil, photo: Photo? = nil) {
            self.imageSize = imageSize
            self.photo = photo
        }

        /// width / height of the image; nil when unknown or degenerate.
        public var aspectRatio: Double? {
            guard let s = imageSize, s.width > 0, s.height > 0, s.width.isFinite, s.height.isFinite
            else { return nil }
            return s.width / s.height
        }
    }

    public struct Section: Hashable, Sendable {
        public var items: [Item]
        public var title: String?

        public init(items: [Item], title: String? = nil) {
            self.items = items
            self.title = title
        }

        /// `count` items without known image sizes.
        public init(count: Int, title: String? = nil) {
            self.init(items: Array(repeating: Item(), count: Swift.max(0, count)), title: title)
        }
    }

    /// A photo of the scene's content (`content.images`, or a generated one): the scene's image
    /// index (item i of the content shows photo i; files cycle) and its size in pixels as
    /// drawn (a JPEG's after its EXIF orientation).
    public struct Photo: Hashable, Sendable {
        public var index: Int
        public var pixelWidth: Int
        public var pixelHeight: Int

        public init(index: Int, pixelWidth: Int, pixelHeight: Int) {
            (self.index, self.pixelWidth, self.pixelHeight) = (index, pixelWidth, pixelHeight)
        }
    }

    /// Where the scene's photos come from, so that code of the app's shape (a UIKit data source,
    /// `UIImage(named:)`) can name them: the files (resolved paths, cycled over the photos'
    /// indices) or, when there are none, the generated photos of `seed`.
    public struct PhotoLibrary: Hashable, Sendable {
        public var files: [String]
        public var seed: UInt64
        /// The photos the content starts with (its items); inserted items count on from here.
        public var count: Int

        public init(files: [String], seed: UInt64, count: Int) {
            (self.files, self.seed, self.count) = (files, seed, count)
        }

        /// The file photo `index` shows; nil for a generated photo.
        public func file(ofPhoto index: Int) -> String? {
            guard !files.isEmpty else { return nil }
            return files[((index % files.count) + files.count) % files.count]
        }

        /// The name an app gives it (`UIImage(named:)`): the file's name (its last path
        /// component), or `photo-N` for generated photo N.
        public func name(ofPhoto index: Int) -> String {
            guard let file = file(ofPhoto: index) else { return "photo-\(index)" }
            return file.split(separator: "/").last.map(String.init) ?? file
        }

        /// The renderer's name for it (an attribute file's image name: the path, or
        /// `generated:photo/SEED/INDEX`).
        public func source(ofPhoto index: Int) -> String {
            file(ofPhoto: index) ?? "generated:photo/\(seed)/\(index)"
        }
    }

    public var sections: [Section]
    /// The scene's photos; nil when the data does not come from a scene.
    public var photos: PhotoLibrary?

    public init(sections: [Section] = [], photos: PhotoLibrary? = nil) {
        self.sections = sections
        self.photos = photos
    }

    /// Sections with these item counts and no image sizes or titles.
    public init(itemCounts: [Int], titles: [String] = []) {
        sections = itemCounts.enumerated().map { i, n in
            Section(count: n, title: i < titles.count ? titles[i] : nil)
        }
    }

    public var numberOfSections: Int { sections.count }

    public func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].items.count : 0
    }

    public func item(at indexPath: IndexPath) -> Item? {
        guard sections.indices.contains(indexPath.section),
            sections[indexPath.section].items.indices.contains(indexPath.item)
        else { return nil }
        return sections[indexPath.section].items[indexPath.item]
    }

    public func title(forSection section: Int) -> String? {
        sections.indices.contains(section) ? sections[section].title : nil
    }

    public func contains(_ indexPath: IndexPath) -> Bool { item(at: indexPath) != nil }
}

/// What another collection view of the same scene exposes to a layout (for views kept in sync,
/// e.g. the Photos preview and its thumbnail strip).
public struct PeerViewState: Hashable, Sendable {
    public var name: String
    public var bounds: Rect
    public var contentSize: Size
    public var contentInset: EdgeInsets
    /// The peer layout's `publishedState` at the same instant.
    public var published: [String: CustomValue]

    public init(
        name: String, bounds: Rect, contentSize: Size = .zero, contentInset: EdgeInsets = .zero,
        published: [String: CustomValue] = [:]
    ) {
        self.name = name
        self.bounds = bounds
        self.contentSize = contentSize
        self.contentInset = contentInset
        self.published = published
    }
}

/// Everything a layout may read from its collection view at one instant (what a UIKit layout
/// reaches through `self.collectionView`): bounds (content offset + visible size), content
/// inset, the screen scale for pixel rounding, the data, the scene time and seed, and the other
/// views of the scene.
public struct CollectionViewState: Hashable, Sendable {
    /// x, y = contentOffset; width, height = the visible size.
    public var bounds: Rect
    public var contentInset: EdgeInsets
    /// Pixels per point, for rounding frames to whole pixels (UIScreen.scale).
    public var scale: Double
    /// UIScreen.main.bounds.size, which some originals read instead of the view's size: a
    /// scene's window, turned from a rotation's start (docs/uikit.md "What is there"); defaults
    /// to the view's size.
    public var screenSize: Size
    public var dataSource: CollectionViewDataSource
    /// Scene time in seconds; layouts that run their own animations evaluate them at this time,
    /// so a frame stays a pure function of the time.
    public var time: Double
    /// The scene's seed (docs/decisions.md "Randomness"); every random choice of a layout derives from it.
    public var seed: UInt64
    /// This view's name in the scene ("" when the scene has one view).
    public var name: String
    /// The scene's other views, by name.
    public var peers: [String: PeerViewState]
    /// The view's scroll settings as the scene gives them (UIScrollView's `decelerationRate`
    /// and `isPagingEnabled`); a layout may ask for others (PublishedStateKey).
    public var decelerationRate: DecelerationRate
    public var isPagingEnabled: Bool
    /// UIScrollView's `alwaysBounceVertical` and `alwaysBounceHorizontal` as the scene sets them.
    public var alwaysBounceVertical = false
    public var alwaysBounceHorizontal = false
    /// The screen's light or dark appearance and text size (a scene's canvas), which UIKit
    /// code reads from its traits.
    public var appearance = ScreenAppearance()
    /// Set on the state a rotation gives a layout at its start: the new size comes inside an
    /// animation of this duration and curve, as UIKit changes a collection view's bounds in a
    /// rotation (docs/uikit.md "Animations"); nil for a bounds change that is not animated.
    public var boundsAnimation: BoundsAnimation?
    /// Set on the state a tap gives a layout: where the finger landed, in content coordinates
    /// (a tap `at` a point); nil for a tap on an item, which lands at the item's centre.
    public var touchLocation: Point?
    /// Set on the state a tap gives a layout: its number of taps (2: a double tap) and how long
    /// the finger stays down, in seconds (0: a short tap; a long press holds it).
    public var touchTapCount = 1
    public var touchHold: Double = 0
    /// Where each section that scrolls on its own (a compositional layout's orthogonal section)
    /// is scrolled to, by section: its own content offset along its axis, 0 at rest. A drag
    /// over such a section moves it (OrthogonalScrollView).
    public var orthogonalOffsets: [Int: Double] = [:]

    /// How a bounds change animates: a rotation's duration and curve.
    public struct BoundsAnimation: Hashable, Sendable {
        public var duration: Double
        public var curve: TimingCurve

        public init(duration: Double, curve: TimingCurve) {
            self.duration = duration
            self.curve = curve
        }
    }

    public init(
        bounds: Rect, contentInset: EdgeInsets = .zero, scale: Double = 1, screenSize: Size? = nil,
        dataSource: CollectionViewDataSource = .init(), time: Double = 0, seed: UInt64 = 0,
        name: String = "", peers: [String: PeerViewState] = [:], decelerationRate: DecelerationRate = .normal,
        isPagingEnabled: Bool = false
    ) {
        self.decelerationRate = decelerationRate
        self.isPagingEnabled = isPagingEnabled
        self.bounds = bounds
        self.contentInset = contentInset
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        self.screenSize = screenSize ?? bounds.size
        self.dataSource = dataSource
        self.time = time
        self.seed = seed
        self.name = name
        self.peers = peers
    }

    /// A view of `size` scrolled to `contentOffset`.
    public init(
        size: Size, contentOffset: Point = .zero, contentInset: EdgeInsets = .zero, scale: Double = 1,
        dataSource: CollectionViewDataSource = .init()
    ) {
        self.init(
            bounds: Rect(origin: contentOffset, size: size), contentInset: contentInset, scale: scale,
            dataSource: dataSource)
    }

    public var contentOffset: Point {
        get { bounds.origin }
        set { bounds.origin = newValue }
    }

    /// The view's (visible) size.
    public var size: Size { bounds.size }

    public var numberOfSections: Int { dataSource.numberOfSections }

    public func numberOfItems(inSection section: Int) -> Int {
        dataSource.numberOfItems(inSection: section)
    }

    /// The screen's pixel grid at `scale`.
    public var pixelGrid: PixelGrid { PixelGrid(scale: scale) }

    /// Rounds a length in points to the nearest whole pixel at `scale` (a tie goes up, as UIKit's).
    public func roundToPixel(_ v: Double) -> Double { pixelGrid.round(v) }

    /// Floors a length to whole pixels at `scale` (CHT's floorToPixel).
    public func floorToPixel(_ v: Double) -> Double { (v * scale).rounded(.down) / scale }

    /// Origin and size each rounded to whole pixels, so equal sizes stay equal.
    public func roundToPixels(_ r: Rect) -> Rect { pixelGrid.round(r) }
}
