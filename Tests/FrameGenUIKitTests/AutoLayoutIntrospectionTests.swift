import Foundation
import TestTiers
import Testing

@testable import FrameGenCoreGraphics
@testable import FrameGenUIKit

// What an app (or its tests) asks Auto Layout about itself: whether a view's constraints place
// it completely, the anchors constraints are made of, and the calls a view can override.

/// The 300 x 300 roots of `laidOut`, kept: a view holds its superview weakly, as on iOS.
@MainActor private var roots: [UIView] = []

/// A 300 x 300 root with a subview constrained by `constraints(root, view)`, laid out.
@MainActor private func laidOut(_ constraints: (UIView, UIView) -> [NSLayoutConstraint]) -> UIView {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let view = UIView()
    view.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(view)
    NSLayoutConstraint.activate(constraints(root, view))
    root.layoutIfNeeded()
    roots.append(root)
    return view
}

/// Apple: `hasAmbiguousLayout` is true when "the constraints impacting the layout of the view
/// incompletely specify the location of the view".
@MainActor @Test func aViewIsAmbiguousUntilItsConstraintsFixEveryEdge() {
    let placed = laidOut { root, view in
        [
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            view.topAnchor.constraint(equalTo: root.topAnchor),
            view.widthAnchor.constraint(equalToConstant: 100),
            view.heightAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5),
        ]
    }
    expect(!placed.hasAmbiguousLayout)
    // No height: any height holds.
    let noHeight = laidOut { root, view in
        [
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor),
            view.widthAnchor.constraint(equalToConstant: 100),
        ]
    }
    expect(noHeight.hasAmbiguousLayout)
    // A width of at least 50 and nothing more: every width from 50 up holds as well.
    let atLeast = laidOut { root, view in
        [
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor),
            view.widthAnchor.constraint(greaterThanOrEqualToConstant: 50),
            view.heightAnchor.constraint(equalToConstant: 10),
        ]
    }
    expect(atLeast.hasAmbiguousLayout)
    // An optional wish for a width settles it: one width is best.
    let wished = laidOut { root, view in
        let wish = view.widthAnchor.constraint(equalToConstant: 80)
        wish.priority = .defaultLow
        return [
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor),
            view.widthAnchor.constraint(greaterThanOrEqualToConstant: 50),
            view.heightAnchor.constraint(equalToConstant: 10),
            wish,
        ]
    }
    expect(!wished.hasAmbiguousLayout)
    // A label's intrinsic size settles its size; centring it settles its place.
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let label = UILabel()
    label.text = "Layout"
    label.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(label)
    NSLayoutConstraint.activate([
        label.centerXAnchor.constraint(equalTo: root.centerXAnchor),
        label.centerYAnchor.constraint(equalTo: root.centerYAnchor),
    ])
    // An empty label is 0 x 0, held there by its hugging and compression resistance as a
    // label with text is held at its text's size: centred, it is not ambiguous either.
    let empty = UILabel()
    empty.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(empty)
    NSLayoutConstraint.activate([
        empty.centerXAnchor.constraint(equalTo: root.centerXAnchor),
        empty.centerYAnchor.constraint(equalTo: root.centerYAnchor),
    ])
    root.layoutIfNeeded()
    expect(!label.hasAmbiguousLayout)
    expect(!empty.hasAmbiguousLayout)
    expect(empty.frame == CGRect(x: 150, y: 150, width: 0, height: 0))
    // A view placed by its frame is never ambiguous.
    expect(!root.hasAmbiguousLayout)
}

