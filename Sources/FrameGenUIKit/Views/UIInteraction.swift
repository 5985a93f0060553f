import Foundation

/// What a view is given to handle a kind of input on its own (`UIContextMenuInteraction`), as
/// UIKit's (iOS 11). The view tells it when it is added and removed.
public protocol UIInteraction: AnyObject {
    var view: UIView? { get }
    func willMove(to view: UIView?)
    func didMove(to view: UIView?)
}

extension UIView {
    /// The view's interactions, in the order added. Setting the list removes those not in it and
    /// adds the new ones, telling each, as `removeInteraction(_:)` and `addInteraction(_:)` do.
    public var interactions: [UIInteraction] {
        get { storedInteractions }
        set {
            for old in storedInteractions where !newValue.contains(where: { $0 === old }) {
                removeInteraction(old)
            }
            for new in newValue where !storedInteractions.contains(where: { $0 === new }) {
                addInteraction(new)
            }
        }
    }

    /// Adds the interaction, taking it from the view it was on, and tells it (`willMove(to:)`,
    /// then `didMove(to:)`). Adding one the view has already does nothing.
    public func addInteraction(_ interaction: UIInteraction) {
        guard !storedInteractions.contains(where: { $0 === interaction }) else { return }
        if let other = interaction.view, other !== self { other.removeInteraction(interaction) }
        interaction.willMove(to: self)
        storedInteractions.append(interaction)
        interaction.didMove(to: self)
    }

    public func removeInteraction(_ interaction: UIInteraction) {
        guard let i = storedInteractions.firstIndex(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        storedInteractions.remove(at: i)
        interaction.didMove(to: nil)
    }
}
