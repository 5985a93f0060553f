import Foundation
import FrameGenQuartzCore

import struct Foundation.IndexPath  // over Layout's (Exports.swift)

/// What a list section (a compositional layout's list configuration) asks of the cell it lays
/// out at an index path: the separator below it, and, for a list cell, its background and the
/// corners an inset list rounds (docs/uikit.md "Lists").
package struct ListItemStyle: Equatable {
    package struct Separator: Equatable {
        package var color: UIColor
        /// Nil: the cell's own (`automaticSeparatorLeadingInset`).
        package var leadingInset: CGFloat?
        package var trailingInset: CGFloat

        package init(color: UIColor, leadingInset: CGFloat?, trailingInset: CGFloat) {
            self.color = color
            self.leadingInset = leadingInset
            self.trailingInset = trailingInset
        }
    }

    package var separator: Separator?
    /// A list cell's default background colour.
    package var background: UIColor
    /// The corners an inset list rounds (the first row's top, the last row's bottom), by 10
    /// points.
    package var roundedCorners: CACornerMask

    package init(separator: Separator?, background: UIColor, roundedCorners: CACornerMask) {
        self.separator = separator
        self.background = background
        self.roundedCorners = roundedCorners
    }
}

/// A layout whose sections may be lists (framegen's compositional layout): the collection view
/// asks it for each cell's list style as it applies the cell's attributes, and for the colour
/// behind the list where the program set none.
package protocol ListSectionLayout: AnyObject {
    func listItemStyle(at indexPath: IndexPath) -> ListItemStyle?
    var listBackgroundColor: UIColor? { get }
    /// The swipe actions of the cell at `indexPath` on its leading or trailing side (the list
    /// configuration's providers); nil for none.
    func swipeActions(at indexPath: IndexPath, leading: Bool) -> UISwipeActionsConfiguration?
    /// Whether a list section has a swipe actions provider.
    var hasSwipeActions: Bool { get }
}

extension CACornerMask {
    /// The corners an inset grouped table or list rounds on a row: the first row's top ones and
    /// the last row's bottom ones.
    package static func insetGroupedRow(first: Bool, last: Bool) -> CACornerMask {
        var corners: CACornerMask = []
        if first { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
        if last { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
        return corners
    }
}

extension UIView {
    /// Rounds `corners` by an inset grouped row's 10 points, clipping; none: square and
    /// unclipped.
    func roundInsetGroupedCorners(_ corners: CACornerMask) {
        layer.cornerRadius = corners.isEmpty ? 0 : 10
        layer.maskedCorners = corners.isEmpty ? CACornerMask.all : corners
        clipsToBounds = !corners.isEmpty
    }
}
