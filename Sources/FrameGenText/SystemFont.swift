import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// UIKit's system font as FrameGenText draws it (docs/uikit.md "Apple's system font from your
/// Mac"). UIKit names it as iOS 9 to 12 named its faces, the optical cut and the style in one:
/// ".SFUIText-Semibold" below 20 points, ".SFUIDisplay-BoldItalic" from 20. It is drawn from
/// Apple's own SF Pro files when a folder of them is given (`FRAMEGEN_SYSTEM_FONTS`: the files a
/// developer's Mac has, never shipped or downloaded by framegen), else with the stand-in
/// (`FontLocator.systemStandInFamily`); either way on San Francisco's lines.
public enum SystemFont {
    /// San Francisco's two optical cuts: Text below 20 points, Display from 20 (Apple's Human
    /// Interface Guidelines).
    public enum Cut: String, Sendable {
        case text = "Text"
        case display = "Display"

        public init(pointSize: Double) { self = pointSize < 20 ? .text : .display }
    }

    /// The weights' style names, lightest first, as Apple's files spell them.
    public static let styles = [
        "Ultralight", "Thin", "Light", "Regular", "Medium", "Semibold", "Bold", "Heavy", "Black",
    ]

    /// The family UIKit asks for: ".SFUIText-Regular", ".SFUIDisplay-SemiboldItalic".
    public static func family(cut: Cut, style: String, italic: Bool) -> String {
        ".SFUI\(cut.rawValue)-\(style)\(italic ? "Italic" : "")"
    }

    /// A system family's parts; nil for any other family.
    static func parse(_ family: String) -> (cut: Cut, style: String, italic: Bool)? {
        guard family.hasPrefix(".SFUI") else { return nil }
        let rest = family.dropFirst(5)
        let cut: Cut = rest.hasPrefix("Display") ? .display : .text
        var style = rest.split(separator: "-", maxSplits: 1).dropFirst().first.map(String.init) ?? "Regular"
        let italic = style.hasSuffix("Italic")
        if italic { style.removeLast(6) }
        return (cut, styles.contains(style) ? style : "Regular", italic)
    }

    /// Whether `family` is one of the system font's faces: drawn from Apple's files or the
    /// stand-in, and laid out with San Francisco's vertical metrics
    /// (`FontLocator.systemFontMetrics`), as UIFont reports them, so that a line sits where iOS
    /// puts it whichever font draws it.
    static func isSystem(_ family: String) -> Bool { family.hasPrefix(".SFUI") }

    /// The folder of Apple's SF Pro files, from `FRAMEGEN_SYSTEM_FONTS`; nil when not set.
    public static let folder: String? = {
        guard let path = ProcessInfo.processInfo.environment["FRAMEGEN_SYSTEM_FONTS"], !path.isEmpty
        else { return nil }
        return path
    }()

    /// The SF Pro files found in `folder`, by file name ("SF-Pro-Text-Semibold.otf"), read once.
    static let files: Set<String> = {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return Set(names.filter { $0.hasPrefix("SF-Pro-Text-") || $0.hasPrefix("SF-Pro-Display-") })
    }()

    /// Whether text in the system font is drawn from Apple's files (a folder with any of them).
    public static var usesAppleFiles: Bool { !files.isEmpty }

    /// What is wrong with `FRAMEGEN_SYSTEM_FONTS`, for the one warning UIKit gives; nil when it
    /// is not set or holds SF Pro's files.
    public static var folderProblem: String? {
        guard let folder, files.isEmpty else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
        else { return "FRAMEGEN_SYSTEM_FONTS names \(folder), which is not a folder" }
        return "FRAMEGEN_SYSTEM_FONTS names \(folder), which holds no SF Pro file "
            + "(SF-Pro-Text-Regular.otf, SF-Pro-Display-Bold.otf, ...)"
    }

    /// The file that draws a system family: its cut and style, else the nearest weight of the
    /// same slant in that cut, else in the other cut; nil without Apple's files.
    static func file(for family: String) -> String? {
        guard let folder, let (cut, style, italic) = parse(family), !files.isEmpty else { return nil }
        let wanted = styles.firstIndex(of: style) ?? 3
        for c in [cut, cut == .text ? Cut.display : .text] {
            // Nearest weight first; of two as near, the heavier (as UIKit's bold fallback would).
            func distance(_ i: Int) -> Int { abs(i - wanted) * 2 - (i > wanted ? 1 : 0) }
            let order = styles.indices.sorted { distance($0) < distance($1) }
            for i in order {
                let name = "SF-Pro-\(c.rawValue)-\(styles[i])\(italic ? "Italic" : "").otf"
                if files.contains(name) { return folder + "/" + name }
            }
        }
        return nil
    }

    /// San Francisco's tracking at `pointSize`, in thousandths of an em added after each
    /// character: the table of Apple's Human Interface Guidelines (Typography, "Tracking values",
    /// iOS, SF Pro), which iOS applies to the system font by itself; linear between its sizes,
    /// its ends beyond them. framegen adds it to Apple's files; it reads no `trak` table of theirs.
    public static func tracking(pointSize: Double) -> Double {
        let table = trackingTable
        guard pointSize.isFinite else { return 0 }
        if pointSize <= table[0].size { return table[0].value }
        for (a, b) in zip(table, table.dropFirst()) where pointSize <= b.size {
            return a.value + (b.value - a.value) * (pointSize - a.size) / (b.size - a.size)
        }
        return table[table.count - 1].value
    }

    private static let trackingTable: [(size: Double, value: Double)] = [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16),
        (16, -20), (17, -26), (18, -25), (19, -24), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3),
        (25, 6), (26, 8), (27, 11), (28, 14), (29, 14), (30, 14), (31, 13), (32, 13), (33, 12), (34, 12),
        (35, 11), (36, 10), (37, 10), (38, 10), (39, 10), (40, 10), (41, 9), (42, 9), (43, 9), (44, 8),
        (45, 8), (46, 8), (47, 8), (48, 8), (49, 7), (50, 7), (51, 7), (52, 6), (53, 6), (54, 6), (56, 6),
        (58, 5), (60, 4), (62, 4), (64, 4), (66, 3), (68, 2), (70, 2), (72, 2), (76, 1), (80, 0),
    ]
}
