import Foundation
import FrameGenLayout

import struct Foundation.IndexPath  // over Layout's (Exports.swift)

/// framegen's, not Apple's: one of the scene's photos (`content.images`, or a generated one), as
/// an app's model holds a photo for its data source: a name for `UIImage(named:)`, a size, an
/// image (docs/uikit.md "The scene's photos").
///
/// Its image draws exactly as the scene's cell style draws the same photo at the same rect:
/// framegen's renderer draws it from the same texture (mip levels, a JPEG's reduced decodes),
/// not from a copy of its pixels.
public struct ScenePhoto: Hashable, Sendable {
    /// What `UIImage(named:)` resolves: the file's name (`beach.jpg`, or `beach` without its
    /// extension), or `photo-N` for the generated photo of the scene's item N.
    public let name: String
    /// In pixels, as drawn (a JPEG's after its EXIF orientation).
    public let pixelSize: CGSize
    /// Width / height, as framegen's built-in layouts read it: a generated photo's is the ratio
    /// it is drawn for, of which `pixelSize` is the rounding to whole pixels.
    public let aspectRatio: CGFloat
    /// The renderer's name for it (docs/formats.md's image names).
    package let source: String

    package init(name: String, pixelSize: CGSize, aspectRatio: CGFloat? = nil, source: String) {
        (self.name, self.pixelSize, self.source) = (name, pixelSize, source)
        self.aspectRatio =
            aspectRatio ?? (pixelSize.height > 0 ? pixelSize.width / pixelSize.height : 1)
    }

    package init(
        _ library: CollectionViewDataSource.PhotoLibrary, _ photo: CollectionViewDataSource.Photo,
        aspectRatio: Double? = nil
    ) {
        self.init(
            name: library.name(ofPhoto: photo.index),
            pixelSize: CGSize(width: photo.pixelWidth, height: photo.pixelHeight),
            aspectRatio: aspectRatio.map { CGFloat($0) }, source: library.source(ofPhoto: photo.index))
    }

    /// In points: the image's scale is 1, as a photo file's is on iOS.
    public var size: CGSize { pixelSize }

    /// The photo, for a `UIImageView`.
    public var image: UIImage { UIImage(size: size, scale: 1, name: name, scenePhoto: self) }
}

extension UICollectionView {
    /// framegen's: the photo of the item at `indexPath` (items keep their photos through inserts,
    /// deletes and moves), as an app's model gives its data source one; nil, with one warning,
    /// for an index path the data does not have (UIKit's model array would trap).
    public func scenePhoto(at indexPath: IndexPath) -> ScenePhoto? {
        guard indexPath.count == 2 else { return nil }
        guard let item = data.item(at: FrameGenLayout.IndexPath(indexPath)) else {
            report("asked scenePhoto(at: \(indexPath)), an item the data does not have; answered nil")
            return nil
        }
        guard let library = data.photos, let photo = item.photo else { return nil }
        return ScenePhoto(library, photo, aspectRatio: item.aspectRatio)
    }

    /// framegen's: the photos of `section`'s items in order, the model array of an app's data
    /// source; empty for a section the data does not have.
    public func scenePhotos(inSection section: Int) -> [ScenePhoto] {
        guard let library = data.photos, data.sections.indices.contains(section) else { return [] }
        return data.sections[section].items.compactMap { item in
            item.photo.map { ScenePhoto(library, $0, aspectRatio: item.aspectRatio) }
        }
    }
}

/// What `UIImage(named:)` resolves while framegen drives a UIKit layout: the scene's photos by
/// name. A file answers to its name with and without its extension (the first file in the
/// folder's order wins a shared stem); `photo-N` to generated photo N of the content's items
/// and of the items inserted since.
struct ScenePhotoNames {
    let library: CollectionViewDataSource.PhotoLibrary
    private var files: [String: Int] = [:]

    package init(_ library: CollectionViewDataSource.PhotoLibrary) {
        self.library = library
        for index in library.files.indices.reversed() {
            let name = library.name(ofPhoto: index)
            files[name] = index
            let stem = (name as NSString).deletingPathExtension
            if !stem.isEmpty { files[stem] = index }
        }
    }

    /// The photo named `name`; nil when the scene has none of that name. A file's size comes
    /// from its header (read once per process), a generated photo's from the item showing it
    /// in `data` (generated photos are the items').
    package func photo(named name: String, in data: CollectionViewDataSource) -> ScenePhoto? {
        guard !library.files.isEmpty else {
            let digits = name.dropFirst(6)
            guard name.hasPrefix("photo-"), let n = Int(digits), n >= 0, String(n) == digits,
                let item = ScenePhotoNames.generated(n, in: data), let photo = item.photo
            else { return nil }
            return ScenePhoto(library, photo, aspectRatio: item.aspectRatio)
        }
        guard let index = files[name], let size = DecodedImages.shared.pixelSize(file: library.files[index])
        else { return nil }
        return ScenePhoto(
            library,
            CollectionViewDataSource.Photo(index: index, pixelWidth: size.width, pixelHeight: size.height))
    }

    /// Generated photo `n` as an item of `data` shows it: the item at flat position n while no
    /// item was deleted or inserted before it, else found by a scan.
    private static func generated(_ n: Int, in data: CollectionViewDataSource) -> CollectionViewDataSource
        .Item?
    {
        var rest = n
        for section in data.sections {
            if rest < section.items.count {
                if section.items[rest].photo?.index == n { return section.items[rest] }
                break
            }
            rest -= section.items.count
        }
        for section in data.sections {
            for item in section.items where item.photo?.index == n { return item }
        }
        return nil
    }

    /// The names, for a warning: the first few.
    func examples(_ data: CollectionViewDataSource) -> String {
        let names =
            library.files.isEmpty
            ? (0..<min(3, library.count)).map { "photo-\($0)" }
            : library.files.indices.prefix(3).map { library.name(ofPhoto: $0) }
        let more = (library.files.isEmpty ? library.count : library.files.count) > names.count ? ", ..." : ""
        return names.joined(separator: ", ") + more
    }
}

/// `UIImage(named:)` while framegen drives a UIKit layout and its cells (`Live` binds it):
/// the scene's photos by name; any other name is nil, as UIKit answers for a missing asset, with
/// one warning naming the layout. Reached only under the layout's lock.
package final class ScenePhotoNaming: @unchecked Sendable {
    private var names: ScenePhotoNames?
    private var library: CollectionViewDataSource.PhotoLibrary?
    /// The collection view whose data holds the items' photos.
    package weak var host: UICollectionView?
    private let warn: (String) -> Void

    package init(warn: @escaping (String) -> Void) { self.warn = warn }

    /// The scene's photos, as an instant's data gives them.
    package func use(_ library: CollectionViewDataSource.PhotoLibrary?) {
        guard let library, library != self.library else { return }
        self.library = library
        names = ScenePhotoNames(library)
    }

    package func image(named name: String) -> UIImage? {
        let data = host?.data ?? CollectionViewDataSource()
        if let photo = names?.photo(named: name, in: data) { return photo.image }
        let known = names.map { " (its photos: \($0.examples(data)))" } ?? ""
        warn("UIImage(named: \"\(name)\"): the scene has no image of that name\(known); answered nil")
        return nil
    }
}
