import Foundation
import FrameGenCoreGraphics
import TestTiers
import Testing

@testable import FrameGenUIKit

/// Asset catalogs read from their folders as Xcode writes them (docs/uikit.md "Asset
/// catalogs"): colour sets in each of Xcode's component forms and colour spaces, appearances,
/// idioms, system references; image sets by scale, namespaces, rendering intents, vector files;
/// and sets a catalog holds wrongly, which answer nil without stopping anything.
@Suite struct AssetCatalogTests {
    /// A bundle folder holding `Assets.xcassets` with the sets below, made once per process.
    static let bundle: Bundle = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "framegen-assets-\(ProcessInfo.processInfo.processIdentifier)")
        let catalog = root.appendingPathComponent("Assets.xcassets")
        func put(_ path: String, _ json: String) {
            let folder = catalog.appendingPathComponent(path)
            try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try! Data(json.utf8).write(to: folder.appendingPathComponent("Contents.json"))
        }
        func color(_ space: String, _ components: String, _ extra: String = "") -> String {
            #"{"color":{"color-space":"\#(space)","components":{\#(components)}},"idiom":"universal"\#(extra)}"#
        }
        let dark = #","appearances":[{"appearance":"luminosity","value":"dark"}]"#
        put(
            "Brand.colorset",
            #"{"colors":["#
                + color("srgb", #""red":"0.800","green":"0.400","blue":"0.200","alpha":"1.000""#) + ","
                + color("srgb", #""red":"51","green":"102","blue":"204","alpha":"1.000""#, dark) + #"]}"#)
        put(
            "Hex.colorset",
            #"{"colors":["# + color("srgb", #""red":"0xFF","green":"0x80","blue":"0x00","alpha":"0.500""#)
                + "]}")
        put(
            "Gray.colorset",
            #"{"colors":["# + color("gray-gamma-22", #""white":"0.500","alpha":"1.000""#) + "]}")
        put(
            "Linear.colorset",
            #"{"colors":["#
                + color(
                    "extended-linear-srgb", #""red":"0.214","green":"0.000","blue":"1.000","alpha":"1.000""#)
                + "]}")
        put(
            "System.colorset",
            #"{"colors":[{"color":{"platform":"ios","reference":"systemBlueColor"},"idiom":"universal"}]}"#)
        put(
            "PadOnly.colorset",
            #"{"colors":[{"color":{"color-space":"srgb","components":{"red":"1","green":"1","blue":"1","alpha":"1"}},"idiom":"ipad"}]}"#
        )
        put("Broken.colorset", "{ not json")
        put("Icons", #"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#)
        put(
            "Icons/Star.imageset",
            #"{"images":[{"filename":"star.png","idiom":"universal","scale":"1x"},"#
                + #"{"filename":"star@2x.png","idiom":"universal","scale":"2x"},"#
                + #"{"filename":"star@3x.png","idiom":"universal","scale":"3x"}],"#
                + #""properties":{"template-rendering-intent":"template"}}"#)
        put("Plain", #"{"info":{"author":"xcode","version":1}}"#)
        put(
            "Plain/Dot.imageset",
            #"{"images":[{"filename":"dot@2x.png","idiom":"universal","scale":"2x"},{"idiom":"universal","scale":"3x"}]}"#
        )
        put(
            "Moon.imageset",
            #"{"images":[{"filename":"day.png","idiom":"universal","scale":"3x"},"#
                + #"{"appearances":[{"appearance":"luminosity","value":"dark"}],"filename":"night.png","idiom":"universal","scale":"3x"}]}"#
        )
        put(
            "Vector.imageset",
            #"{"images":[{"filename":"arrow.pdf","idiom":"universal"}],"properties":{"preserves-vector-representation":true}}"#
        )
        // Sliced in Xcode: caps in the file's pixels.
        put(
            "Field.imageset",
            #"{"images":[{"alignment-insets":{"top":3,"left":6,"bottom":9,"right":6},"#
                + #""filename":"field@3x.png","idiom":"universal","scale":"3x","resizing":{"#
                + #""cap-insets":{"bottom":13,"left":13,"right":12,"top":13},"center":{"height":1,"mode":"tile","width":1},"#
                + #""mode":"9-part"}}]}"#)
        put(
            "Bar.imageset",
            #"{"images":[{"filename":"bar@2x.png","idiom":"universal","scale":"2x","resizing":{"#
                + #""cap-insets":{"left":8,"right":6},"center":{"mode":"stretch","width":1},"#
                + #""mode":"3-part-horizontal"}}]}"#)
        func png(_ path: String, side: Int, _ rgba: [UInt8]) {
            let bitmap = UIImage.Bitmap(
                width: side, height: side, pixels: Array((0..<side * side).map { _ in rgba }.joined()))
            try! UIImage(bitmap: bitmap).pngData()!.write(to: catalog.appendingPathComponent(path))
        }
        png("Icons/Star.imageset/star.png", side: 10, [255, 0, 0, 255])
        png("Icons/Star.imageset/star@2x.png", side: 20, [0, 255, 0, 255])
        png("Icons/Star.imageset/star@3x.png", side: 30, [0, 0, 255, 255])
        png("Plain/Dot.imageset/dot@2x.png", side: 8, [255, 255, 255, 255])
        png("Field.imageset/field@3x.png", side: 27, [200, 200, 200, 255])
        png("Bar.imageset/bar@2x.png", side: 16, [100, 100, 100, 255])
        png("Moon.imageset/day.png", side: 3, [250, 250, 0, 255])
        png("Moon.imageset/night.png", side: 3, [0, 0, 90, 255])
        // Loose files beside the catalog, as a test bundle holds fixtures.
        let loose = UIImage.Bitmap(width: 6, height: 4, pixels: Array(repeating: 200, count: 96))
        try! UIImage(bitmap: loose).pngData()!.write(to: root.appendingPathComponent("fixture@2x.png"))
        try! UIImage(bitmap: loose).pngData()!.write(to: root.appendingPathComponent("fixture.png"))
        // Not a PDF poppler can read: a media box and no document around it.
        try! Data("%PDF-1.4\n1 0 obj << /Type /Page /MediaBox [0 0 24 16] >> endobj\n".utf8)
            .write(to: catalog.appendingPathComponent("Vector.imageset/arrow.pdf"))
        // A real one-page PDF of 12 x 8 points, its left half filled black.
        put("Slab.imageset", #"{"images":[{"filename":"slab.pdf","idiom":"universal"}]}"#)
        try! Data(Self.onePagePDF(width: 12, height: 8, content: "0 0 0 rg 0 0 6 8 re f").utf8)
            .write(to: catalog.appendingPathComponent("Slab.imageset/slab.pdf"))
        // An SVG icon of 12 x 8 points (a view box twice that), its left half filled, a
        // template as icon sets are.
        put(
            "Half.imageset",
            #"{"images":[{"filename":"half.svg","idiom":"universal"}],"properties":{"template-rendering-intent":"template"}}"#
        )
        try! Data(
            (#"<svg width="12" height="8" viewBox="0 0 24 16" fill="currentColor" xmlns="http://www.w3.org/2000/svg">"#
                + #"<rect x="0" y="0" width="12" height="16"/></svg>"#).utf8
        ).write(to: catalog.appendingPathComponent("Half.imageset/half.svg"))
        put(
            "Bolt.symbolset",
            #"{"info":{"author":"xcode","version":1},"symbols":[{"filename":"bolt.svg","idiom":"universal"}]}"#
        )
        return Bundle(path: root.path)!
    }()

    /// iOS says nothing when `UIImage(named:)` is nil; framegen says once why, since the cause
    /// is most often the port's (a catalog not given as a resource, a symbol set it cannot draw).
    @Test func aNilImageSaysWhereItWasLookedFor() {
        expect(UIImage(named: "Nowhere", in: Self.bundle, compatibleWith: nil) == nil)
        let missing = AssetCatalogs.missingImageMessage("Nowhere", in: Self.bundle)
        expect(missing?.contains("UIImage(named: \"Nowhere\") is nil") == true)
        expect(missing?.contains("Assets.xcassets") == true)
        // A symbol set is named as such, not as missing.
        expect(UIImage(named: "Bolt", in: Self.bundle, compatibleWith: nil) == nil)
        expect(AssetCatalogs.missingImageMessage("Bolt", in: Self.bundle) == nil)
        let catalog = AssetCatalogs.catalogs(in: Self.bundle).first
        expect(catalog?.problems["Bolt"]?.contains("is a symbol set") == true)
        // A set that exists but cannot be drawn has said why, naming its file: it is not
        // called missing as well.
        expect(UIImage(named: "Vector", in: Self.bundle, compatibleWith: nil) == nil)
        expect(AssetCatalogs.missingImageMessage("Vector", in: Self.bundle) == nil)
        // A name that is found says nothing.
        expect(UIImage(named: "fixture", in: Self.bundle, compatibleWith: nil) != nil)
    }

    /// A set sliced in Xcode's editor comes out resizable: its cap insets, given in the
    /// file's pixels, in points; a three-part slicing keeps only its axis's caps; the centre
    /// tiles or stretches as the set says. Alignment insets come the same way.
    @Test func aSlicedImageIsResizable() {
        let field = UIImage(
            named: "Field", in: Self.bundle, compatibleWith: UITraitCollection(displayScale: 3))
        expect(field?.capInsets == UIEdgeInsets(top: 13 / 3.0, left: 13 / 3.0, bottom: 13 / 3.0, right: 4))
        expect(field?.resizingMode == .tile && field?.size == CGSize(width: 9, height: 9))
        // Its alignment insets, also in the file's pixels.
        expect(field?.alignmentRectInsets == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 2))
        let bar = UIImage(named: "Bar", in: Self.bundle, compatibleWith: nil)
        expect(bar?.capInsets == UIEdgeInsets(top: 0, left: 4, bottom: 0, right: 3))
        expect(bar?.resizingMode == .stretch)
        expect(UIImage(named: "Moon", in: Self.bundle, compatibleWith: Self.light)?.capInsets == .zero)
    }

    static let light = UITraitCollection(userInterfaceStyle: .light)
    static let dark = UITraitCollection(userInterfaceStyle: .dark)

    /// 0...255 components and alpha, rounded to thousandths.
    static func rgba(_ color: UIColor?, _ traits: UITraitCollection = light) -> [Double]? {
        guard let c = color?.resolvedColor(with: traits).cgColor.rgba else { return nil }
        return [c.red * 255, c.green * 255, c.blue * 255, c.alpha].map { ($0 * 1000).rounded() / 1000 }
    }

    @Test func aColourSetGivesItsComponentsInEachOfXcodesForms() {
        let bundle = Self.bundle
        expect(Self.rgba(UIColor(named: "Brand", in: bundle, compatibleWith: nil)) == [204, 102, 51, 1])
        expect(Self.rgba(UIColor(named: "Hex", in: bundle, compatibleWith: nil)) == [255, 128, 0, 0.5])
        let gray = UIColor(named: "Gray", in: bundle, compatibleWith: nil)
        expect(gray?.cgColor.space == .gray)
        expect(Self.rgba(gray) == [127.5, 127.5, 127.5, 1])
        // Linear 0.214 is sRGB 0.5 (to a thousandth), and 1 stays 1.
        let linear = Self.rgba(UIColor(named: "Linear", in: bundle, compatibleWith: nil))!
        expect(abs(linear[0] - 127.5) < 0.2 && linear[1] == 0 && linear[2] == 255)
    }

    @Test func aColourSetWithADarkVariantIsDynamic() {
        let brand = UIColor(named: "Brand", in: Self.bundle, compatibleWith: nil)
        expect(brand?.isDynamic == true)
        expect(Self.rgba(brand, Self.light) == [204, 102, 51, 1])
        expect(Self.rgba(brand, Self.dark) == [51, 102, 204, 1])
        // Given traits, the variant for them, fixed.
        let fixed = UIColor(named: "Brand", in: Self.bundle, compatibleWith: Self.dark)
        expect(fixed?.isDynamic == false)
        expect(Self.rgba(fixed, Self.light) == [51, 102, 204, 1])
    }

    @Test func aSystemReferenceIsTheSystemColour() {
        let blue = UIColor(named: "System", in: Self.bundle, compatibleWith: nil)
        expect(Self.rgba(blue, Self.light) == [0, 122, 255, 1])
        expect(Self.rgba(blue, Self.dark) == [10, 132, 255, 1])
    }

    @Test func whatNoCatalogHoldsForThisDeviceIsNil() {
        expect(UIColor(named: "Missing", in: Self.bundle, compatibleWith: nil) == nil)
        // An iPad-only set, asked for on a phone.
        expect(UIColor(named: "PadOnly", in: Self.bundle, compatibleWith: nil) == nil)
        expect(
            UIColor(
                named: "PadOnly", in: Self.bundle, compatibleWith: UITraitCollection(userInterfaceIdiom: .pad)
            )
                != nil)
        // A set whose JSON is broken: nil, and nothing else breaks.
        expect(UIColor(named: "Broken", in: Self.bundle, compatibleWith: nil) == nil)
        expect(UIImage(named: "Star", in: Self.bundle, compatibleWith: nil) == nil)  // namespaced
    }

    @Test func anImageSetGivesTheScreensScaleElseTheNextLarger() throws {
        func star(_ scale: CGFloat) throws -> UIImage {
            try #require(
                UIImage(
                    named: "Icons/Star", in: Self.bundle,
                    compatibleWith: UITraitCollection(displayScale: scale)))
        }
        for (scale, side, rgb) in [(1.0, 10, [255, 0, 0]), (2, 20, [0, 255, 0]), (3, 30, [0, 0, 255])] {
            let image = try star(scale)
            expect(image.scale == scale && image.size == CGSize(width: 10, height: 10))
            expect(image.bitmap?.width == side)
            expect(Array(image.bitmap!.pixels[0..<3]) == rgb.map(UInt8.init))
            expect(image.renderingMode == .alwaysTemplate)
        }
        // Only a 2x file (its 3x slot empty): at 1x the next larger, at 3x the largest smaller.
        for scale: CGFloat in [1, 3] {
            let dot = UIImage(
                named: "Dot", in: Self.bundle, compatibleWith: UITraitCollection(displayScale: scale))
            expect(dot?.scale == 2 && dot?.size == CGSize(width: 4, height: 4))
            expect(dot?.renderingMode == .automatic)
        }
    }

    @Test func aLooseFileOfTheBundleIsFoundByItsNameAtTheScreensScale() {
        func fixture(_ name: String, _ scale: CGFloat) -> UIImage? {
            UIImage(named: name, in: Self.bundle, compatibleWith: UITraitCollection(displayScale: scale))
        }
        expect(fixture("fixture", 3)?.scale == 2)  // no 3x: the largest smaller
        expect(fixture("fixture", 3)?.size == CGSize(width: 3, height: 2))
        expect(fixture("fixture", 1)?.scale == 1)
        expect(fixture("fixture.png", 2)?.scale == 2)
        expect(fixture("fixture.jpg", 2) == nil)
        expect(fixture("../fixture", 2) == nil)
    }

    /// An image set with a dark variant: the image is the current appearance's, and an image
    /// view shows the one its own traits call for, again when they change.
    @Test func anImageSetsDarkVariantIsShownByADarkImageView() throws {
        let moon = try #require(
            UIImage(named: "Moon", in: Self.bundle, compatibleWith: UITraitCollection(displayScale: 3)))
        expect(moon.bitmap.map { Array($0.pixels.prefix(3)) } == [250, 250, 0])
        let view = UIImageView(image: moon)
        func shown() -> [UInt8]? {
            (view.layer.contents as? UIImage)?.bitmap.map { Array($0.pixels.prefix(3)) }
        }
        expect(shown() == [250, 250, 0])
        view.overrideUserInterfaceStyle = .dark
        view.traitCollection(updated: true)
        expect(shown() == [0, 0, 90])
        view.overrideUserInterfaceStyle = .light
        view.traitCollection(updated: true)
        expect(shown() == [250, 250, 0])
    }

    /// UIImageAsset as an app uses it: a dark image registered beside a drawn one.
    @Test func aRegisteredDarkImageIsTheAssetsAnswerForDarkTraits() {
        let light = UIImage(bitmap: UIImage.Bitmap(width: 1, height: 1, pixels: [255, 255, 255, 255]))
        let dark = UIImage(bitmap: UIImage.Bitmap(width: 1, height: 1, pixels: [0, 0, 0, 255]))
        let darkAt3x = UITraitCollection(traitsFrom: [Self.dark, UITraitCollection(displayScale: 3)])
        let asset = light.imageAsset!
        asset.register(dark, with: darkAt3x)
        expect(asset.image(with: darkAt3x) === dark)
        expect(asset.image(with: Self.dark) === light)  // its scale unspecified: not contained
        expect(asset.image(with: Self.light) === light)
        asset.unregisterImage(with: darkAt3x)
        expect(asset.image(with: darkAt3x) === light)
    }

    /// An SVG image is drawn as the catalog compiler draws it for the screen: at its size (its
    /// `width` and `height`, the view box scaled to them) times the screen's scale, anti-aliased,
    /// with the set's rendering intent.
    @Test func anSVGImageIsDrawnAtItsSizeAndTheScreensScale() throws {
        for scale in [2, 3] as [CGFloat] {
            let half = try #require(
                UIImage(
                    named: "Half", in: Self.bundle, compatibleWith: UITraitCollection(displayScale: scale)))
            expect(half.size == CGSize(width: 12, height: 8) && half.scale == scale)
            expect(half.renderingMode == .alwaysTemplate)
            let bitmap = try #require(half.bitmap)
            expect(bitmap.width == Int(12 * scale) && bitmap.height == Int(8 * scale))
            // Opaque black over the left half, nothing over the right.
            func pixel(_ x: Int, _ y: Int) -> ArraySlice<UInt8> {
                bitmap.pixels[(y * bitmap.width + x) * 4..<(y * bitmap.width + x) * 4 + 4]
            }
            expect(
                pixel(0, 0) == [0, 0, 0, 255]
                    && pixel(Int(6 * scale) - 1, Int(8 * scale) - 1) == [0, 0, 0, 255])
            expect(pixel(Int(6 * scale), 0) == [0, 0, 0, 0] && pixel(bitmap.width - 1, 0) == [0, 0, 0, 0])
        }
    }

    /// A PDF of one page, its objects' offsets in its cross-reference table as a reader wants.
    static func onePagePDF(width: Int, height: Int, content: String) -> String {
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 4 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
        ]
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (i, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(i + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            text += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n"
        }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return text
    }

    /// A PDF image is drawn as an SVG one is: its first page, at its media box's size times the
    /// screen's scale. One poppler cannot read answers nil, with a warning naming the file.
    @Test func aPDFImageIsDrawnAtItsSizeAndTheScreensScale() throws {
        let slab = try #require(
            UIImage(named: "Slab", in: Self.bundle, compatibleWith: UITraitCollection(displayScale: 3)))
        expect(slab.size == CGSize(width: 12, height: 8) && slab.scale == 3)
        let bitmap = try #require(slab.bitmap)
        expect(bitmap.width == 36 && bitmap.height == 24)
        func pixel(_ x: Int, _ y: Int) -> ArraySlice<UInt8> {
            bitmap.pixels[(y * 36 + x) * 4..<(y * 36 + x) * 4 + 4]
        }
        expect(pixel(0, 0) == [0, 0, 0, 255] && pixel(17, 23) == [0, 0, 0, 255])
        expect(pixel(18, 0) == [0, 0, 0, 0] && pixel(35, 23) == [0, 0, 0, 0])
        expect(
            UIImage(named: "Vector", in: Self.bundle, compatibleWith: UITraitCollection(displayScale: 3))
                == nil)
    }

    @Test func theAppsCatalogsComeFromTheEnvironment() {
        // The bundle's folder named as the app's catalogs: the main bundle's lookups find them.
        let folder = Self.bundle.bundlePath
        setenv(AssetCatalogs.environmentVariable, "/nonexistent:" + folder, 1)
        defer { unsetenv(AssetCatalogs.environmentVariable) }
        expect(Self.rgba(UIColor(named: "Hex")) == [255, 128, 0, 0.5])
        expect(UIImage(named: "Icons/Star")?.size == CGSize(width: 10, height: 10))
        // A bundle with no catalog of its own falls back to the app's.
        let empty = Bundle(path: FileManager.default.temporaryDirectory.path)
        expect(Self.rgba(UIColor(named: "Hex", in: empty, compatibleWith: nil)) == [255, 128, 0, 0.5])
    }
}

/// Apple's shape initialisers are factories a subclass inherits, so an extension may make
/// `Self` with them (roundrect's `fillPath(in:rounding:)`); this compiles only if they are
/// required here too.
extension UIBezierPath {
    fileprivate static func square(_ side: CGFloat) -> Self {
        .init(rect: CGRect(x: 0, y: 0, width: side, height: side))
    }
    fileprivate static func pill(_ rect: CGRect) -> Self {
        .init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: 4, height: 4))
    }
}

@Test func shapeInitialisersMakeSelf() {
    expect(UIBezierPath.square(4).bounds == CGRect(x: 0, y: 0, width: 4, height: 4))
    expect(UIBezierPath.pill(CGRect(x: 0, y: 0, width: 20, height: 10)).bounds.width == 20)
}
