import Foundation

extension UIView {
    /// The fields UIKit's `-[UIView description]` lists, in its order, each only when it is not the
    /// default (a hidden view says `hidden = YES`, a visible one nothing), with numbers as `%g`
    /// prints them (`136.667`), which is how iOS's references write a frame.
    var uikitDescription: String {
        var fields = [
            "frame = (\(Self.g(frame.minX)) \(Self.g(frame.minY)); \(Self.g(frame.width)) \(Self.g(frame.height)))"
        ]
        if let label = self as? UILabel, let text = label.text { fields.append("text = '\(text)'") }
        if transform != .identity {
            let t = transform
            fields.append(
                "transform = [\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(Self.g).joined(separator: ", "))]")
        }
        if alpha != 1 { fields.append("alpha = \(Self.g(alpha))") }
        if isHidden { fields.append("hidden = YES") }
        if clipsToBounds { fields.append("clipsToBounds = YES") }
        if !isOpaque { fields.append("opaque = NO") }
        if !autoresizingMask.isEmpty { fields.append("autoresize = \(Self.describe(autoresizingMask))") }
        if !isUserInteractionEnabled { fields.append("userInteractionEnabled = NO") }
        if tag != 0 { fields.append("tag = \(tag)") }
        if !attachedGestureRecognizers.isEmpty {
            fields.append("gestureRecognizers = <NSArray: \(Self.address(of: self))>")
        }
        fields.append("layer = <\(type(of: layer)): \(Self.address(of: layer))>")
        return "<\(type(of: self)): \(Self.address(of: self)); \(fields.joined(separator: "; "))>"
    }

    /// The view and its subviews, a line each, a subview's line indented by `   | ` a level below
    /// its superview's, as UIKit's `recursiveDescription` writes them (no newline after the last).
    public var recursiveDescription: String {
        var lines: [String] = []
        func add(_ view: UIView, depth: Int) {
            lines.append(String(repeating: "   | ", count: depth) + view.description)
            for subview in view.subviews { add(subview, depth: depth + 1) }
        }
        add(self, depth: 0)
        return lines.joined(separator: "\n")
    }

    private static func g(_ value: CGFloat) -> String { String(format: "%g", Double(value)) }

    private static func address(of object: AnyObject) -> String {
        "0x" + String(UInt(bitPattern: ObjectIdentifier(object).hashValue), radix: 16)
    }

    /// UIKit's abbreviations, in the mask's bit order: `W+H` for a view that follows its
    /// superview's size.
    private static func describe(_ mask: AutoresizingMask) -> String {
        let names: [(AutoresizingMask, String)] = [
            (.flexibleLeftMargin, "LM"), (.flexibleWidth, "W"), (.flexibleRightMargin, "RM"),
            (.flexibleTopMargin, "TM"), (.flexibleHeight, "H"), (.flexibleBottomMargin, "BM"),
        ]
        return names.filter { mask.contains($0.0) }.map(\.1).joined(separator: "+")
    }
}
