import Foundation
import FrameGenUIKit

/// Which parts of the device a reference file's name carries (iOSSnapshotTestCase's
/// `FBSnapshotTestCaseFileNameIncludeOption`); the default is `.screenScale` (`name@3x.png`).
public struct FBSnapshotTestCaseFileNameIncludeOption: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let none = Self(rawValue: 1 << 0)
    public static let device = Self(rawValue: 1 << 1)
    public static let OS = Self(rawValue: 1 << 2)
    public static let screenSize = Self(rawValue: 1 << 3)
    public static let screenScale = Self(rawValue: 1 << 4)
}

/// The device-agnostic naming of FBSnapshotTestCase 2 to 5 (`agnosticOptions`), replaced by
/// `fileNameOptions` in iOSSnapshotTestCase 6.
public struct FBSnapshotTestCaseAgnosticOption: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let none = Self(rawValue: 1 << 0)
    public static let device = Self(rawValue: 1 << 1)
    public static let OS = Self(rawValue: 1 << 2)
    public static let screenSize = Self(rawValue: 1 << 3)
}

/// Whether the tests run in a 64-bit process: always, here.
public func FBSnapshotTestCaseIs64Bit() -> Bool { MemoryLayout<Int>.size == 8 }

/// The reference folders' suffixes: `ReferenceImages_64`, as a 64-bit simulator names them.
public func FBSnapshotTestCaseDefaultSuffixes() -> NSOrderedSet {
    NSOrderedSet(object: FBSnapshotTestCaseIs64Bit() ? "_64" : "_32")
}

/// `fileName` with the device's model, OS version and screen size the options ask for, its
/// spaces and punctuation made underscores, then `@3x` for the screen's scale, as
/// iOSSnapshotTestCase names a reference.
public func FBFileNameIncludeNormalizedFileNameFromOption(
    _ fileName: String, _ option: FBSnapshotTestCaseFileNameIncludeOption
) -> String {
    var name = fileName
    if option.contains(.device) { name += "_" + UIDevice.current.model }
    if option.contains(.OS) { name += "_" + UIDevice.current.systemVersion }
    if option.contains(.screenSize) {
        let size = UIScreen.main.bounds.size
        name += "_\(Int(size.width.rounded()))x\(Int(size.height.rounded()))"
    }
    name = FBSnapshotFileNames.normalized(name)
    if option.contains(.screenScale) { name += "@\(Int(UIScreen.main.scale.rounded()))x" }
    return name
}

enum FBSnapshotFileNames {
    /// Foundation's whitespace and punctuation characters (Unicode's Z and P categories, the
    /// underscore among them) each made one underscore, as `componentsSeparatedByCharactersInSet`
    /// and `componentsJoinedByString:@"_"` do.
    static func normalized(_ name: String) -> String {
        String(
            name.unicodeScalars.map { scalar -> Character in
                switch scalar.properties.generalCategory {
                case .spaceSeparator, .lineSeparator, .paragraphSeparator, .connectorPunctuation,
                    .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                    .finalPunctuation, .otherPunctuation:
                    return "_"
                default:
                    return scalar == "\t" || scalar == "\n" || scalar == "\r" ? "_" : Character(scalar)
                }
            })
    }
}
