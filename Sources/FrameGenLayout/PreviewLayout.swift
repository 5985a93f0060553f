import FrameGenGeometry

/// The Photos-app clone's preview (docs/design/layouts.md §3.1): a horizontal flow of full-view pages with
/// parallax.
///
/// Pages are as large as the view (spacing 0). For each page, with W the page width and
/// r = (center.x - contentOffset.x - W/2) / W (0 when centred, ±1 one page away):
/// - |r| < 1: custom `parallax` = r and transform = translate(offsetBetweenCells x r, 0), so two
///   pages show a constant 44 pt gap mid-swipe;
/// - |r| >= 1: no `parallax`, identity transform.
/// The image inside moves the other way: custom `imageOffset` = [-parallaxRatio x W x r, 0]
/// (0 when r is missing), and custom `maskRect` is the image's aspect-fit rect in the cell's own
/// coordinates (the whole cell when the image size is unknown), a fixed window the image slides
/// in. The compositor draws these as an inner image layer shifted by imageOffset and masked to
/// maskRect (docs/design/rendering.md §8.5); scenes style the cell with contentMode aspectFit.
///
/// Rotation keeps the active photo: when prepared at a new size after another one, the layout
/// remembers the page that was nearest the centre at the old size (the original's "configuring"
/// state) and `targetContentOffset(forProposedContentOffset:)` returns that page times the new
/// width. Publishes `activeIndex` (nearest page) and `page` (fractional) for its peers.
public struct PreviewLayout: CollectionViewLayout {
    public var offsetBetweenCells: Double
    public var parallaxRatio: Double

    public private(set) var flow: FlowLayout
    public private(set) var collectionView: CollectionViewState?
    /// The page to keep across a size change; nil when the last prepare kept the size.
    public private(set) var targetIndex: Int?

    public init(offsetBetweenCells: Double = 44, parallaxRatio: Double = 0.3) {
        self.offsetBetweenCells = offsetBetweenCells
        self.parallaxRatio = parallaxRatio
        flow = FlowLayout(
            scrollDirection: .horizontal, itemSize: .zero, minimumLineSpacing: 0, minimumInteritemSpacing: 0)
    }

    public mutating func prepare(_ collectionView: CollectionViewState) {
        if let old = self.collectionView {
            targetIndex = old.size != collectionView.size ? PreviewLayout.nearestPage(old) : nil
        }
        self.collectionView = collectionView
        flow.itemSize = collectionView.size
        flow.prepare(collectionView)
    }

    /// The page nearest the centre: round(offset.x / W), clamped to the items.
    static func nearestPage(_ cv: CollectionViewState) -> Int {
        let n = cv.numberOfItems(inSection: 0)
        guard cv.size.width > 0, n > 0 else { return 0 }
        let x = (cv.contentOffset.x / cv.size.width).rounded()
        return Int(Swift.min(Swift.max(x.isFinite ? x : 0, 0), Double(n - 1)))
    }

    public var pageWidth: Double { flow.itemSize.width }

    /// r for an element centred at `centerX`.
    public func relativeDistance(centerX: Double) -> Double {
        guard let cv = collectionView, pageWidth > 0 else { return 0 }
        return (centerX - cv.contentOffset.x - pageWidth / 2) / pageWidth
    }

    private func parallaxed(_ base: LayoutAttributes) -> LayoutAttributes {
        var a = base
        guard a.representedElementCategory == .cell else { return a }
        let r = relativeDistance(centerX: a.center.x)
        var shown = 0.0
        if Swift.abs(r) >= 1 {
            a.transform3D = .identity
        } else {
            shown = r
            a.custom[CustomAttributeKey.parallax] = .number(r)
            a.transform3D = .makeTranslation(offsetBetweenCells * r, 0, 0)
        }
        a.imageOffset = Point(x: -(a.size.width * parallaxRatio * shown), y: 0)
        a.maskRect = PreviewLayout.aspectFitRect(
            aspectRatio: collectionView?.dataSource.item(at: a.indexPath)?.aspectRatio, in: a.size)
        return a
    }

    /// The aspect-fit rect of an image of `aspectRatio` (width / height) centred in `size`; the
    /// whole rect when the ratio is unknown.
    public static func aspectFitRect(aspectRatio: Double?, in size: Size) -> Rect {
        guard let a = aspectRatio, size.width > 0, size.height > 0 else {
            return Rect(origin: .zero, size: size)
        }
        if a > size.width / size.height {
            let h = size.width / a
            return Rect(x: 0, y: (size.height - h) / 2, width: size.width, height: h)
        }
        let w = size.height * a
        return Rect(x: (size.width - w) / 2, y: 0, width: w, height: size.height)
    }

    public var collectionViewContentSize: Size { flow.collectionViewContentSize }

    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        flow.layoutAttributesForElements(in: rect).map(parallaxed)
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        flow.layoutAttributesForItem(at: indexPath).map(parallaxed)
    }

    /// Every scroll changes every page's r.
    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

    public mutating func invalidateLayout() { flow.invalidateLayout() }

    public func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
        guard let index = targetIndex else { return proposedContentOffset }
        return Point(x: Double(index) * pageWidth, y: proposedContentOffset.y)
    }

    public var publishedState: [String: CustomValue] {
        guard let cv = collectionView else { return [:] }
        return [
            PublishedStateKey.activeIndex: .number(Double(PreviewLayout.nearestPage(cv))),
            PublishedStateKey.page: .number(pageWidth > 0 ? cv.contentOffset.x / pageWidth : 0),
        ]
    }
}

extension PreviewLayout {
    public static let parameters: [LayoutParameter] = [
        LayoutParameter(
            name: "offsetBetweenCells", defaultValue: .number(44),
            summary:
                "page shift x r (r = distance from the centre in pages): the gap between two pages mid-swipe"),
        LayoutParameter(
            name: "parallaxRatio", defaultValue: .number(0.3),
            summary: "image shift inside its page: -parallaxRatio x page width x r"),
    ]

    public init(parameters values: [String: CustomValue]) throws(LayoutParameterError) {
        let r = LayoutParameterReader(values)
        self.init(
            offsetBetweenCells: try r.number("offsetBetweenCells", default: 44),
            parallaxRatio: try r.number("parallaxRatio", default: 0.3))
    }

    public static let descriptor = LayoutDescriptor(
        type: "preview",
        summary: "Photos-app preview: full-view pages with parallax, the image masked to its aspect-fit rect",
        parameters: parameters,
        make: { values throws(LayoutParameterError) in try PreviewLayout(parameters: values) })
}
