import Foundation

/// An Xcode asset catalog (`Assets.xcassets`) read from its folder, as Xcode keeps it: the
/// colour sets' and image sets' `Contents.json`, and the image files beside them. iOS reads the
/// catalog compiled into the app (`Assets.car`); Linux has no compiler for that, and needs none,
/// since the folder says everything the compiled form does. `UIColor(named:)` and
/// `UIImage(named:)` resolve names through the catalogs of the bundle they are given
/// (docs/uikit.md "Asset catalogs" says which, and what is chosen where several variants fit).
struct AssetCatalog: Sendable {
    /// One variant of an asset: the traits it is for, as the catalog marks them.
    struct Variant: Sendable {
        /// "universal", "iphone", "ipad"...; nil for none (universal).
        var idiom: String?
        /// "light", "dark", or nil for any appearance.
        var luminosity: String?
        /// Whether it is for the high-contrast appearance.
        var highContrast = false
        /// "display-P3" marks a variant for wide-gamut screens only.
        var wideGamutOnly = false
    }

    struct ColorVariant: Sendable {
        var traits: Variant
        let color: UIColor
    }

    struct ImageVariant: Sendable {
        var traits: Variant
        /// 1, 2 or 3; nil for a single-scale (vector or "Single Scale") slot.
        let scale: CGFloat?
        let file: String
        /// Xcode's slicing of the image ("resizing"): cap insets in the file's pixels, and
        /// whether the centre (and the edges between caps) tile or stretch.
        var slicing: (capInsets: UIEdgeInsets, mode: UIImage.ResizingMode)? = nil
        /// The image's alignment insets ("alignment-insets"), in the file's pixels.
        var alignmentInsets: UIEdgeInsets? = nil
    }

    struct ImageSet: Sendable {
        let variants: [ImageVariant]
        let renderingMode: UIImage.RenderingMode
    }

    let folder: String
    private(set) var colors: [String: [ColorVariant]] = [:]
    private(set) var images: [String: ImageSet] = [:]
    /// What could not be read, each naming its file: warned once when the asset is asked for.
    private(set) var problems: [String: String] = [:]

    /// Reads the catalog at `folder`. Never throws for what is inside: an unreadable colour or
    /// image set is a problem of that asset alone, named when the asset is asked for.
    init(folder: String) {
        self.folder = folder
        walk(folder, namespace: "", depth: 0)
    }

