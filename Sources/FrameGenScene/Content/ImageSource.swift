import FrameGenCodecs
import FrameGenGeometry
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where cell images come from (scene key `content.images`, docs/formats.md §1).
public enum ImageSource: Sendable, Equatable {
    /// Built-in generated photos, deterministic from the scene's seed.
    case generated(seed: UInt64)
    /// Every PNG and JPEG file in a folder (told by their first bytes), sorted by name.
    case folder(String)
    /// These files, in this order.
    case files([String])
}

/// The image of every item: item i shows file i, cycling when there are fewer files than items,
/// or generated photo i. Sendable and safe to share between render threads; header reads for
/// aspect ratios are cached.
public final class ContentImages: Sendable {
    public let source: ImageSource
    /// The resolved files (paths as given, joined to the base folder when relative); empty for
    /// generated photos.
    public let files: [String]
    private let sizes = Mutex<[Int: (width: Int, height: Int)]>([:])

    /// Resolves `source`; relative paths are taken from `baseDirectory` (the scene file's folder).
    /// A missing folder, a folder without PNG or JPEG files, an empty list or a missing file is
    /// an error naming it, before anything is rendered.
    public init(_ source: ImageSource, baseDirectory: String? = nil) throws(FrameGenError) {
        self.source = source
        switch source {
        case .generated:
            files = []
        case .folder(let folder):
            let path = Self.resolve(folder, in: baseDirectory)
            let names = try Self.imageNames(in: path)
            guard !names.isEmpty else {
                throw FrameGenError.badInput(
                    path, "the images folder contains no PNG files and no JPEG files")
            }
            files = names.map { Self.join(path, $0) }
        case .files(let list):
            guard !list.isEmpty else {
                throw FrameGenError.badInput(nil, "content.images is an empty list of files")
            }
            files = list.map { Self.resolve($0, in: baseDirectory) }
            for file in files where !Self.isRegularFile(file) {
                if FileIO.isDirectory(file) {
                    throw FrameGenError.badInput(
                        file,
                        "is a folder; give it without brackets (images: FOLDER) to show every image in it")
                }
                throw FrameGenError.badInput(file, "image file not found")
            }
        }
    }

    /// The file shown by item `index` (counted over all sections), or nil for generated photos.
    public func file(forItem index: Int) -> String? {
        guard !files.isEmpty else { return nil }
        return files[((index % files.count) + files.count) % files.count]
    }

    /// Width / height of item `index`'s image: the generated ratio, or the file header's (a
    /// JPEG's as shown, after its EXIF orientation).
    public func aspectRatio(forItem index: Int) throws(FrameGenError) -> Double {
        guard file(forItem: index) != nil else {
            if case .generated(let seed) = source { return generatedAspectRatio(seed: seed, index: index) }
            return 1
        }
        let size = try pixelSize(forItem: index, generatedLongSide: 0)
        return Double(size.width) / Double(size.height)
    }

    /// Item `index`'s image size in pixels: the file header's (as shown, after its EXIF
    /// orientation), or a generated photo's at `generatedLongSide` pixels.
    public func pixelSize(forItem index: Int, generatedLongSide: Int) throws(FrameGenError) -> (
        width: Int, height: Int
    ) {
        guard let file = file(forItem: index) else {
            if case .generated(let seed) = source {
                return generatedPhotoSize(seed: seed, index: index, longSide: generatedLongSide)
            }
            return (1, 1)
        }
        let slot = ((index % files.count) + files.count) % files.count
        if let size = sizes.withLock({ $0[slot] }) { return size }
        let info: ImageInfo
        do {
            info = try ImageFile.readInfo(file: file, validate: false)
        } catch {
            throw FrameGenError.badInput(file, error.reason)
        }
        let size = (width: info.width, height: info.height)
        sizes.withLock { $0[slot] = size }
        return size
    }

    static func resolve(_ path: String, in base: String?) -> String {
        guard let base, !base.isEmpty, !path.hasPrefix("/") else { return path }
        return join(base, path)
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    static func hasImageExtension(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".png") || lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg")
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Names of the regular files in `folder` that start with a PNG or JPEG signature, whatever
    /// their name, or are named as images (.png, .jpg, .jpeg in any case: a broken one is then an
    /// error naming it rather than silently left out), in byte order of their UTF-8 names (the
    /// same on every machine and locale). Other files (a README) are skipped, and hidden files
    /// too: they are often not images (macOS's "._name.png" resource forks).
    static func imageNames(in folder: String) throws(FrameGenError) -> [String] {
        let all: [String]
        do {
            all = try FileIO.listDirectory(folder)
        } catch {
            throw FrameGenError.badInput(
                folder, errno == ENOTDIR ? "is not a folder" : "cannot open the images folder")
        }
        let names = all.filter {
            !$0.hasPrefix(".") && isRegularFile(join(folder, $0))
                && (hasImageExtension($0) || ImageFormat.detect(file: join(folder, $0)) != nil)
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
