import Foundation
import FrameGenCoreGraphics

// Core Text's font manager as an app calls it to register the fonts it ships or downloads,
// declared as Apple's CoreText declares it. A registered font is found by `UIFont(name:size:)`
// (by PostScript or full name), listed by `UIFont.familyNames`, measured from its own tables
// and drawn from its own file (FontRegistry). Every scope registers for this process: framegen's
// process is the whole session a test or a render runs in, and nothing is kept after it.
// The deprecated `CTFontManagerRegisterFontsForURLs(_:_:_:)` and its unregistering twin hand
// their errors back as `Unmanaged<NSArray>`, where iOS says `Unmanaged<CFArray>`: CFArray is a
// Swift array here (CoreFoundationTypes.swift), which `Unmanaged` cannot hold, and NSArray is
// what iOS bridges it to. Apps pass nil there; one that reads the errors reads an NSArray.

/// The scope of a registration.
public enum CTFontManagerScope: UInt32, Sendable {
    /// Not a scope to register in: a registration in it fails (`.unsupportedScope`).
    case none = 0
    case process = 1
    case persistent = 2
    case session = 3

    /// The old name of `.persistent`.
    public static var user: CTFontManagerScope { .persistent }
}

/// Why the font manager could not register or unregister a font (`CFError`'s code, in
/// `kCTFontManagerErrorDomain`).
public enum CTFontManagerError: CFIndex, Sendable {
    case fileNotFound = 101
    case insufficientPermissions = 102
    case unrecognizedFormat = 103
    case invalidFontData = 104
    case alreadyRegistered = 105
    case exceededResourceLimit = 106
    case assetNotFound = 107
    case notRegistered = 201
    case inUse = 202
    case systemRequired = 203
    case registrationFailed = 301
    case missingEntitlement = 302
    case insufficientInfo = 303
    case cancelledByUser = 304
    case duplicatedName = 305
    case invalidFilePath = 306
    case unsupportedScope = 307
}

/// The domain of the font manager's errors.
public let kCTFontManagerErrorDomain: CFString = "com.apple.CoreText.CTFontManagerErrorDomain"
/// The key of a font manager error's user info holding the URLs that failed.
public let kCTFontManagerErrorFontURLsKey: CFString = "CTFontManagerErrorFontURLs"

extension FontRegistry.Failure {
    /// As Core Text reports it: a CFError in its domain, with the URLs concerned.
    func error(urls: [URL]) -> CFError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: message]
        if !urls.isEmpty { info[kCTFontManagerErrorFontURLsKey] = urls }
        return NSError(domain: kCTFontManagerErrorDomain, code: code.rawValue, userInfo: info)
    }
}

private func report(
    _ failure: FontRegistry.Failure?, urls: [URL], to error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
    guard let failure else { return true }
    error?.pointee = Unmanaged.passRetained(failure.error(urls: urls))
    return false
}

private func unsupported(_ scope: CTFontManagerScope) -> FontRegistry.Failure? {
    scope == .none
        ? FontRegistry.Failure(code: .unsupportedScope, message: "fonts are not registered in scope none")
        : nil
}

/// Registers the fonts of the file at `fontURL` (each face of a collection).
public func CTFontManagerRegisterFontsForURL(
    _ fontURL: CFURL, _ scope: CTFontManagerScope, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
    report(unsupported(scope) ?? FontRegistry.register(url: fontURL), urls: [fontURL], to: error)
}

/// Unregisters the fonts `CTFontManagerRegisterFontsForURL` registered from `fontURL`.
public func CTFontManagerUnregisterFontsForURL(
    _ fontURL: CFURL, _ scope: CTFontManagerScope, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
    report(FontRegistry.unregister(url: fontURL), urls: [fontURL], to: error)
}

/// Registers a font made from data (`CGFont(CGDataProvider)`); fails when a font of its
/// PostScript name is registered.
@available(iOS, introduced: 4.1, deprecated: 18.0)
public func CTFontManagerRegisterGraphicsFont(
    _ font: CGFont, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
    report(FontRegistry.register(font), urls: [], to: error)
}

/// Unregisters a font `CTFontManagerRegisterGraphicsFont` registered.
@available(iOS, introduced: 4.1, deprecated: 18.0)
public func CTFontManagerUnregisterGraphicsFont(
    _ font: CGFont, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
    report(FontRegistry.unregister(font), urls: [], to: error)
}

/// Registers the fonts of each file in `fontURLs`; false when one failed, with the errors (one
/// per file) in `errors`.
@available(iOS, introduced: 3.2, deprecated: 13.0, message: "Use CTFontManagerRegisterFontURLs")
public func CTFontManagerRegisterFontsForURLs(
    _ fontURLs: CFArray, _ scope: CTFontManagerScope, _ errors: UnsafeMutablePointer<Unmanaged<NSArray>?>?
) -> Bool {
    var failed: [NSError] = []
    for url in urls(fontURLs) {
        if let failure = unsupported(scope) ?? FontRegistry.register(url: url) {
            failed.append(failure.error(urls: [url]))
        }
    }
    if !failed.isEmpty { errors?.pointee = Unmanaged.passRetained(failed as NSArray) }
    return failed.isEmpty
}

/// Unregisters the fonts registered from each file in `fontURLs`; false when one failed.
@available(iOS, introduced: 3.2, deprecated: 13.0, message: "Use CTFontManagerUnregisterFontURLs")
public func CTFontManagerUnregisterFontsForURLs(
    _ fontURLs: CFArray, _ scope: CTFontManagerScope, _ errors: UnsafeMutablePointer<Unmanaged<NSArray>?>?
) -> Bool {
    var failed: [NSError] = []
    for url in urls(fontURLs) {
        if let failure = FontRegistry.unregister(url: url) { failed.append(failure.error(urls: [url])) }
    }
    if !failed.isEmpty { errors?.pointee = Unmanaged.passRetained(failed as NSArray) }
    return failed.isEmpty
}

/// The URLs in an array an app hands over (`[url] as CFArray`).
private func urls(_ array: CFArray) -> [URL] {
    array.compactMap { $0 as? URL }
}

/// Registers the fonts of each file in `fontURLs`, then calls `registrationHandler` once, done,
/// with the errors (one per file that failed; empty when all were registered). With `enabled`
/// false the fonts are registered but not found by name.
public func CTFontManagerRegisterFontURLs(
    _ fontURLs: CFArray, _ scope: CTFontManagerScope, _ enabled: Bool,
    _ registrationHandler: ((CFArray, Bool) -> Bool)?
) {
    var errors: CFArray = []
    for url in urls(fontURLs) {
        if let failure = unsupported(scope) ?? FontRegistry.register(url: url, enabled: enabled) {
            errors.append(failure.error(urls: [url]))
        }
    }
    _ = registrationHandler?(errors, true)
}

/// Unregisters the fonts registered from each file in `fontURLs`, then calls
/// `registrationHandler` once, done, with the errors.
public func CTFontManagerUnregisterFontURLs(
    _ fontURLs: CFArray, _ scope: CTFontManagerScope, _ registrationHandler: ((CFArray, Bool) -> Bool)?
) {
    var errors: CFArray = []
    for url in urls(fontURLs) {
        if let failure = FontRegistry.unregister(url: url) { errors.append(failure.error(urls: [url])) }
    }
    _ = registrationHandler?(errors, true)
}