    /// Folders nest as groups; a group that "provides namespace" puts its name and a slash
    /// before its assets' names, as Xcode does.
    private mutating func walk(_ path: String, namespace: String, depth: Int) {
        guard depth < 32, let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            return
        }
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let child = path + "/" + entry
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: child, isDirectory: &isFolder), isFolder.boolValue
            else { continue }
            let ext = (entry as NSString).pathExtension
            let name = namespace + (entry as NSString).deletingPathExtension
            switch ext {
            case "colorset": readColorSet(child, name: name)
            case "imageset": readImageSet(child, name: name)
            case "":
                let contents = Self.contents(of: child)
                let properties = contents?["properties"] as? [String: Any]
                let namespaced = properties?["provides-namespace"] as? Bool ?? false
                walk(child, namespace: namespaced ? namespace + entry + "/" : namespace, depth: depth + 1)
            case "symbolset":
                // UIImage(named:) gives a symbol set's symbol on iOS; framegen does not draw SVG
                // symbols yet, so the name says why it is nil instead of being silently absent.
                problems[name] =
                    "\(child) is a symbol set (an SVG symbol), which framegen does not draw yet: the image is nil"
            default: continue  // app icons, data sets, launch images: not UIColor's or UIImage's
            }
        }
    }

    /// A set's `Contents.json`, read only when it is of a sane size.
    private static func contents(of folder: String) -> [String: Any]? {
        let file = folder + "/Contents.json"
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int,
            size <= 1 << 20, let data = FileManager.default.contents(atPath: file)
        else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    private static func variant(_ entry: [String: Any]) -> Variant {
        var traits = Variant(idiom: entry["idiom"] as? String)
        for appearance in entry["appearances"] as? [[String: Any]] ?? [] {
            switch (appearance["appearance"] as? String, appearance["value"] as? String) {
            case ("luminosity", let value?): traits.luminosity = value
            case ("contrast", "high"): traits.highContrast = true
            default: break
            }
        }
        traits.wideGamutOnly = (entry["display-gamut"] as? String)?.lowercased() == "display-p3"
        return traits
    }

    private mutating func readColorSet(_ folder: String, name: String) {
        guard let contents = Self.contents(of: folder), let entries = contents["colors"] as? [[String: Any]]
        else {
            problems[name] = "\(folder)/Contents.json is missing or is not a colour set's JSON"
            return
        }
        var variants: [ColorVariant] = []
        for entry in entries {
            guard let description = entry["color"] as? [String: Any] else { continue }
            guard let color = Self.color(description) else {
                problems[name] = "\(folder)/Contents.json has a colour framegen cannot read: \(description)"
                continue
            }
            variants.append(ColorVariant(traits: Self.variant(entry), color: color))
        }
        if !variants.isEmpty { colors[name] = variants }
    }

    /// A colour as Xcode writes it: components in a named colour space, or a system colour by
    /// its UIKit name ("systemBlueColor").
    static func color(_ description: [String: Any]) -> UIColor? {
        if let reference = description["reference"] as? String { return UIColor.catalogReference(reference) }
        guard let components = description["components"] as? [String: Any] else { return nil }
        func value(_ key: String) -> CGFloat? {
            switch components[key] {
            case let number as NSNumber: return CGFloat(number.doubleValue)
            case let text as String: return component(text)
            default: return nil
            }
        }
        let alpha = value("alpha") ?? 1
        let space = (description["color-space"] as? String ?? "srgb").lowercased()
        if space.contains("gray") {
            guard let white = value("white") else { return nil }
            return UIColor(white: white, alpha: alpha)
        }
        guard let r = value("red"), let g = value("green"), let b = value("blue") else { return nil }
        switch space {
        case "display-p3", "extended-display-p3":
            return UIColor(displayP3Red: r, green: g, blue: b, alpha: alpha)
        case "extended-linear-srgb", "linear-srgb":
            func encoded(_ c: CGFloat) -> CGFloat {
                let m = abs(c)
                let e = m <= 0.0031308 ? m * 12.92 : 1.055 * pow(m, 1 / 2.4) - 0.055
                return c < 0 ? -e : e
            }
            return UIColor(red: encoded(r), green: encoded(g), blue: encoded(b), alpha: alpha)
        default: return UIColor(red: r, green: g, blue: b, alpha: alpha)
        }
    }

    /// A component as Xcode's three input methods write it: a fraction ("0.800"), a byte
    /// ("204") or a hexadecimal byte ("0xCC").
    static func component(_ text: String) -> CGFloat? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.lowercased().hasPrefix("0x") {
            guard let byte = Int(text.dropFirst(2), radix: 16) else { return nil }
            return CGFloat(byte) / 255
        }
        if text.contains(".") || text.lowercased().contains("e") {
            guard let fraction = Double(text), fraction.isFinite else { return nil }
            return CGFloat(fraction)
        }
        guard let byte = Int(text) else { return nil }
        return CGFloat(byte) / 255
    }

    private mutating func readImageSet(_ folder: String, name: String) {
        guard let contents = Self.contents(of: folder), let entries = contents["images"] as? [[String: Any]]
        else {
            problems[name] = "\(folder)/Contents.json is missing or is not an image set's JSON"
            return
        }
        var variants: [ImageVariant] = []
        for entry in entries {
            // An empty slot of the set: Xcode lists every scale whether filled or not.
            guard let file = entry["filename"] as? String, !file.contains("/") else { continue }
            let scale = (entry["scale"] as? String).flatMap { Double($0.dropLast()) }.map { CGFloat($0) }
            variants.append(
                ImageVariant(
                    traits: Self.variant(entry), scale: scale, file: folder + "/" + file,
                    slicing: Self.slicing(entry["resizing"] as? [String: Any]),
                    alignmentInsets: (entry["alignment-insets"] as? [String: Any]).map(Self.insets)))
        }
        let properties = contents["properties"] as? [String: Any]
        let mode: UIImage.RenderingMode =
            switch properties?["template-rendering-intent"] as? String {
            case "template": .alwaysTemplate
            case "original": .alwaysOriginal
            default: .automatic
            }
        if variants.isEmpty {
            problems[name] = "\(folder) has no image file"
        } else {
            images[name] = ImageSet(variants: variants, renderingMode: mode)
        }
    }

    /// An image slot's "resizing" as Xcode's slicing editor writes it: "9-part" keeps all four
    /// caps, "3-part-horizontal" the left and right ones, "3-part-vertical" the top and bottom
    /// ones; "cap-insets" are in the file's pixels; the centre's "mode" is "tile" or "stretch".
    static func slicing(_ resizing: [String: Any]?) -> (capInsets: UIEdgeInsets, mode: UIImage.ResizingMode)?
    {
        guard let resizing, let caps = resizing["cap-insets"] as? [String: Any] else { return nil }
        var insets = Self.insets(caps)
        switch resizing["mode"] as? String {
        case "3-part-horizontal": (insets.top, insets.bottom) = (0, 0)
        case "3-part-vertical": (insets.left, insets.right) = (0, 0)
        default: break
        }
        let center = (resizing["center"] as? [String: Any])?["mode"] as? String
        return (insets, center == "stretch" ? .stretch : .tile)
    }

    /// `top`, `left`, `bottom` and `right` of a Contents.json inset dictionary (absent: 0).
    static func insets(_ values: [String: Any]) -> UIEdgeInsets {
        func value(_ key: String) -> CGFloat {
            switch values[key] {
            case let n as Int: CGFloat(n)
            case let n as Double: CGFloat(n)
            case let n as NSNumber: CGFloat(n.doubleValue)
            case let s as String: CGFloat(Double(s) ?? 0)
            default: 0
            }
        }
        return UIEdgeInsets(
            top: value("top"), left: value("left"), bottom: value("bottom"), right: value("right"))
    }

    /// The variant iOS picks for `traits`: one of the device's idiom before a universal one, of
    /// the appearance asked for before one for any, high contrast only when asked for, and a
    /// wide-gamut-only one last (framegen's canvas is sRGB). Nil when none fits (a set made only
    /// for iPad, say).
    static func best<T>(_ variants: [T], for traits: UITraitCollection, _ variant: (T) -> Variant) -> [T] {
        let idiom =
            switch traits.userInterfaceIdiom {
            case .pad: "ipad"
            case .tv: "tv"
            case .mac: "mac"
            case .carPlay: "car"
            case .vision: "vision"
            default: "iphone"
            }
        let dark = traits.userInterfaceStyle == .dark
        let high = traits.accessibilityContrast == .high
        func score(_ v: Variant) -> Int? {
            var score = 0
            switch v.idiom {
            case nil, "universal": break
            case idiom: score += 8
            default: return nil
            }
            switch v.luminosity {
            case nil, "any": break
            case "dark": if dark { score += 4 } else { return nil }
            case "light": if !dark { score += 4 } else { return nil }
            default: return nil
            }
            if v.highContrast { if high { score += 2 } else { return nil } }
            if !v.wideGamutOnly { score += 1 }
            return score
        }
        let scored = variants.compactMap { v in score(variant(v)).map { (v, $0) } }
        guard let top = scored.map(\.1).max() else { return [] }
        return scored.filter { $0.1 == top }.map(\.0)
    }
}

