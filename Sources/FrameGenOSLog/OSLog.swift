import Foundation

// Apple's unified logging (`import os`, `import os.log`, `import OSLog`), which the port makes
// import this module (docs/uikit.md "Logging"): apps log with `Logger` and `os_log` beside their
// views, and a file that logs must compile. What is logged goes to the unified log on iOS, which
// a snapshot test never reads; here it goes nowhere, or to standard error, one line a message
// with its level, subsystem and category, when FRAMEGEN_OS_LOG is set to 1. Privacy options are
// kept and ignored: the line is for the developer's own terminal.

/// How important a message is.
public struct OSLogType: RawRepresentable, Equatable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }

    public static let `default` = OSLogType(rawValue: 0x00)
    public static let info = OSLogType(rawValue: 0x01)
    public static let debug = OSLogType(rawValue: 0x02)
    public static let error = OSLogType(rawValue: 0x10)
    public static let fault = OSLogType(rawValue: 0x11)

    var name: String {
        switch self {
        case .info: "info"
        case .debug: "debug"
        case .error: "error"
        case .fault: "fault"
        default: "default"
        }
    }
}

/// A log: its subsystem and category.
public final class OSLog: NSObject, @unchecked Sendable {
    public let subsystem: String
    public let category: String
    private let enabled: Bool

    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
        enabled = true
        super.init()
    }

    private init(disabled: Void) {
        (subsystem, category, enabled) = ("", "", false)
        super.init()
    }

    public static let `default` = OSLog(subsystem: "", category: "")
    public static let disabled = OSLog(disabled: ())

    /// Whether a message of `type` is written: every type of an enabled log.
    public func isEnabled(type: OSLogType) -> Bool { enabled }

    /// Writes `message` when FRAMEGEN_OS_LOG is 1.
    func write(_ type: OSLogType, _ message: @autoclosure () -> String) {
        guard enabled, OSLogOutput.isOn else { return }
        let place = subsystem.isEmpty ? "" : " [\(subsystem)\(category.isEmpty ? "" : ":" + category)]"
        FileHandle.standardError.write(Data("os_log \(type.name)\(place): \(message())\n".utf8))
    }
}

enum OSLogOutput {
    static let isOn = ProcessInfo.processInfo.environment["FRAMEGEN_OS_LOG"] == "1"
}

/// Logs `message`, a printf format, with `args` (`%{public}@` and the like read as `%@`).
public func os_log(
    _ message: StaticString, log: OSLog = .default, type: OSLogType = .default, _ args: CVarArg...
) {
    log.write(type, OSLogFormat.format("\(message)", args))
}

/// The same, the type first, as iOS 12 added it.
public func os_log(_ type: OSLogType, log: OSLog = .default, _ message: StaticString, _ args: CVarArg...) {
    log.write(type, OSLogFormat.format("\(message)", args))
}

enum OSLogFormat {
    /// `%{public}@`, `%{private}d`: the privacy braces dropped, then `String(format:)`, strings
    /// passed as Foundation on Linux passes them.
    static func format(_ format: String, _ args: [CVarArg]) -> String {
        let plain = format.replacingOccurrences(of: "%\\{[^}]*\\}", with: "%", options: .regularExpression)
        let bridged = args.map { ($0 as? String).map { NSString(string: $0) as CVarArg } ?? $0 }
        return String(format: plain, arguments: bridged)
    }
}

/// How a value in a message is shown in the log: kept, not applied.
public struct OSLogPrivacy: Equatable, Sendable {
    public enum Mask: Equatable, Sendable { case hash, none }
    let level: Int
    public static let auto = OSLogPrivacy(level: 0)
    public static let `public` = OSLogPrivacy(level: 1)
    public static let `private` = OSLogPrivacy(level: 2)
    public static let sensitive = OSLogPrivacy(level: 3)
    public static func auto(mask: Mask) -> OSLogPrivacy { .auto }
    public static func `private`(mask: Mask) -> OSLogPrivacy { .private }
    public static func sensitive(mask: Mask) -> OSLogPrivacy { .sensitive }
}

/// How an integer is written: decimal unless hex or octal is asked for.
public struct OSLogIntegerFormatting: Sendable {
    let radix: Int
    let prefix: Bool
    let uppercase: Bool
    public static let decimal = OSLogIntegerFormatting(radix: 10, prefix: false, uppercase: false)
    public static let hex = OSLogIntegerFormatting(radix: 16, prefix: false, uppercase: false)
    public static let octal = OSLogIntegerFormatting(radix: 8, prefix: false, uppercase: false)
    public static func decimal(explicitPositiveSign: Bool = false, minDigits: Int? = nil) -> Self { .decimal }
    public static func hex(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
        minDigits: Int? = nil
    )
        -> Self
    { OSLogIntegerFormatting(radix: 16, prefix: includePrefix, uppercase: uppercase) }
    public static func octal(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
        minDigits: Int? = nil
    )
        -> Self
    { OSLogIntegerFormatting(radix: 8, prefix: includePrefix, uppercase: uppercase) }

