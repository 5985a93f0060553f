import Foundation

// Foundation's NSException and getVaList, which Foundation on Linux lacks (they stand on the
// Objective-C runtime there): iOS code raises one for input it refuses, often in an app's own
// helpers (a colour from a hex string). Raised, an exception nobody catches ends an app on a
// phone with "Terminating app due to uncaught exception", and so it ends framegen, with the
// same words, exit status 2 (docs/uikit.md "Bad input"): a test must not pass on Linux for
// code that crashes on iOS. Swift cannot catch an Objective-C exception on either platform.

extension NSExceptionName {
    public static let genericException = NSExceptionName("NSGenericException")
    public static let rangeException = NSExceptionName("NSRangeException")
    public static let invalidArgumentException = NSExceptionName("NSInvalidArgumentException")
    public static let internalInconsistencyException = NSExceptionName("NSInternalInconsistencyException")
    public static let mallocException = NSExceptionName("NSMallocException")
    public static let objectInaccessibleException = NSExceptionName("NSObjectInaccessibleException")
    public static let objectNotAvailableException = NSExceptionName("NSObjectNotAvailableException")
    public static let destinationInvalidException = NSExceptionName("NSDestinationInvalidException")
    public static let characterConversionException = NSExceptionName("NSCharacterConversionException")
    public static let parseErrorException = NSExceptionName("NSParseErrorException")
    public static let inconsistentArchiveException = NSExceptionName("NSInconsistentArchiveException")
    public static let undefinedKeyException = NSExceptionName("NSUnknownKeyException")
}

open class NSException: NSObject, @unchecked Sendable {
    public let name: NSExceptionName
    public let reason: String?
    public let userInfo: [AnyHashable: Any]?

    public init(
        name aName: NSExceptionName, reason aReason: String?, userInfo aUserInfo: [AnyHashable: Any]? = nil
    ) {
        name = aName
        reason = aReason
        userInfo = aUserInfo
        super.init()
    }

    /// Empty: framegen keeps no return addresses for an exception.
    open var callStackReturnAddresses: [NSNumber] { [] }
    open var callStackSymbols: [String] { [] }

    /// Ends the process as an uncaught exception ends an app: iOS's line on standard error
    /// (with the call into the app in progress, as a crash report names it), exit status 2.
    open func raise() {
        let line =
            "*** Terminating app due to uncaught exception '\(name.rawValue)', reason: '\(reason ?? "")'"
        UIKitException.terminate(UIKitException.line(line, during: UIKitException.currentCall))
    }

    /// The reason is `format` with the arguments `argList` holds, as `String(format:)` makes it.
    open class func raise(_ name: NSExceptionName, format: String, arguments argList: CVaListPointer) {
        NSException(name: name, reason: NSString(format: format, arguments: argList) as String).raise()
    }

    open override var description: String { reason ?? name.rawValue }
}

/// A `CVaListPointer` to `args`, for a function that takes a C `va_list`
/// (`NSException.raise(_:format:arguments:)`, `String(format:arguments:)`). Unlike
/// `withVaList(_:_:)`, whose list lives only for its closure, the list lives on: Darwin keeps it
/// until its autorelease pool drains, and framegen, which has no pool, keeps it for the process
/// (a few words a call). Every argument is laid out on the list's stack area, with the
/// register areas marked used up, so `va_arg` reads each of them there as the ABI says
/// (System V x86-64, AAPCS64).
public func getVaList(_ args: [CVarArg]) -> CVaListPointer {
    var words: [Int] = []
    for arg in args {
        if let string = arg as? String {
            // Foundation on Linux passes a string to `%@` as an NSString (its String traps
            // when asked for its words), kept alive as the list is.
            let object = NSString(string: string)
            _ = Unmanaged.passRetained(object)
            words += object._cVarArgEncoding
        } else {
            words += arg._cVarArgEncoding
        }
    }
    let stack = UnsafeMutablePointer<Int>.allocate(capacity: max(words.count, 1))
    stack.initialize(repeating: 0, count: max(words.count, 1))
    for (k, word) in words.enumerated() { stack[k] = word }
    #if arch(x86_64)
        // struct __va_list_tag { unsigned gp_offset, fp_offset; void *overflow_arg_area,
        // *reg_save_area; }: gp_offset 48 (six registers of 8 bytes) and fp_offset 304 (48 and
        // eight registers of 16 bytes) say every register is used, so each argument is taken from
        // overflow_arg_area in turn.
        let tag = UnsafeMutableRawPointer.allocate(byteCount: 24, alignment: 8)
        tag.storeBytes(of: UInt32(48), toByteOffset: 0, as: UInt32.self)
        tag.storeBytes(of: UInt32(304), toByteOffset: 4, as: UInt32.self)
        tag.storeBytes(of: UnsafeMutableRawPointer(stack), toByteOffset: 8, as: UnsafeMutableRawPointer.self)
        tag.storeBytes(of: UnsafeMutableRawPointer(stack), toByteOffset: 16, as: UnsafeMutableRawPointer.self)
        return CVaListPointer(_fromUnsafeMutablePointer: tag)
    #elseif arch(arm64)
        // Offsets of 0 say the general and vector register areas are used up (AAPCS64 7.1.4):
        // each argument is taken from __stack in turn.
        return CVaListPointer(
            __stack: UnsafeMutablePointer<Int>(stack), __gr_top: UnsafeMutablePointer<Int>(stack),
            __vr_top: UnsafeMutablePointer<Int>(stack), __gr_off: 0, __vr_off: 0)
    #else
        #error("getVaList: this architecture's va_list is not laid out here")
    #endif
}