extension UIColor {
    /// A colour set's colour: dynamic when it has variants for appearances, resolved as iOS
    /// resolves the catalog's colour under the traits it is drawn with.
    static func catalogColor(_ variants: [AssetCatalog.ColorVariant]) -> UIColor? {
        func pick(_ traits: UITraitCollection) -> UIColor? {
            AssetCatalog.best(variants, for: traits) { $0.traits }.first?.color
        }
        let differs = variants.contains { $0.traits.luminosity != nil || $0.traits.highContrast }
        guard differs else { return pick(.current) }
        let fallback = pick(.current) ?? variants[0].color
        return UIColor { traits in pick(traits) ?? fallback }
    }
}

/// The catalogs framegen looks in, read once each.
package enum AssetCatalogs {
    private static let read = Memo<AssetCatalog>()
    private static let found = Memo<[String]>()
    private static let looseFiles = Memo<String?>()
    private static let warnings = LayoutWarnings()

    /// The environment variable naming catalogs (or folders holding them) for the app's own
    /// lookups: paths separated by colons.
    package static let environmentVariable = "FRAMEGEN_ASSET_CATALOGS"

    /// The catalogs `bundle` holds: `*.xcassets` folders in its resources or in a folder there
    /// (SwiftPM copies a target's `Assets.xcassets` into its bundle as it is, where `.process`
    /// puts it or inside the folder `.copy` names). For the main bundle (or none), the catalogs
    /// the environment names first, then those of every SwiftPM resource bundle beside the
    /// program: an app's one bundle holds all its catalogs.
    static func catalogs(in bundle: Bundle?) -> [AssetCatalog] {
        let main = bundle == nil || bundle == Bundle.main
        var folders: [String] = []
        if let bundle, !main {
            folders = catalogFolders(bundle.resourceURL?.path ?? bundle.bundlePath, .bundle)
        }
        if main {
            if let named = getenv(environmentVariable).map({ String(cString: $0) }) {
                folders += named.split(separator: ":").flatMap { catalogFolders(String($0), .anyDepth) }
            }
            folders += catalogFolders(Bundle.main.resourceURL?.path ?? Bundle.main.bundlePath, .program)
        }
        // A bundle without catalogs of its own (`Bundle(for: SomeClass.self)`, which is the
        // program's folder on Linux) falls back to the app's.
        if folders.isEmpty && !main { return catalogs(in: nil) }
        return folders.map(catalog)
    }

    /// Where catalogs are looked for below a folder.
    private enum Reach: String {
        /// A resource bundle: in it, or in a folder in it.
        case bundle
        /// The program's folder: in each resource bundle (`*.resources`) there, as in `bundle`.
        case program
        /// A folder the environment names (an app's repository): to any depth, leaving out
        /// hidden folders, builds and dependencies.
        case anyDepth
    }

    /// `*.xcassets` folders: `root` itself or below it, as far as `reach` says, in name order.
    private static func catalogFolders(_ root: String, _ reach: Reach) -> [String] {
        found.value(reach.rawValue + ":" + root) { searchCatalogFolders(root, reach) }
    }

    private static func searchCatalogFolders(_ root: String, _ reach: Reach) -> [String] {
        var folders: [String] = []
        let skipped: Set<String> = ["Pods", "Carthage", "DerivedData", "node_modules", "__Snapshots__"]
        func look(_ path: String, depth: Int) {
            if path.hasSuffix(".xcassets") {
                folders.append(path)
                return
            }
            let descend =
                switch reach {
                case .bundle: depth < 2
                case .program: depth == 0 || (depth == 1 && path.hasSuffix(".resources")) || depth == 2
                case .anyDepth: depth < 8
                }
            guard descend, let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                return
            }
            for entry in entries.sorted() where !entry.hasPrefix(".") && !skipped.contains(entry) {
                let child = path + "/" + entry
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: child, isDirectory: &isFolder), isFolder.boolValue {
                    look(child, depth: depth + 1)
                }
            }
        }
        look(root, depth: 0)
        return folders
    }

    private static func catalog(_ folder: String) -> AssetCatalog {
        read.value(folder) { AssetCatalog(folder: folder) }
    }

    /// The file `find` finds for `key` in `bundle`, looked for once: cells ask for the same
    /// names at every instant of a render, and most are not loose files.
    static func looseFile(bundle: Bundle?, key: String, _ find: () -> String?) -> String? {
        looseFiles.value((bundle?.bundlePath ?? "") + "|" + key, find)
    }

    /// The folders a bundle's loose resource files are in: its own, and for the main bundle (or
    /// none) those of the SwiftPM resource bundles beside the program too.
    static func resourceFolders(in bundle: Bundle?) -> [String] {
        guard bundle == nil || bundle == Bundle.main else {
            return [bundle!.resourceURL?.path ?? bundle!.bundlePath]
        }
        let program = Bundle.main.resourceURL?.path ?? Bundle.main.bundlePath
        let bundles = ((try? FileManager.default.contentsOfDirectory(atPath: program)) ?? []).sorted()
            .filter { $0.hasSuffix(".resources") }.map { program + "/" + $0 }
        return [program] + bundles
    }

    /// The first catalog's colour set of that name.
    static func color(named name: String, in bundle: Bundle?) -> [AssetCatalog.ColorVariant]? {
        for catalog in catalogs(in: bundle) {
            if let variants = catalog.colors[name] { return variants }
            if let problem = catalog.problems[name] {
                warnings.warn("UIColor(named: \"\(name)\"): \(problem)")
            }
        }
        return nil
    }

    /// The first catalog's image set of that name.
    static func image(named name: String, in bundle: Bundle?) -> AssetCatalog.ImageSet? {
        for catalog in catalogs(in: bundle) {
            if let set = catalog.images[name] { return set }
            if let problem = catalog.problems[name] {
                warnings.warn("UIImage(named: \"\(name)\"): \(problem)")
            }
        }
        return nil
    }

    static func warn(_ line: String) { warnings.warn(line) }

    /// Why `UIImage(named:in:compatibleWith:)` found nothing for `name`, nil where a catalog's
    /// problem with that set was already said, or the set exists and its image could not be
    /// made (which says why, naming its file): the catalogs looked in, or that none was found
    /// (a catalog the target does not give as a resource is never in the program's bundles, and
    /// every name is then nil without a word on iOS's side to compare with).
    static func missingImageMessage(_ name: String, in bundle: Bundle?) -> String? {
        guard !name.isEmpty else { return nil }
        let found = catalogs(in: bundle)
        if found.contains(where: { $0.problems[name] != nil || $0.images[name] != nil }) { return nil }
        let start = "UIImage(named: \"\(name)\") is nil: "
        guard !found.isEmpty else {
            return start
                + "no asset catalog was found in the program's bundles, nor an image file of that name "
                + "(give the catalog to the target as a resource, resources: [.process(\"Assets.xcassets\")], "
                + "or name its folder in \(environmentVariable); docs/uikit.md \"Asset catalogs\")"
        }
        let names = found.map { $0.folder }.joined(separator: ", ")
        return start + "no image set of that name in \(names), nor an image file of that name in the bundle"
    }

    /// Says once per name why `UIImage(named:)` is nil.
    static func warnMissingImage(_ name: String, in bundle: Bundle?) {
        if let line = missingImageMessage(name, in: bundle) { warnings.warn(line) }
    }
}

