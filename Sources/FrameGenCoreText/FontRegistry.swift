import Foundation
import FrameGenCoreGraphics
import FrameGenText
import Synchronization

/// A face an app registered: its tables (names, metrics) and where its bytes are.
package struct RegisteredFont: Sendable, Equatable {
    package let tables: FontTables
    package let source: AppFonts.Source
    /// The file it came from (nil for a `CGFont` made from data).
    package let url: URL?
    /// `CTFontManagerRegisterFontURLs(_:_:_:_:)`'s `enabled`: a disabled font is registered
    /// but not found by name.
    package let isEnabled: Bool
}

/// The fonts registered in this process, by PostScript name (Core Text's font manager): what
/// `UIFont(name:size:)` finds besides iOS's own fonts, and what the compositor draws those
/// names with (each registration is handed to FrameGenText's AppFonts).
package enum FontRegistry {
    private struct State {
        var fonts: [String: RegisteredFont] = [:]
        /// The PostScript names each registered file brought.
        var files: [String: [String]] = [:]
    }

    private static let state = Mutex(State())

    /// Why a registration or removal failed: Core Text's code and the files it concerns.
    package struct Failure: Error, Sendable {
        package let code: CTFontManagerError
        package let message: String
    }

    /// Registers every face of the file at `url` (a collection's each), as
    /// `CTFontManagerRegisterFontsForURL` does.
    package static func register(url: URL, enabled: Bool = true) -> Failure? {
        let path = url.standardizedFileURL.path
        guard url.isFileURL, let data = FileManager.default.contents(atPath: path) else {
            return Failure(code: .fileNotFound, message: "no font file at \(path)")
        }
        let faces = FontTables.faces(in: data)
        guard !faces.isEmpty else {
            return Failure(code: .unrecognizedFormat, message: "\(path) is not a TrueType or OpenType font")
        }
        return state.withLock { state -> Failure? in
            guard state.files[path] == nil else {
                return Failure(code: .alreadyRegistered, message: "\(path) is already registered")
            }
            if let taken = faces.first(where: { state.fonts[$0.postScriptName] != nil }) {
                return Failure(
                    code: .duplicatedName,
                    message: "\(path): a font named \(taken.postScriptName) is already registered")
            }
            for (index, face) in faces.enumerated() {
                let source = AppFonts.Source.file(path: path, index: index)
                state.fonts[face.postScriptName] = RegisteredFont(
                    tables: face, source: source, url: URL(fileURLWithPath: path), isEnabled: enabled)
                AppFonts.register(face.postScriptName, source)
            }
            state.files[path] = faces.map(\.postScriptName)
            return nil
        }
    }

    /// Removes what `register(url:)` registered from that file.
    package static func unregister(url: URL) -> Failure? {
        let path = url.standardizedFileURL.path
        return state.withLock { state -> Failure? in
            guard let names = state.files.removeValue(forKey: path) else {
                return Failure(code: .notRegistered, message: "\(path) is not registered")
            }
            for name in names {
                state.fonts[name] = nil
                AppFonts.unregister(name)
            }
            return nil
        }
    }

    /// Registers a font made from data (`CTFontManagerRegisterGraphicsFont`): it fails when a
    /// font of that PostScript name is registered, as Core Text's does.
    package static func register(_ font: CGFont) -> Failure? {
        let name = font.tables.postScriptName
        if state.withLock({ $0.fonts[name] != nil }) {
            return Failure(code: .alreadyRegistered, message: "a font named \(name) is already registered")
        }
        let source = AppFonts.Source.memory(id: AppFonts.keep(font.data), index: 0)
        return state.withLock { state -> Failure? in
            guard state.fonts[name] == nil else {
                return Failure(
                    code: .alreadyRegistered, message: "a font named \(name) is already registered")
            }
            state.fonts[name] = RegisteredFont(tables: font.tables, source: source, url: nil, isEnabled: true)
            AppFonts.register(name, source)
            return nil
        }
    }

    /// Removes a font `register(_:)` registered.
    package static func unregister(_ font: CGFont) -> Failure? {
        let name = font.tables.postScriptName
        return state.withLock { state -> Failure? in
            guard let registered = state.fonts[name], registered.url == nil else {
                return Failure(
                    code: .notRegistered, message: "no font named \(name) was registered from data")
            }
            state.fonts[name] = nil
            AppFonts.unregister(name)
            return nil
        }
    }

    /// The enabled font whose PostScript name (name table ID 6) or full name (ID 4) is `name`.
    package static func font(named name: String) -> RegisteredFont? {
        state.withLock { state in
            if let font = state.fonts[name], font.isEnabled { return font }
            return state.fonts.values.filter { $0.isEnabled && $0.tables.fullName == name }
                .min { $0.tables.postScriptName < $1.tables.postScriptName }
        }
    }

    /// The enabled fonts, for UIFont's family lists.
    package static var fonts: [RegisteredFont] {
        state.withLock { Array($0.fonts.values.filter(\.isEnabled)) }
            .sorted { $0.tables.postScriptName < $1.tables.postScriptName }
    }
}