/// A view controller's view that its window (or a container controller) places keeps the frame
/// it is given when taken out of autoresizing with nothing constraining it: UIKit holds it with
/// its `UIView-Encapsulated-Layout` constraints. So the content pinned to its edges fills it, and
/// nothing below it is ambiguous (thumbprint-ios's snapshot windows, recorded on iOS 17, are
/// as wide as the window). A plain view taken out of autoresizing gets no such frame.
@MainActor @Test func aWindowsRootViewKeepsItsFrameWithoutConstraints() {
    /// A view out of autoresizing, with content 40 high pinned to its top and sides.
    func holder() -> (view: UIView, content: UIView) {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 600))
        view.translatesAutoresizingMaskIntoConstraints = false
        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(content)
        NSLayoutConstraint.activate(
            [
                content.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                content.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                content.topAnchor.constraint(equalTo: view.topAnchor),
            ] + [content.heightAnchor.constraint(equalToConstant: 40)])
        return (view, content)
    }
    let controller = UIViewController()
    let (root, content) = holder()
    controller.view = root
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 600))
    window.rootViewController = controller
    window.layoutIfNeeded()
    expect(root.frame == CGRect(x: 0, y: 0, width: 375, height: 600))
    expect(content.frame == CGRect(x: 0, y: 0, width: 375, height: 40))
    expect(!root.hasAmbiguousLayout && !content.hasAmbiguousLayout)
    // Added by hand, the same view is the window's to place by constraints, and none do.
    let (loose, inner) = holder()
    let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 600))
    other.addSubview(loose)
    other.layoutIfNeeded()
    expect(loose.hasAmbiguousLayout && inner.hasAmbiguousLayout)
}

/// UIKit hands out one anchor per item and attribute, and a constraint's `firstAnchor` and
/// `secondAnchor` are the same objects whichever constraint is asked.
@Test func anchorsAreOneObjectPerItemAndAttribute() {
    let root = UIView()
    let view = UIView()
    root.addSubview(view)
    expect(view.topAnchor === view.topAnchor)
    expect(view.layoutMarginsGuide.leadingAnchor === view.layoutMarginsGuide.leadingAnchor)
    expect(view.topAnchor !== root.topAnchor)
    let a = view.topAnchor.constraint(equalTo: root.topAnchor, constant: 8)
    let b = view.topAnchor.constraint(equalTo: root.topAnchor)
    expect(a.firstAnchor === b.firstAnchor)
    expect(a.secondAnchor === b.secondAnchor)
    expect(a.firstAnchor !== a.secondAnchor)
    expect(a.firstAnchor.item === view && a.firstAnchor.attribute == .top)
    // A constant has no second anchor.
    expect(view.widthAnchor.constraint(equalToConstant: 40).secondAnchor == nil)
}

/// `NSLayoutConstraint()` is a constraint of nothing: no items, no attributes.
@Test func aConstraintMadeWithoutArgumentsHoldsNothing() {
    let constraint = NSLayoutConstraint()
    expect(constraint.firstItem == nil && constraint.secondItem == nil)
    expect(constraint.firstAttribute == .notAnAttribute && constraint.secondAttribute == .notAnAttribute)
    expect(constraint.relation == .equal && constraint.constant == 0 && constraint.priority == .required)
    expect(constraint.secondAnchor == nil)
}

/// A view that counts the calls, as an app's test double does: UIKit's are methods of the class,
/// which a subclass overrides.
@Test func aViewCanOverrideTheUpdateConstraintsCalls() {
    final class Counting: UIView {
        var marked = 0
        var updated = 0
        override func setNeedsUpdateConstraints() { marked += 1 }
        override func updateConstraintsIfNeeded() { updated += 1 }
    }
    let view = Counting()
    view.setNeedsUpdateConstraints()
    view.updateConstraintsIfNeeded()
    expect(view.marked == 1 && view.updated == 1)
    // The superclass's still marks the view and updates it.
    let plain = UIView()
    plain.setNeedsUpdateConstraints()
    expect(plain.needsUpdateConstraints())
    plain.updateConstraintsIfNeeded()
    expect(!plain.needsUpdateConstraints())
}

/// Apple: `UIImage.checkmark` is "the standard image for a checkmark on a filled-circle
/// background", a symbol image.
@Test func theCheckmarkIsASymbolImage() {
    expect(UIImage.checkmark.isSymbolImage)
    expect(UIImage.checkmark.size.width > 0)
}

