import FrameGenGeometry

/// The thumbnail strip's per-cell state and the geometry that follows from it (docs/design/layouts.md §3.2).
extension ThumbnailsLayout {
    public enum Direction: String, Hashable, Sendable {
        case left
        case right

        public var inversed: Direction { self == .left ? .right : .left }
    }

    /// One cell's animation state (the original's Cell.State).
    public struct CellState: Hashable, Sendable {
        public var expanding: Double
        public var collapsing: Double
        public var deleting: Double
        public var deletingDirection: Direction

        public init(
            expanding: Double = 0, collapsing: Double = 0, deleting: Double = 0,
            deletingDirection: Direction = .left
        ) {
            self.expanding = expanding
            self.collapsing = collapsing
            self.deleting = deleting
            self.deletingDirection = deletingDirection
        }
    }

    /// A cell's geometry from its state (the original's Cell with its Dimensions).
    public struct Cell: Hashable, Sendable {
        public var item: Int
        public var itemSize: Size
        public var aspectRatio: Double
        public var distanceBetween: Double
        public var distanceBetweenFocused: Double
        /// What a full delete moves the cells by: itemW in the original, the pitch without the quirk.
        public var deleteShift: Double
        public var state: CellState

        public var additionalWidth: Double {
            (itemSize.height * aspectRatio - itemSize.width) * state.expanding
        }

        public func shift(from direction: Direction) -> Double {
            let symmetric =
                (additionalWidth + distanceBetweenFocused * state.expanding) / 2 * (1 - state.deleting)
            switch direction {
            case .left: return symmetric
            case .right: return symmetric - deleteShift * state.deleting
            }
        }

        public var leftShift: Double { shift(from: state.deletingDirection.inversed) }
        public var rightShift: Double { shift(from: state.deletingDirection) }

        public var size: Size {
            Size(
                width: ((itemSize.width + additionalWidth) * (1 - state.collapsing)).rounded(.up),
                height: itemSize.height * (1 - state.collapsing))
        }

        public var center: Point {
            Point(
                x: Double(item) * (itemSize.width + distanceBetween) + itemSize.width / 2,
                y: itemSize.height / 2)
        }
    }

    /// The cells' attributes for the given states (translations summed over the other cells).
    public func attributes(for states: [CellState], _ cv: CollectionViewState) -> [LayoutAttributes] {
        let cells = states.enumerated().map { i, s in
            Cell(
                item: i, itemSize: itemSize, aspectRatio: aspectRatio(i, cv),
                distanceBetween: distanceBetween,
                distanceBetweenFocused: distanceBetweenFocused,
                deleteShift: deleteShiftQuirk ? itemSize.width : pitch, state: s)
        }
        // tx_j = sum over k > j of -leftShift(k) + sum over k < j of rightShift(k), by running sums.
        var suffixLeft = Array(repeating: 0.0, count: cells.count + 1)
        for k in stride(from: cells.count - 1, through: 0, by: -1) {
            suffixLeft[k] = suffixLeft[k + 1] + cells[k].leftShift
        }
        var prefixRight = 0.0
        var result: [LayoutAttributes] = []
        result.reserveCapacity(cells.count)
        for (j, cell) in cells.enumerated() {
            var a = LayoutAttributes.cell(
                IndexPath(section: 0, item: j), frame: Rect(center: cell.center, size: cell.size))
            a.alpha = 1 - cell.state.collapsing
            a.transform3D = .makeTranslation(prefixRight - suffixLeft[j + 1], 0, 0)
            result.append(a)
            prefixRight += cell.rightShift
        }
        return result
    }
}
