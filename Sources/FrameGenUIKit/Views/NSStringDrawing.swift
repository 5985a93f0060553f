import Foundation
import FrameGenGeometry
import FrameGenLayout
import FrameGenText

// UIKit's attributed-string keys and string drawing additions (NSAttributedString.h,
// NSStringDrawing.h), which Foundation on Linux lacks: apps measure text to size cells and
// buttons, and draw it in `draw(_:)` and into images. Measuring and drawing are a label's: the
// same fonts, line breaking and spacing (UILabel.swift), so that text drawn at a point lands
// where a label of its size there draws it.

extension NSAttributedString.Key {
    public static let font = NSAttributedString.Key("NSFont")
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    public static let kern = NSAttributedString.Key("NSKern")
    public static let tracking = NSAttributedString.Key("NSTracking")
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    public static let link = NSAttributedString.Key("NSLink")
    public static let shadow = NSAttributedString.Key("NSShadow")
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    public static let ligature = NSAttributedString.Key("NSLigature")
    public static let obliqueness = NSAttributedString.Key("NSObliqueness")
    public static let expansion = NSAttributedString.Key("NSExpansion")
    public static let attachment = NSAttributedString.Key("NSAttachment")
    public static let writingDirection = NSAttributedString.Key("NSWritingDirection")
}

public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Kept for the signature: framegen neither shrinks the font nor reports what it drew.
open class NSStringDrawingContext: NSObject {
    open var minimumScaleFactor: CGFloat = 0
    open private(set) var actualScaleFactor: CGFloat = 1
    open private(set) var totalBounds: CGRect = .zero
}

/// What text is measured and drawn with, from its attributes: the first character's (the
/// paragraph style and shadow are the whole text's, as TextKit takes a paragraph's style from its
/// first character), and, where the string's runs differ in font, colour, kern or lines, each
/// run's own (`runs`). Without a font, Helvetica at 12 points, and without a colour, black:
/// NSAttributedString's defaults.
struct TextRunStyle {
    var font: UIFont
    var color: UIColor
    var paragraph: NSParagraphStyle
    var underline: NSUnderlineStyle = []
    var strikethrough: NSUnderlineStyle = []
    var shadow: NSShadow?
    /// `.kern` (or `.tracking`, which wins), in points: space after each character.
    var kern: CGFloat = 0

    init(_ attributes: [NSAttributedString.Key: Any]?) {
        let a = attributes ?? [:]
        font = (a[.font] as? UIFont) ?? UIFont(name: "Helvetica", size: 12) ?? .systemFont(ofSize: 12)
        color = (a[.foregroundColor] as? UIColor) ?? .black
        paragraph = (a[.paragraphStyle] as? NSParagraphStyle) ?? NSParagraphStyle()
        underline = Self.lineStyle(a[.underlineStyle])
        strikethrough = Self.lineStyle(a[.strikethroughStyle])
        shadow = a[.shadow] as? NSShadow
        kern = UIFontDescriptor.number(a[.tracking]) ?? UIFontDescriptor.number(a[.kern]) ?? 0
    }

    /// The space after each character the run is drawn with, in thousandths of an em: the
    /// system font's own tracking (UIFont.drawnTracking) and the attributes' kern. Core Text adds
    /// a kern after every character, the last one too, so a kerned line is that much wider.
    var tracking: Double {
        let size = Double(font.pointSize)
        let kern = size > 0 && kern.isFinite ? Double(self.kern) / size * 1000 : 0
        return font.drawnTracking + Swift.max(-1e6, Swift.min(1e6, kern))
    }

    init(_ string: NSAttributedString) {
        self.init(string.length > 0 ? string.attributes(at: 0, effectiveRange: nil) : nil)
        runs = Self.runs(of: string)
    }

    /// A run of characters (grapheme clusters) in one style; nil for a font or colour the
    /// string does not set there (the text's own: a label's font and colour).
    struct Run {
        var length: Int
        var font: UIFont?
        var color: UIColor?
        var kern: CGFloat = 0
        var underline: NSUnderlineStyle = []
        var strikethrough: NSUnderlineStyle = []

        /// Whether two runs draw alike (runs that differ only in other attributes, a link's
        /// URL, are one).
        func drawsLike(_ other: Run) -> Bool {
            font == other.font && color == other.color && kern == other.kern && underline == other.underline
                && strikethrough == other.strikethrough
        }
    }