/// A view taken out of autoresizing that no constraint names is left where its code put it,
/// whatever its intrinsic size (LooseMarek/ViewFactory 9d272bd: its labels, set to 375 x 50
/// with `translatesAutoresizingMaskIntoConstraints = false` and no constraints, are 375 x 50 in
/// the iOS 17 references); once a constraint names it, the engine places and sizes it.
@MainActor @Test func aViewNoConstraintNamesKeepsItsFrame() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 300))
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 375, height: 50))
    label.text = "Example short text"
    label.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(label)
    root.layoutIfNeeded()
    expect(label.frame == CGRect(x: 0, y: 0, width: 375, height: 50))
    label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10).isActive = true
    root.layoutIfNeeded()
    expect(label.frame.minX == 10)
    expect(label.frame.size == label.intrinsicContentSize)
}

/// An image view's alignment rectangle is its image's: an image with a shadow drawn around its
/// content, whose alignment insets leave the shadow out, pinned edge to edge to a view, spills
/// the shadow outside it; its intrinsic size is the image's less those insets (thumbprint-ios
/// sets its shadow images behind cards this way, and its iOS references show them).
@MainActor @Test func anImageViewAlignsByItsImagesAlignmentInsets() {
    let shadowed = UIImage(
        bitmap: UIImage.Bitmap(width: 20, height: 20, pixels: Array(repeating: 0, count: 20 * 20 * 4))
    ).withAlignmentRectInsets(UIEdgeInsets(top: 2, left: 3, bottom: 4, right: 3))
    let imageView = UIImageView(image: shadowed)
    expect(imageView.alignmentRectInsets == shadowed.alignmentRectInsets)
    expect(imageView.intrinsicContentSize == CGSize(width: 14, height: 14))
    let card = laidOut { root, card in
        [
            card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 50),
            card.topAnchor.constraint(equalTo: root.topAnchor, constant: 50),
            card.widthAnchor.constraint(equalToConstant: 100),
            card.heightAnchor.constraint(equalToConstant: 100),
        ]
    }
    imageView.translatesAutoresizingMaskIntoConstraints = false
    card.superview!.insertSubview(imageView, at: 0)
    NSLayoutConstraint.activate([
        imageView.leadingAnchor.constraint(equalTo: card.leadingAnchor),
        imageView.trailingAnchor.constraint(equalTo: card.trailingAnchor),
        imageView.topAnchor.constraint(equalTo: card.topAnchor),
        imageView.bottomAnchor.constraint(equalTo: card.bottomAnchor),
    ])
    card.superview!.layoutIfNeeded()
    expect(imageView.frame == CGRect(x: 47, y: 48, width: 106, height: 106))
}

/// A vertical `.fill` stack of buttons is as wide as its widest, and nothing in it is
/// ambiguous: the widest's compression resistance (750) outranks the four narrower ones'
/// hugging (250), however many there are, as priorities are satisfied in order. thumbprint-ios
/// verifies every snapshot's views this way (`hasAmbiguousLayout`) on iOS 17.
@MainActor @Test func aColumnOfButtonsIsAsWideAsItsWidestAndNotAmbiguous() {
    final class Sized: UIControl {
        let size: CGSize
        init(_ size: CGSize) {
            self.size = size
            super.init(frame: .zero)
        }
        required init?(coder: NSCoder) { nil }
        override var intrinsicContentSize: CGSize { size }
    }
    let widths: [CGFloat] = [120, 150, 180, 120, 140]
    let buttons = widths.map { Sized(CGSize(width: $0, height: 40)) }
    let stack = UIStackView(arrangedSubviews: buttons)
    stack.axis = .vertical
    stack.spacing = 8
    stack.translatesAutoresizingMaskIntoConstraints = false
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
    root.addSubview(stack)
    NSLayoutConstraint.activate([
        stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
        stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 8),
    ])
    root.layoutIfNeeded()
    expect(stack.frame == CGRect(x: 8, y: 8, width: 180, height: 5 * 40 + 4 * 8))
    expect(buttons.allSatisfy { $0.frame.width == 180 })
    expect(!stack.hasAmbiguousLayout && buttons.allSatisfy { !$0.hasAmbiguousLayout })
}
