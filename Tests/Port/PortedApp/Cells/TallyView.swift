import UIKit

// A view a nib fills in, as an app writes one: outlets, an outlet collection, an inspectable
// property and an action, which iOS connects by name (key-value coding, selectors). Its other
// inspectable property and its other actions are in an extension in TallyView+Actions.swift.
class TallyView: UIView {
    @IBOutlet weak var countLabel: UILabel!
    @IBOutlet var stepButtons: [UIButton]!
    @IBInspectable var corner: CGFloat = 0 {
        didSet { layer.cornerRadius = corner }
    }
    var count = 0

    @IBAction func step(_ sender: UIButton) {
        count += sender.tag
        countLabel.text = "\(count)"
    }
}