    /// The string's runs where more than one style is drawn; empty: the whole string in the
    /// first character's.
    var runs: [Run] = []

    /// `string`'s attribute runs, in characters, those that draw alike joined.
    static func runs(of string: NSAttributedString) -> [Run] {
        let text = string.string
        var runs: [Run] = []
        var characters = 0
        var location = 0
        while location < string.length {
            var range = NSRange(location: 0, length: 0)
            let a = string.attributes(at: location, effectiveRange: &range)
            let end = min(string.length, max(range.location + range.length, location + 1))
            // Character offsets: the run's end in grapheme clusters of the whole string.
            let upper =
                Range(NSRange(location: 0, length: end), in: text).map { text[$0].count } ?? characters
            let length = upper - characters
            location = end
            guard length > 0 else { continue }
            characters = upper
            var run = Run(length: length, font: a[.font] as? UIFont, color: a[.foregroundColor] as? UIColor)
            run.kern = UIFontDescriptor.number(a[.tracking]) ?? UIFontDescriptor.number(a[.kern]) ?? 0
            run.underline = lineStyle(a[.underlineStyle])
            run.strikethrough = lineStyle(a[.strikethroughStyle])
            if let last = runs.last, last.drawsLike(run) {
                runs[runs.count - 1].length += length
            } else {
                runs.append(run)
            }
        }
        return runs.count > 1 ? runs : []
    }

    /// Each run's font: a run without one takes the text's.
    func font(of run: Run) -> UIFont { run.font ?? font }

    /// The runs as FrameGenText measures and draws them, in points.
    var styledRuns: [StyledRun] {
        runs.map { run in
            let font = font(of: run)
            let size = Double(font.pointSize)
            let kern = size > 0 && run.kern.isFinite ? Double(run.kern) / size * 1000 : 0
            return StyledRun(
                length: run.length, size: size, weight: font.isDrawnBold ? .bold : .regular,
                family: font.drawnFamily ?? FontLocator.defaultFamily,
                tracking: font.drawnTracking + Swift.max(-1e6, Swift.min(1e6, kern)))
        }
    }

    /// An NSUnderlineStyle, or its raw value as apps store it (an Int, an NSNumber).
    private static func lineStyle(_ value: Any?) -> NSUnderlineStyle {
        switch value {
        case let style as NSUnderlineStyle: style
        case let raw as Int: NSUnderlineStyle(rawValue: raw)
        case let number as NSNumber: NSUnderlineStyle(rawValue: number.intValue)
        default: []
        }
    }

    /// The runs with their fonts' line heights, as UILabel measures them; empty for one style.
    var lineRuns: [(style: StyledRun, lineHeight: Double)] {
        zip(runs, styledRuns).map { ($1, Double(font(of: $0).lineHeight)) }
    }

    /// The paragraph style's spacing, in points.
    var spacing: ParagraphSpacing {
        let p = paragraph
        return ParagraphSpacing(
            lineSpacing: Double(p.lineSpacing), lineHeightMultiple: Double(p.lineHeightMultiple),
            minimumLineHeight: Double(p.minimumLineHeight), maximumLineHeight: Double(p.maximumLineHeight),
            paragraphSpacing: Double(p.paragraphSpacing),
            paragraphSpacingBefore: Double(p.paragraphSpacingBefore))
    }

    /// The drawn line of a style: a pattern or `byWord` draws solid under the whole line.
    private static func decoration(_ style: NSUnderlineStyle) -> String? {
        switch style.rawValue & 0xFF {
        case 0: nil
        case NSUnderlineStyle.thick.rawValue: "thick"
        case NSUnderlineStyle.double.rawValue: "double"
        default: "single"
        }
    }

