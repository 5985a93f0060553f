import Foundation
import FrameGenCoreGraphics
import TestTiers
import Testing

@testable import FrameGenUIKit

/// A control that follows its own touches, a view that names a subview for its baselines, and
/// a responder's input views, as UIKit declares and calls them.
@Suite struct ControlTrackingTests {
    /// A tap on a control: UIKit asks `beginTracking` as the finger comes down (the control
    /// tracks while it said yes, and its touch is inside), then highlights it and sends
    /// `.touchDown`; as the finger lifts, it unhighlights it, tells `endTracking`, then sends
    /// `.touchUpInside`. A control that declines to track is not told of the end, and its events
    /// are sent all the same.
    @Test func aTappedControlTracksItsTouchAsUIKitDoes() {
        final class Checkbox: UIControl {
            var tracks = true
            var calls: [String] = []
            override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
                calls.append("begin \(isTouchInside)")
                return tracks
            }
            override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
                calls.append("end \(isTracking) \(isHighlighted)")
                super.endTracking(touch, with: event)
            }
        }
        let box = Checkbox(frame: CGRect(x: 0, y: 0, width: 44, height: 44))
        box.addAction(
            UIAction { _ in box.calls.append("down \(box.isTracking) \(box.isHighlighted)") }, for: .touchDown
        )
        box.addAction(UIAction { _ in box.calls.append("up") }, for: .touchUpInside)
        box.takeTap(at: CGPoint(x: 22, y: 22))
        expect(box.calls == ["begin true", "down true true", "end true false", "up"], "\(box.calls)")
        expect(!box.isTracking && !box.isTouchInside, "nothing tracked after the tap")
        box.calls = []
        box.tracks = false
        box.takeTap(at: CGPoint(x: 22, y: 22))
        expect(box.calls == ["begin true", "down false true", "up"], "\(box.calls)")
    }

    /// A view that names its label as its first baseline (`forFirstBaselineLayout`) is aligned
    /// by that label's baseline, as UIKit aligns it; a plain view's first baseline is its top.
    @Test func aViewAlignsByTheBaselineOfTheViewItNames() {
        final class Pill: UIView {
            let label = UILabel()
            override var forFirstBaselineLayout: UIView { label }
        }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let pill = Pill()
        let title = UILabel()
        title.text = "Title"
        pill.label.text = "Pill"
        pill.label.font = .systemFont(ofSize: 13)
        for view in [pill, title, pill.label] { view.translatesAutoresizingMaskIntoConstraints = false }
        root.addSubview(pill)
        root.addSubview(title)
        pill.addSubview(pill.label)
        NSLayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            title.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
            pill.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8),
            pill.widthAnchor.constraint(equalToConstant: 80),
            pill.heightAnchor.constraint(equalToConstant: 40),
            pill.label.leadingAnchor.constraint(equalTo: pill.leadingAnchor),
            pill.label.bottomAnchor.constraint(equalTo: pill.bottomAnchor, constant: -4),
            pill.firstBaselineAnchor.constraint(equalTo: title.firstBaselineAnchor),
        ])
        root.layoutIfNeeded()
        let titleBaseline = title.frame.minY + title.font.ascender
        let labelBaseline = pill.frame.minY + pill.label.frame.minY + pill.label.font.ascender
        // Within a pixel: frames land on the pixel grid, and a label centres its line in its
        // rounded height. Aligned by the pill's own top, they would be 30 points apart.
        expect(abs(labelBaseline - titleBaseline) < 0.5, "\(labelBaseline) \(titleBaseline)")
        let plain = UIView()
        expect(plain.forFirstBaselineLayout === plain && plain.forLastBaselineLayout === plain)
    }

    /// A responder's input view and accessory are nil unless a subclass gives them (a field of
    /// choices gives a picker); a text field's and a text view's are settable, as UIKit
    /// redeclares them there.
    @Test func inputViewsAreTheResponders() {
        final class Dropdown: UIControl {
            let picker = UIView()
            override var inputView: UIView? { picker }
        }
        let dropdown = Dropdown()
        expect(dropdown.inputView === dropdown.picker)
        expect(UIView().inputAccessoryView == nil)
        let field = UITextField()
        let bar = UIView()
        field.inputAccessoryView = bar
        expect(field.inputAccessoryView === bar)
        expect(field.inputView == nil)
    }
}