extension UIImage {
    /// What `UIImage(named:in:compatibleWith:)` finds in `bundle`: an image set of its catalogs,
    /// else a loose PNG or JPEG file of that name among its resources (`avatar`, `avatar.png`,
    /// `avatar@2x.png`), of the screen's scale first, as iOS looks for both.
    static func bundleImage(named name: String, in bundle: Bundle?, traits: UITraitCollection) -> UIImage? {
        if let image = catalogImage(named: name, in: bundle, traits: traits) { return image }
        guard !name.isEmpty, !name.contains("..") else { return nil }
        let scale = traits.displayScale > 0 ? traits.displayScale : UIScreen.main.scale
        let screen = Int(Swift.min(Swift.max(scale.isFinite ? scale.rounded() : 3, 1), 3))
        let ext = (name as NSString).pathExtension.lowercased()
        let stem = ["png", "jpg", "jpeg"].contains(ext) ? (name as NSString).deletingPathExtension : name
        let extensions = ["png", "jpg", "jpeg"].contains(ext) ? [ext] : ["png", "jpg", "jpeg"]
        // The screen's scale, then larger ones, then smaller ones; a file without a scale is 1x.
        let order = [screen] + Array(stride(from: screen + 1, through: 3, by: 1)) + (1..<screen).reversed()
        let scales = order.flatMap { $0 == 1 ? ["@1x", ""] : ["@\($0)x"] }
        let file = AssetCatalogs.looseFile(bundle: bundle, key: "\(stem) \(screen) \(ext)") {
            for folder in AssetCatalogs.resourceFolders(in: bundle) {
                for suffix in scales {
                    for candidate in extensions {
                        let path = folder + "/" + stem + suffix + "." + candidate
                        if FileManager.default.fileExists(atPath: path) { return path }
                    }
                }
            }
            return nil
        }
        return file.flatMap { UIImage(contentsOfFile: $0) }
    }