    /// The text as the compositor draws it, its colours resolved with `traits`.
    func snapshot(
        _ string: String, alignment: NSTextAlignment, numberOfLines: Int, traits: UITraitCollection
    ) -> LayerSnapshot.Text {
        var text = LayerSnapshot.Text(
            string: string, fontSize: Double(font.pointSize), bold: font.isDrawnBold,
            family: font.drawnFamily, color: color.resolvedColor(with: traits).cgColor.snapshot,
            alignment: Self.alignment(alignment), numberOfLines: numberOfLines)
        let s = spacing
        (text.lineSpacing, text.lineHeightMultiple) = (s.lineSpacing, s.lineHeightMultiple)
        (text.minimumLineHeight, text.maximumLineHeight) = (s.minimumLineHeight, s.maximumLineHeight)
        (text.paragraphSpacing, text.paragraphSpacingBefore) = (s.paragraphSpacing, s.paragraphSpacingBefore)
        text.tracking = tracking
        text.underline = Self.decoration(underline)
        text.strikethrough = Self.decoration(strikethrough)
        text.runs = zip(runs, styledRuns).map { run, styled in
            let font = font(of: run)
            var out = LayerSnapshot.Text.Run(
                length: run.length, fontSize: Double(font.pointSize), bold: font.isDrawnBold,
                family: font.drawnFamily,
                color: (run.color ?? color).resolvedColor(with: traits).cgColor.snapshot)
            out.tracking = styled.tracking
            out.underline = Self.decoration(run.underline)
            out.strikethrough = Self.decoration(run.strikethrough)
            return out
        }
        if let shadow, let c = shadow.shadowColor as? UIColor {
            // Core Graphics' blur radius is about two of the Gaussian's sigmas.
            text.shadow = LayerSnapshot.Shadow(
                color: c.resolvedColor(with: traits).cgColor.snapshot, opacity: 1,
                radius: Double(shadow.shadowBlurRadius) / 2,
                offset: Point(x: Double(shadow.shadowOffset.width), y: Double(shadow.shadowOffset.height)))
        }
        return text
    }

    static func alignment(_ a: NSTextAlignment) -> String {
        switch a {
        case .center: "center"
        case .right: "right"
        case .left, .justified: "left"
        case .natural: "natural"
        }
    }

    /// `string`'s rectangle as NSStringDrawing measures it: with `.usesLineFragmentOrigin`, its
    /// lines wrapped at `size.width` from the top left of the first (a truncating or clipping
    /// line break mode keeps each paragraph on one line, as TextKit does); without it, one line
    /// whose rectangle starts at the baseline (its origin's y is minus the font's ascender).
    /// The height given is not a limit, as on iOS. Sizes are a label's, rounded up to the
    /// screen's pixels.
    func boundingRect(_ string: String, with size: CGSize, options: NSStringDrawingOptions) -> CGRect {
        let fragments = options.contains(.usesLineFragmentOrigin)
        let wraps =
            fragments && [.byWordWrapping, .byCharWrapping].contains(paragraph.lineBreakMode)
            && size.width > 0 && size.width < .greatestFiniteMagnitude / 2
        let measured =
            UILabel.textSize(
                string, font: font, spacing: spacing, tracking: tracking, wrapWidth: wraps ? size.width : 0,
                numberOfLines: fragments ? 0 : 1, runs: lineRuns)
            ?? CGSize(width: 0, height: font.lineHeight)
        var width = max(0, measured.width)
        if fragments, !wraps, size.width > 0 { width = min(width, size.width) }
        return CGRect(x: 0, y: fragments ? 0 : -font.ascender, width: width, height: measured.height)
    }

    /// Draws `string` into the current context as NSStringDrawing does: with
    /// `.usesLineFragmentOrigin` its lines wrapped in `rect` from its top (cut at its bottom),
    /// otherwise one line whose baseline starts at the rect's origin. No context: nothing.
    func draw(_ string: String, in rect: CGRect, options: NSStringDrawingOptions) {
        guard let context = UIGraphicsGetCurrentContext(), !string.isEmpty else { return }
        let traits = UITraitCollection.current
        if options.contains(.usesLineFragmentOrigin) {
            let size = boundingRect(string, with: rect.size, options: options).size
            let box = CGRect(
                x: rect.minX, y: rect.minY, width: rect.width, height: min(rect.height, size.height))
            context.draw(
                snapshot(string, alignment: paragraph.alignment, numberOfLines: 0, traits: traits), in: box)
        } else {
            let line = boundingRect(string, with: rect.size, options: [])
            let width = rect.width > 0 ? rect.width : line.width
            let box = CGRect(x: rect.minX, y: rect.minY + line.minY, width: width, height: line.height)
            context.draw(
                snapshot(string, alignment: paragraph.alignment, numberOfLines: 1, traits: traits), in: box)
        }
    }

