import Foundation
import FrameGenCoreGraphics
import FrameGenCoreText
import Synchronization

/// The fonts an app's bundle brings, as iOS registers them at launch: the files its Info.plist
/// lists under `UIAppFonts` (paths inside the bundle), and only those. A font file the bundle
/// holds without listing it is not registered, as on iOS; `UIFont(name:size:)` names it when it
/// is asked for by a name that file has, so that the missing line is found at once.
///
/// The app's bundles on Linux are where `UIImage(named:)` looks (AssetCatalogs'
/// `resourceFolders`): the program's folder (`Bundle.main`: a test bundle's or an executable's)
/// and every SwiftPM resource bundle beside it (`<package>_<target>.resources`). SwiftPM refuses
/// an `Info.plist` at the top of a resource bundle, so an app's Info.plist is also looked for one
/// folder down (`.copy("App")` puts `App/Info.plist` there), and `Bundle.main.infoDictionary`
/// is read too. A listed path is looked up beside that Info.plist, then at the bundle's top
/// (`.process` flattens resources there), then by its file name at the top.
package enum AppFontFiles {
    private struct State {
        var loaded: Set<String> = []
        /// Font files in the loaded bundles that no UIAppFonts lists: each face's names.
        var unlisted: [(path: String, faces: [FontTables])] = []
    }

    private static let state = Mutex(State())
    private static let warnings = LayoutWarnings()

    /// The app's bundles, loaded once per process on the first font lookup.
    private static let knownBundles: Void = {
        let main = Bundle.main
        let program = main.resourceURL?.path ?? main.bundlePath
        if let listed = main.infoDictionary?["UIAppFonts"] as? [String] {
            register(listed, plist: program + "/Info.plist", folder: program, bundle: program)
        }
        for folder in AssetCatalogs.resourceFolders(in: nil) { load(bundle: folder) }
    }()

    /// Loads the app's bundles (once).
    package static func loadKnownBundles() { _ = knownBundles }

    /// Registers the fonts `UIAppFonts` lists in the Info.plist files of the bundle at `path`
    /// (its top and the folders directly in it), and notes its unlisted font files; once per
    /// bundle. Warnings name a listed file that is missing or is not a font.
    package static func load(bundle path: String) {
        let first = state.withLock { $0.loaded.insert(path).inserted }
        guard first else { return }
        let fm = FileManager.default
        let entries = ((try? fm.contentsOfDirectory(atPath: path)) ?? []).sorted().filter {
            !$0.hasPrefix(".")
        }
        var folders = [path]
        let isProgramFolder = path == (Bundle.main.resourceURL?.path ?? Bundle.main.bundlePath)
        var fontFiles: [String] = []
        for entry in entries {
            let child = path + "/" + entry
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: child, isDirectory: &isFolder) else { continue }
            // The program's folder holds the build's every module: only its top is the bundle.
            if isFolder.boolValue, !isProgramFolder, !entry.hasSuffix(".resources") {
                folders.append(child)
                fontFiles += fontFilesBelow(child)
            } else if isFontFile(entry) {
                fontFiles.append(child)
            }
        }
        var listedPaths: Set<String> = []
        for folder in folders {
            let plist = folder + "/Info.plist"
            guard let data = fm.contents(atPath: plist),
                let info = try? PropertyListSerialization.propertyList(from: data, format: nil)
                    as? [String: Any],
                let listed = info["UIAppFonts"] as? [String]
            else { continue }
            listedPaths.formUnion(register(listed, plist: plist, folder: folder, bundle: path))
        }
        let unlisted = fontFiles.filter {
            !listedPaths.contains(URL(fileURLWithPath: $0).standardizedFileURL.path)
        }
        .compactMap { file -> (String, [FontTables])? in
            guard let data = fm.contents(atPath: file) else { return nil }
            return (file, FontTables.faces(in: data))
        }
        state.withLock { $0.unlisted += unlisted }
    }

    /// The font files in `folder` and its folders, a few levels down (`App/Fonts/Brand.ttf`).
    private static func fontFilesBelow(_ folder: String, depth: Int = 0) -> [String] {
        let fm = FileManager.default
        var found: [String] = []
        for entry in ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        where !entry.hasPrefix(".") {
            let child = folder + "/" + entry
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: child, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                if depth < 3 { found += fontFilesBelow(child, depth: depth + 1) }
            } else if isFontFile(entry) {
                found.append(child)
            }
        }
        return found
    }

    private static func isFontFile(_ name: String) -> Bool {
        ["ttf", "otf", "ttc", "otc"].contains((name as NSString).pathExtension.lowercased())
    }

    /// Registers each listed path; the files it registered (or found registered already).
    @discardableResult
    private static func register(_ listed: [String], plist: String, folder: String, bundle: String) -> Set<
        String
    > {
        var registered: Set<String> = []
        for entry in listed where !entry.isEmpty {
            let candidates = [
                folder + "/" + entry, bundle + "/" + entry,
                bundle + "/" + (entry as NSString).lastPathComponent,
            ]
            guard let file = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
                warnings.warn(
                    "UIAppFonts in \(plist) lists \"\(entry)\", which is not in the bundle (looked for "
                        + candidates.joined(separator: ", ") + ")")
                continue
            }
            let url = URL(fileURLWithPath: file).standardizedFileURL
            if let failure = FontRegistry.register(url: url), failure.code != .alreadyRegistered {
                warnings.warn("UIAppFonts in \(plist) lists \"\(entry)\": \(failure.message)")
            } else {
                registered.insert(url.path)
            }
        }
        return registered
    }

    /// What `UIFont(name:size:)` says, once per name, when it returns nil for `name`.
    package static func notFoundMessage(_ name: String) -> String {
        var line =
            "UIFont(name: \"\(name)\", size:) is nil, as on iOS: no font registered with the app "
            + "(UIAppFonts, CTFontManagerRegisterFontsForURL) nor one of iOS's has that PostScript or full name"
        let files = state.withLock { $0.unlisted }
        if let file = files.first(where: { file in
            file.faces.contains { [$0.postScriptName, $0.fullName, $0.familyName].contains(name) }
                || (file.path as NSString).lastPathComponent.hasPrefix(name + ".")
        }) {
            line +=
                "; found \((file.path as NSString).lastPathComponent) in the bundle (\(file.path)) "
                + "but it is not listed in UIAppFonts"
        }
        return line
    }

    /// Says once per name that `UIFont(name:size:)` is nil for it (not for an empty name).
    static func warnNotFound(_ name: String) {
        if !name.isEmpty { warnings.warn(notFoundMessage(name)) }
    }
}
