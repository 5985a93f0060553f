import UIKit

// An app's own priority arithmetic, written before UIKit declared the operators (as Tinder/Layout
// and many apps did): it shadows UIKit's, as on iOS, rather than making `-` ambiguous.
extension UILayoutPriority {
    static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
        UILayoutPriority(rawValue: lhs.rawValue + rhs)
    }

    static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
        UILayoutPriority(rawValue: lhs.rawValue - rhs)
    }
}

final class PriorityLabel: UILabel {
    func hugTightly() {
        setContentHuggingPriority(.defaultHigh + 1, for: .horizontal)
        setContentCompressionResistancePriority(.required - 1, for: .horizontal)
    }
}
