import Foundation
import TestTiers
import Testing

@testable import FrameGenUIKit

/// The visual format language (`NSLayoutConstraint.constraints(withVisualFormat:...)`), solved:
/// the frames Apple's grammar gives, standard spaces of 8 between views and 20 to the edge.
@Suite struct VisualFormatTests {
    func laidOut(
        _ formats: [String], options: NSLayoutConstraint.FormatOptions = [], metrics: [String: Any]? = nil
    )
        -> (UIView, UIView, UIView)
    {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let a = UIView()
        let b = UIView()
        for view in [a, b] {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        for format in formats {
            root.addConstraints(
                NSLayoutConstraint.constraints(
                    withVisualFormat: format, options: options, metrics: metrics, views: ["a": a, "b": b]))
        }
        root.layoutIfNeeded()
        return (root, a, b)
    }

    @Test func standardSpacesAndSizes() {
        let (_, a, b) = laidOut(["H:|-[a(100)]-[b]-|", "V:|[a(40)]", "V:|-10-[b(==a)]"])
        expect(a.frame == CGRect(x: 20, y: 0, width: 100, height: 40))
        expect(b.frame == CGRect(x: 128, y: 10, width: 152, height: 40))
    }

    /// Apple: `.directionRightToLeft` arranges the objects "from right to left": the first
    /// space is from the superview's right edge, each view lies to the left of the one before,
    /// and a closing `|` is the left edge.
    @Test func rightToLeftRunsFromTheRightEdge() {
        let (root, a, b) = laidOut(
            ["H:|-10-[a(50)]-8-[b(60)]-(>=0)-|", "V:|[a(20)]", "V:|[b(20)]"], options: .directionRightToLeft)
        expect(a.frame.maxX == root.bounds.maxX - 10 && a.frame.width == 50)
        expect(b.frame.maxX == a.frame.minX - 8 && b.frame.width == 60)
        expect(b.frame.minX >= 0)
        let (_, c, _) = laidOut(["H:[a(40)]-12-|", "V:|[a(20)]"], options: .directionRightToLeft)
        expect(c.frame.minX == 12)
    }

    @Test func metricsRelationsAndPriorities() {
        let (_, a, b) = laidOut(
            ["H:|-m-[a(>=50,<=w@750)]-(>=gap)-[b(60)]-0-|", "V:|[a(20)]", "V:|[b(20)]"],
            metrics: ["m": 4, "w": CGFloat(90), "gap": 30.0])
        // b is pinned to the right edge (240...300); a may be at most 90 (a wish at 750, met).
        expect(b.frame.minX == 240)
        expect(a.frame.minX == 4)
        expect(a.frame.width >= 50 && a.frame.maxX <= 210)
    }

    @Test func alignmentOptionsAndTheVerticalAxis() {
        let (_, a, b) = laidOut(
            ["V:|-[a(30)]-12-[b(50)]", "H:|-40-[a(80)]", "H:[b(20)]"], options: .alignAllCenterX)
        expect(a.frame == CGRect(x: 40, y: 20, width: 80, height: 30))
        expect(b.frame == CGRect(x: 70, y: 62, width: 20, height: 50))
    }

    @Test func constraintsComeInactiveWithUIKitsAttributes() {
        let root = UIView()
        let a = UIView()
        root.addSubview(a)
        let made = NSLayoutConstraint.constraints(
            withVisualFormat: "H:|-8-[a]", options: [], metrics: nil, views: ["a": a])
        expect(made.count == 1)
        expect(made[0].firstAttribute == .leading && made[0].secondAttribute == .leading)
        expect(made[0].constant == 8 && !made[0].isActive)
        expect(NSLayoutConstraint.FormatOptions.alignAllCenterY.rawValue == 1 << 10)
        expect(NSLayoutConstraint.FormatOptions.directionRightToLeft.rawValue == 2 << 16)
    }
}