    /// At `point`, the top left of its first line, unwrapped (its own line breaks kept).
    func draw(_ string: String, at point: CGPoint) {
        let size = boundingRect(string, with: .zero, options: .usesLineFragmentOrigin).size
        draw(string, in: CGRect(origin: point, size: size), options: .usesLineFragmentOrigin)
    }
}

extension NSString {
    public typealias DrawingOptions = NSStringDrawingOptions

    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [],
        attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        TextRunStyle(attributes).boundingRect(self as String, with: size, options: options)
    }

    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as String).size(withAttributes: attrs)
    }

    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextRunStyle(attrs).draw(self as String, at: point)
    }

    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextRunStyle(attrs).draw(self as String, in: rect, options: .usesLineFragmentOrigin)
    }

    public func draw(
        with rect: CGRect, options: NSStringDrawingOptions = [],
        attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?
    ) {
        TextRunStyle(attributes).draw(self as String, in: rect, options: options)
    }
}

// The same on Swift strings, which UIKit apps call through bridging.
extension StringProtocol {
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [],
        attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        TextRunStyle(attributes).boundingRect(String(self), with: size, options: options)
    }

    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        TextRunStyle(attributes).boundingRect(String(self), with: .zero, options: .usesLineFragmentOrigin)
            .size
    }

    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextRunStyle(attrs).draw(String(self), at: point)
    }

    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextRunStyle(attrs).draw(String(self), in: rect, options: .usesLineFragmentOrigin)
    }

    public func draw(
        with rect: CGRect, options: NSStringDrawingOptions = [],
        attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?
    ) {
        TextRunStyle(attributes).draw(String(self), in: rect, options: options)
    }
}

extension NSAttributedString {
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?
    ) -> CGRect {
        TextRunStyle(self).boundingRect(string, with: size, options: options)
    }

    public func size() -> CGSize {
        TextRunStyle(self).boundingRect(string, with: .zero, options: .usesLineFragmentOrigin).size
    }

    public func draw(at point: CGPoint) { TextRunStyle(self).draw(string, at: point) }

    public func draw(in rect: CGRect) {
        TextRunStyle(self).draw(string, in: rect, options: .usesLineFragmentOrigin)
    }

    public func draw(
        with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?
    ) {
        TextRunStyle(self).draw(string, in: rect, options: options)
    }
}

extension CATextLayer {
    /// The layer's string as a sublayer of its text's height at the top of its bounds, drawn as
    /// a label draws text: a plain string in the layer's font, size and colour, an attributed
    /// one in its own attributes.
    func snapshotText(bounds: CGRect) -> LayerSnapshot? {
        let string: String
        let style: TextRunStyle
        switch self.string {
        case let attributed as NSAttributedString:
            (string, style) = (attributed.string, TextRunStyle(attributed))
        case let plain as String:
            let named: UIFont? =
                switch font {
                case let font as UIFont: font.withSize(fontSize)
                case let name as String: UIFont(name: name, size: fontSize)
                default: nil
                }
            var attributes: [NSAttributedString.Key: Any] = [
                .font: named ?? UIFont(name: "Helvetica", size: fontSize) ?? .systemFont(ofSize: fontSize)
            ]
            attributes[.foregroundColor] = foregroundColor.map { UIColor(cgColor: $0) } ?? UIColor.clear
            (string, style) = (plain, TextRunStyle(attributes))
        default:
            return nil
        }
        guard !string.isEmpty, bounds.width > 0, bounds.height > 0 else { return nil }
        let wrapWidth = isWrapped ? bounds.width : .greatestFiniteMagnitude
        let height = min(
            style.boundingRect(
                string, with: CGSize(width: wrapWidth, height: 0), options: .usesLineFragmentOrigin
            ).height,
            bounds.height)
        let alignment: NSTextAlignment =
            switch alignmentMode {
            case .center: .center
            case .right: .right
            case .justified: .justified
            case .left: .left
            default: .natural
            }
        var piece = LayerSnapshot(
            bounds: Rect(x: 0, y: 0, width: Double(bounds.width), height: Double(height)),
            position: Point(x: Double(bounds.midX), y: Double(bounds.minY) + Double(height) / 2))
        piece.text = style.snapshot(
            string, alignment: alignment, numberOfLines: isWrapped ? 0 : 1, traits: .current)
        return piece
    }
}