    /// An image set's image for `traits`: of the screen's scale, else the next larger, else the
    /// largest smaller, as iOS picks. An SVG or PDF file is drawn at its size and the screen's
    /// scale.
    private static func catalogImage(named name: String, in bundle: Bundle?, traits: UITraitCollection)
        -> UIImage?
    {
        guard let set = AssetCatalogs.image(named: name, in: bundle) else { return nil }
        let screen = traits.displayScale > 0 ? traits.displayScale : UIScreen.main.scale
        func rank(_ v: AssetCatalog.ImageVariant) -> CGFloat {
            let scale = v.scale ?? screen
            return scale >= screen ? scale - screen : 100 + (screen - scale)
        }
        func variant(_ traits: UITraitCollection) -> AssetCatalog.ImageVariant? {
            AssetCatalog.best(set.variants, for: traits) { $0.traits }.min { rank($0) < rank($1) }
        }
        guard let chosen = variant(traits) else {
            AssetCatalogs.warn(
                "UIImage(named: \"\(name)\") is nil: its image set has no image for this device and appearance"
            )
            return nil
        }
        guard let image = image(chosen, of: set, named: name, screen: screen) else { return nil }
        // A set with light and dark variants: the other appearance's image is registered in the
        // image's asset, so that an image view shows the one its traits call for.
        if set.variants.contains(where: { $0.traits.luminosity != nil }) {
            for style in [UIUserInterfaceStyle.light, .dark] {
                let other = traits.with(style: style)
                guard let v = variant(other), v.file != chosen.file,
                    let variantImage = Self.image(v, of: set, named: name, screen: screen)
                else { continue }
                image.imageAsset?.register(variantImage, with: UITraitCollection(userInterfaceStyle: style))
            }
        }
        return image
    }

