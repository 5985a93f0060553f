import CoreGraphics
import Foundation
import QuartzCore
import Testing
import UIKit

// An iOS file imports Foundation and Core Graphics beside UIKit. Each of those names must mean
// one IndexPath, or the expressions below do not compile (they did not while framegen's UIKit
// declared a typealias of its own: MagazineLayout's `[IndexPath]()`).
@Test func indexPathIsOneTypeWhateverTheImports() {
    var paths = [IndexPath]()
    paths.append(IndexPath(item: 2, section: 1))
    var pairs = [(item: String, indexPath: IndexPath)]()
    pairs.append(("b", paths[0]))
    let sections = Dictionary(grouping: paths, by: \.section)
    #expect(pairs.map(\.indexPath.item) == [2])
    #expect(sections[1]?.count == 1)
}

// A priority a step from another, with UIKit's operators (thumbprint-ios's `.fittingSizeLevel - 1.0`).
@Test func prioritiesStepByUIKitsOperators() {
    #expect((UILayoutPriority.fittingSizeLevel - 1.0).rawValue == 49)
    #expect((UILayoutPriority.defaultHigh + 1).rawValue == 751)
}
