import UIKit

extension TallyView {
    @IBInspectable var outline: CGFloat {
        get { layer.borderWidth }
        set { layer.borderWidth = newValue }
    }

    // Private to this file on iOS; the overrides the port writes in TallyView's body name it.
    @IBAction private func reset() {
        count = 0
        countLabel.text = "0"
    }

    @IBAction func stepTwice(_ sender: UIButton, forEvent event: UIEvent) {
        step(sender)
        step(sender)
    }
}

// A snippet many apps have: its property is for every view, and no class of the app's can list
// it (a storyboard sets `layer.cornerRadius` itself).
extension UIView {
    @IBInspectable var tallyRadius: CGFloat {
        get { layer.cornerRadius }
        set { layer.cornerRadius = newValue }
    }
}