    /// Vector files' sizes, read once each: an app asks `UIImage(named:)` for its icons in every
    /// cell.
    private static let vectorSizes = Memo<CGSize?>()

    private static func image(
        _ chosen: AssetCatalog.ImageVariant, of set: AssetCatalog.ImageSet, named name: String,
        screen: CGFloat
    ) -> UIImage? {
        let ext = (chosen.file as NSString).pathExtension.lowercased()
        if ext == "svg" || ext == "pdf" {
            // Drawn at its own size (an SVG's `width` and `height`, else its view box; a PDF's
            // media box) and the screen's scale, as the catalog compiler draws it for each scale.
            let svg = ext == "svg"
            guard let size = vectorSizes.value(chosen.file, { vectorSize(chosen.file, svg: svg) }),
                size.width > 0, size.height > 0
            else {
                AssetCatalogs.warn(
                    "UIImage(named: \"\(name)\"): \(chosen.file) gives no size "
                        + (svg ? "(width and height, or a viewBox)" : "(a /MediaBox)"))
                return nil
            }
            let width = Int((size.width * screen).rounded())
            let height = Int((size.height * screen).rounded())
            let bitmap: UIImage.Bitmap
            switch DecodedImages.shared.vector(file: chosen.file, svg: svg, width: width, height: height) {
            case .success(let drawn): bitmap = drawn
            case .failure(.noLibrary(let library)):
                AssetCatalogs.warn(
                    "UIImage(named: \"\(name)\"): \(chosen.file) is \(svg ? "an SVG" : "a PDF") image, drawn with "
                        + "\(library), which is not installed (scripts/install-deps installs it)")
                return nil
            case .failure:
                AssetCatalogs.warn(
                    "UIImage(named: \"\(name)\"): \(chosen.file) cannot be drawn as \(svg ? "an SVG" : "a PDF") image "
                        + "at \(width) x \(height) pixels")
                return nil
            }
            return UIImage(
                size: size, scale: screen, name: name, bitmap: bitmap, renderingMode: set.renderingMode)
        }
        guard let bitmap = DecodedImages.shared.bitmap(file: chosen.file) else {
            AssetCatalogs.warn("UIImage(named: \"\(name)\"): \(chosen.file) cannot be read as a PNG or JPEG")
            return nil
        }
        let stem = (chosen.file as NSString).deletingPathExtension
        let scale = chosen.scale ?? (stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1)
        var image = UIImage(
            size: CGSize(width: CGFloat(bitmap.width) / scale, height: CGFloat(bitmap.height) / scale),
            scale: scale, name: name, bitmap: bitmap, renderingMode: set.renderingMode)
        // Slicing and alignment insets, given in the file's pixels, in points.
        func points(_ i: UIEdgeInsets) -> UIEdgeInsets {
            UIEdgeInsets(
                top: i.top / scale, left: i.left / scale, bottom: i.bottom / scale, right: i.right / scale)
        }
        if let (caps, mode) = chosen.slicing {
            image = image.resizableImage(withCapInsets: points(caps), resizingMode: mode)
        }
        if let insets = chosen.alignmentInsets { image = image.withAlignmentRectInsets(points(insets)) }
        return image
    }

