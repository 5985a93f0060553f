import Foundation
import Synchronization

/// The iOS release whose drawing framegen follows where releases differ (docs/uikit.md "Which
/// iOS"): iOS 18 unless `FRAMEGEN_IOS_VERSION` or `UIDevice.withSystemVersion` says otherwise.
/// `UIDevice.current.systemVersion` reports it.
///
/// What differs is measured on references iOS recorded (docs/parity.md): an app built with
/// iOS 18's SDK or later leaves a layer whose `cornerCurve` it never set with continuous
/// corners under `render(in:)`, where iOS 17 and earlier drew quarter circles.
package enum SystemRelease {
    /// The release framegen follows unless told otherwise: the newest whose drawing was
    /// measured, and the SDK any app built today links against.
    package static let standard = 18

    /// The releases a version may name: iOS 13 brought `cornerCurve`, before which nothing
    /// framegen follows differs.
    package static let known = 13...99

    @TaskLocal package static var bound: Int?
    /// The version `bound` came from as written ("17.5"), for `UIDevice.current.systemVersion`.
    @TaskLocal package static var boundVersion: String?

    /// `FRAMEGEN_IOS_VERSION` as written, nil when it is unset or empty.
    private static let environmentText: String? = {
        let text = ProcessInfo.processInfo.environment["FRAMEGEN_IOS_VERSION"] ?? ""
        return text.isEmpty ? nil : text
    }()

    /// `FRAMEGEN_IOS_VERSION` ("17", "17.5", "18.0"), else nil; another value is reported once
    /// on standard error and not used.
    package static let fromEnvironment: Int? = {
        guard let text = environmentText else { return nil }
        guard let major = major(of: text) else {
            FileHandle.standardError.write(
                Data(
                    ("framegen: FRAMEGEN_IOS_VERSION=\"\(text)\" is not an iOS version from \(known.lowerBound) "
                        + "to \(known.upperBound) (like 17 or 18.2); drawing as iOS \(standard)\n").utf8))
            return standard
        }
        return major
    }()

    /// A release a module found from what the run compares with (FrameGenSnapshotTesting: the
    /// dates its references were committed), below the environment's and `bound`.
    private static let found = Mutex<Int?>(nil)

    /// Follows `major` unless the environment or `bound` says otherwise.
    package static func follow(found major: Int) { found.withLock { $0 = major } }

    /// The release being followed: the one `bound` for the work running, else the environment's,
    /// else one found, else `standard`.
    package static var major: Int { bound ?? fromEnvironment ?? found.withLock { $0 } ?? standard }

    /// The version being followed as `UIDevice.current.systemVersion` says it: as written where
    /// `bound` or the environment named it ("17.5"; "17" says "17.0"), else the release's ".0".
    package static var version: String {
        guard let written = bound != nil ? boundVersion : environmentText, major(of: written) == major
        else {
            return "\(major).0"
        }
        return written.contains(".") ? written : written + ".0"
    }

    /// The major version a version string names ("17", "17.5", "18.0.1"), nil for anything else.
    package static func major(of version: String) -> Int? {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let major = Int(parts[0]), known.contains(major)
        else { return nil }
        return major
    }

    /// Whether a layer whose `cornerCurve` was never set draws continuous corners under
    /// `render(in:)`, as an app built with iOS 18's SDK or later does.
    package static var cornersAreContinuousByDefault: Bool { major >= 18 }
}
