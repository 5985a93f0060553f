import Foundation
import FrameGenSnapshotTesting
import SnapshotTesting
import TestTiers
import Testing
import UIKit

/// `.recursiveDescription`: UIKit's description of each view (the fields it lists only when they
/// are not the default, numbers as `%g` prints them), a subview's line indented by `   | ` a level
/// below its superview's, the pointers taken out as the library takes them out.
@MainActor @Suite struct RecursiveDescriptionTests {
    @Test func aViewSaysItsClassFrameAndWhatIsNotTheDefault() {
        let view = UIView(frame: CGRect(x: 410.0 / 3, y: 1021.0 / 3, width: 47, height: 30))
        expect(view.description.hasPrefix("<UIView: 0x"))
        expect(view.description.contains("; frame = (136.667 340.333; 47 30); layer = <CALayer: 0x"))
        view.isOpaque = false
        view.clipsToBounds = true
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.isHidden = true
        expect(
            view.description.contains(
                "; frame = (136.667 340.333; 47 30); hidden = YES; clipsToBounds = YES; opaque = NO; "
                    + "autoresize = W+H; layer = <CALayer: 0x"))
        let label = UILabel(frame: CGRect(x: 0, y: 6, width: 47, height: 18))
        label.text = "Layout"
        // A label does not take touches, which its description says.
        expect(label.description.contains("frame = (0 6; 47 18); text = 'Layout'; "))
        expect(label.description.contains("; userInteractionEnabled = NO; "))
    }

    /// iOS describes an image view and a button as not opaque, a plain view and a label as
    /// opaque (Tinder/Layout's references: `<UIImageView; ...; opaque = NO;
    /// userInteractionEnabled = NO; ...>`, `<UIButton; ...; opaque = NO; ...>`).
    @Test func imageViewsAndButtonsAreNotOpaque() {
        expect(
            UIImageView(image: UIImage.checkmark).description.contains(
                "; opaque = NO; userInteractionEnabled = NO;"))
        expect(!UIImageView(frame: .zero).isOpaque)
        expect(UIButton(type: .system).description.contains("; opaque = NO;"))
        expect(!UIView().description.contains("opaque") && !UILabel().description.contains("opaque"))
    }

    @Test func subviewsAreIndentedALevelBelowTheirSuperview() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let grandchild = UIView(frame: CGRect(x: 5, y: 5, width: 20, height: 20))
        child.addSubview(grandchild)
        root.addSubview(child)
        root.addSubview(UIView(frame: CGRect(x: 200, y: 0, width: 100, height: 50)))
        let lines = root.recursiveDescription.components(separatedBy: "\n")
        expect(lines.count == 4)
        expect(lines[0].hasPrefix("<UIView: "))
        expect(lines[1].hasPrefix("   | <UIView: ") && lines[1].contains("frame = (10 10; 100 100)"))
        expect(lines[2].hasPrefix("   |    | <UIView: ") && lines[2].contains("frame = (5 5; 20 20)"))
        expect(lines[3].hasPrefix("   | <UIView: ") && lines[3].contains("frame = (200 0; 100 50)"))
        expect(!root.recursiveDescription.hasSuffix("\n"))
    }

    /// The controller is laid out on the device before it is described: a 105-point square
    /// (whole points on either side) centred horizontally and pinned to the safe area's top sits at half the width left over,
    /// below the device's top inset; the library's text has no pointers.
    @Test func aControllerIsDescribedAsLaidOutOnTheDevice() throws {
        let config = ViewImageConfig.iPhoneX
        let controller = UIViewController()
        let square = UIView()
        square.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(square)
        NSLayoutConstraint.activate([
            square.widthAnchor.constraint(equalToConstant: 105),
            square.heightAnchor.constraint(equalToConstant: 105),
            square.centerXAnchor.constraint(equalTo: controller.view.centerXAnchor),
            square.topAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.topAnchor),
        ])
        let size = try #require(config.size)
        var described: String?
        Snapshotting<UIViewController, String>.recursiveDescription(on: config).snapshot(controller).run {
            described = $0
        }
        let lines = try #require(described).components(separatedBy: "\n")
        expect(lines.count == 2)
        expect(!lines.joined().contains("0x"))
        expect(lines[0].hasPrefix("<UIView; frame = (0 0; \(Int(size.width)) \(Int(size.height)));"))
        let x = (size.width - 105) / 2
        expect(
            lines[1].hasPrefix(
                "   | <UIView; frame = (\(String(format: "%g", x)) \(Int(config.safeArea.top)); 105 105);"))
    }

    /// A view pinned to the root view's margins guide at the sides lies the system minimum inside
    /// the safe area: 16 points on a phone whose shorter side is under 414 points, held either
    /// way (Tinder/Layout's references: 44 + 16 on an iPhone X in landscape, 47 + 16 on an
    /// iPhone 13), 20 on the larger phones.
    @Test(arguments: [
        (ViewImageConfig.iPhoneX(.landscape), 16.0), (.iPhoneX(.portrait), 16), (.iPhone13(.landscape), 16),
        (.iPhoneXsMax(.portrait), 20), (.iPhoneXsMax(.landscape), 20),
    ])
    func theMarginsAtTheSidesAreTheDevicesMinimumInsideTheSafeArea(config: ViewImageConfig, minimum: Double)
        throws
    {
        let controller = UIViewController()
        let band = UIView()
        band.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(band)
        NSLayoutConstraint.activate([
            band.leadingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.leadingAnchor),
            band.trailingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.trailingAnchor),
            band.topAnchor.constraint(equalTo: controller.view.topAnchor),
            band.heightAnchor.constraint(equalToConstant: 100),
        ])
        var described: String?
        Snapshotting<UIViewController, String>.recursiveDescription(on: config).snapshot(controller).run {
            described = $0
        }
        let size = try #require(config.size)
        let left = config.safeArea.left + minimum
        let width = size.width - left - config.safeArea.right - minimum
        let band1 = try #require(described?.components(separatedBy: "\n").last)
        expect(
            band1.contains("frame = (\(String(format: "%g", left)) 0; \(String(format: "%g", width)) 100)"))
    }
}