    /// A PDF's first `/MediaBox` or an SVG's `width` and `height` (else its `viewBox`), in
    /// points; read from the file's first 4 MB.
    private static func vectorSize(_ file: String, svg: Bool) -> CGSize? {
        guard let handle = FileHandle(forReadingAtPath: file) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 4 << 20) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        func numbers(after pattern: String) -> [Double]? {
            guard let range = text.range(of: pattern, options: .regularExpression) else { return nil }
            let values = text[range].split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap {
                Double($0)
            }
            return values.allSatisfy(\.isFinite) ? values : nil
        }
        if svg {
            let number = "\\s*=\\s*[\"']\\s*[0-9.]+(px|pt)?\\s*[\"']"
            if let w = numbers(after: "\\swidth" + number)?.first,
                let h = numbers(after: "\\sheight" + number)?.first
            {
                return CGSize(width: w, height: h)
            }
            if let box = numbers(after: "viewBox\\s*=\\s*[\"'][-0-9.\\s,]+[\"']"), box.count == 4 {
                return CGSize(width: box[2], height: box[3])
            }
            return nil
        }
        guard let box = numbers(after: "/MediaBox\\s*\\[[-0-9.\\s]+\\]"), box.count == 4 else { return nil }
        return CGSize(width: abs(box[2] - box[0]), height: abs(box[3] - box[1]))
    }
}

/// Values computed once per key, from any thread: the first caller computes (outside the lock:
/// a read of files), later ones read; two first callers at once may both compute the same value.
final class Memo<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = [:]

    func value(_ key: String, _ compute: () -> Value) -> Value {
        lock.lock()
        if let known = values[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let value = compute()
        lock.lock()
        values[key] = value
        lock.unlock()
        return value
    }
}