    func string<T: BinaryInteger>(_ value: T) -> String {
        let digits = String(value, radix: radix, uppercase: uppercase)
        return prefix ? (radix == 16 ? "0x" : "0") + digits : digits
    }
}

/// How a floating-point number is written: as Swift prints it, or with fixed precision.
public struct OSLogFloatFormatting: Sendable {
    let precision: Int?
    public static let fixed = OSLogFloatFormatting(precision: 6)
    public static func fixed(precision: Int, explicitPositiveSign: Bool = false, uppercase: Bool = false)
        -> Self
    {
        OSLogFloatFormatting(precision: precision)
    }
    public static func fixed(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> Self { .fixed }
    public static let exponential = OSLogFloatFormatting(precision: nil)
    public static let hybrid = OSLogFloatFormatting(precision: nil)

    func string(_ value: Double) -> String {
        precision.map { String(format: "%.\($0)f", value) } ?? "\(value)"
    }
}

/// Padding of a value to a width: kept, not applied.
public struct OSLogStringAlignment: Sendable {
    public static let none = OSLogStringAlignment()
    public static func left(columns: Int) -> Self { OSLogStringAlignment() }
    public static func right(columns: Int) -> Self { OSLogStringAlignment() }
}

/// A message written with string interpolation, each value with its privacy and format.
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral, Sendable {
    public struct Interpolation: StringInterpolationProtocol, Sendable {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) { text += literal }

        public mutating func appendInterpolation(
            _ value: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none,
            privacy: OSLogPrivacy = .auto
        ) { text += value() }

        public mutating func appendInterpolation<T: CustomStringConvertible>(
            _ value: @autoclosure @escaping () -> T, align: OSLogStringAlignment = .none,
            privacy: OSLogPrivacy = .auto
        ) { text += value().description }

        public mutating func appendInterpolation<T: BinaryInteger>(
            _ value: @autoclosure @escaping () -> T, format: OSLogIntegerFormatting = .decimal,
            align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
        ) { text += format.string(value()) }

        public mutating func appendInterpolation(
            _ value: @autoclosure @escaping () -> Double, format: OSLogFloatFormatting = .fixed,
            align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
        ) { text += format.string(value()) }

        public mutating func appendInterpolation(
            _ value: @autoclosure @escaping () -> Float, format: OSLogFloatFormatting = .fixed,
            align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
        ) { text += format.string(Double(value())) }

        public mutating func appendInterpolation(
            _ value: @autoclosure @escaping () -> CGFloat, format: OSLogFloatFormatting = .fixed,
            align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
        ) { text += format.string(Double(value())) }

        public mutating func appendInterpolation(
            _ value: @autoclosure @escaping () -> Bool, format: OSLogBoolFormat = .truth,
            privacy: OSLogPrivacy = .auto
        ) { text += format == .answer ? (value() ? "YES" : "NO") : (value() ? "true" : "false") }

        public mutating func appendInterpolation(
            _ value: @autoclosure @escaping () -> any Error, privacy: OSLogPrivacy = .auto
        ) { text += "\(value())" }

        public mutating func appendInterpolation(
            _ value: @autoclosure @escaping () -> Any.Type, privacy: OSLogPrivacy = .auto
        ) { text += "\(value())" }

        public mutating func appendInterpolation<T>(
            _ value: @autoclosure @escaping () -> T?, privacy: OSLogPrivacy = .auto
        ) { text += value().map { "\($0)" } ?? "(null)" }
    }

    let text: String

    public init(stringInterpolation: Interpolation) { text = stringInterpolation.text }
    public init(stringLiteral value: String) { text = value }
}

public enum OSLogBoolFormat: Sendable {
    case truth, answer
}

/// A log to write messages to, as Swift code logs since iOS 14.
public struct Logger: @unchecked Sendable {
    let log: OSLog

    public init() { log = .default }
    public init(subsystem: String, category: String) { log = OSLog(subsystem: subsystem, category: category) }
    public init(_ log: OSLog) { self.log = log }

    public func log(_ message: OSLogMessage) { log.write(.default, message.text) }
    public func log(level: OSLogType, _ message: OSLogMessage) { log.write(level, message.text) }
    public func trace(_ message: OSLogMessage) { log.write(.debug, message.text) }
    public func debug(_ message: OSLogMessage) { log.write(.debug, message.text) }
    public func info(_ message: OSLogMessage) { log.write(.info, message.text) }
    public func notice(_ message: OSLogMessage) { log.write(.default, message.text) }
    public func warning(_ message: OSLogMessage) { log.write(.error, message.text) }
    public func error(_ message: OSLogMessage) { log.write(.error, message.text) }
    public func critical(_ message: OSLogMessage) { log.write(.fault, message.text) }
    public func fault(_ message: OSLogMessage) { log.write(.fault, message.text) }
}
