import Foundation
import FrameGenKit
import TestTiers
import Testing

import struct FrameGenLayout.LayoutDescriptor

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

/// A thumbnail as apps write it: an image view filling the content view, aspect-filled and
/// clipped, configured by the data source.
final class PhotoCell: UICollectionViewCell {
    let imageView = UIImageView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        imageView.frame = contentView.bounds
        imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        contentView.addSubview(imageView)
    }

    required init?(coder: NSCoder) { nil }

    override func prepareForReuse() {
        super.prepareForReuse()
        imageView.image = nil
    }
}

/// The data source of an app with a model of photos: each cell shows its item's photo, by
/// name through `UIImage(named:)` as an asset catalog gives it, or the model's image.
final class PhotoDataSource: NSObject, UICollectionViewDataSource {
    let byName: Bool
    init(byName: Bool) { self.byName = byName }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        collectionView.scenePhotos(inSection: section).count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
        let photo = collectionView.scenePhoto(at: indexPath)
        (cell as? PhotoCell)?.imageView.image =
            byName ? photo.flatMap { UIImage(named: $0.name) } : photo?.image
        return cell
    }
}

private func photoLayouts(byName: Bool = false, warnings: LayoutWarnings = LayoutWarnings())
    -> [LayoutDescriptor]
{
    [
        UIKitLayout.descriptor(
            type: "uikit-flow", cells: ["photo": { PhotoCell(frame: $0) }], warnings: warnings
        ) { collectionView in
            collectionView.dataSource = PhotoDataSource(byName: byName)
            return UICollectionViewFlowLayout()
        }
    ]
}

/// A folder with `scene` as s.yaml and three 640 x 480 camera JPEGs in photos/.
private func sceneFolder(_ scene: String, photos: Bool = true) throws -> String {
    let folder = NSTemporaryDirectory() + "framegen-photos-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    if photos { _ = try CameraPhotos.write(count: 3, width: 640, height: 480, into: folder + "/photos") }
    try scene.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    return folder
}

private func flowScene(images: String, layout: String) -> String {
    """
    canvas: {width: 200, height: 300, scale: 2, background: "#000000"}
    seed: 5
    content: {items: 14\(images)}
    layout: {type: \(layout), itemSize: [90, 60], minimumLineSpacing: 7, sectionInset: [5, 7, 5, 7]\(
        layout == "flow" ? "" : ", cell: photo")}
    fps: 10
    timeline:
      - scroll: {to: [0, 131.5], duration: 0.2}
      - delete: {items: [[0, 7]], duration: 0.3, curve: linear}
    """
}

/// An image view showing a scene photo draws the pixels the scene's cell style draws for the
/// same photo at the same rect: the same texture, mip levels and (for JPEGs) reduced decodes.
/// Through a delete, each cell keeps its item's photo: the deleted item's fades out where it
/// was, the others move up with theirs, as UIKit moves cells with their items.
@Test(arguments: ["", ", images: photos/"])
func aScenePhotoInAnImageViewDrawsAsTheCellStyle(images: String) throws {
    let folder = try sceneFolder(flowScene(images: images, layout: "flow"))
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try flowScene(images: images, layout: "uikit-flow").write(
        toFile: folder + "/u.yaml", atomically: true, encoding: .utf8)
    let builtIn = try SceneRenderer(file: folder + "/s.yaml")
    for byName in [false, true] {
        let cells = try SceneRenderer(file: folder + "/u.yaml", layouts: photoLayouts(byName: byName))
        expect(cells.source.frameCount == 6)
        // At rest, scrolled (whole pixels: kept drawings), mid-delete, the end.
        for frame in byName ? [3] : [0, 2, 3, 5] {
            let (a, b) = (try cells.render(frame: frame), try builtIn.render(frame: frame))
            expect(a.rgba == b.rgba, "frame \(frame), by name: \(byName)")
        }
    }
}

/// `scenePhoto(at:)` and `scenePhotos(inSection:)` are the app's model: each item's photo, its
/// name (`UIImage(named:)` resolves it) and size; items keep their photos through a delete.
@Test func scenePhotosAreTheItemsPhotosByName() throws {
    let folder = try sceneFolder(
        """
        content: {sections: [2, 3], images: photos/}
        layout: {type: flow}
        """)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let data = try SceneData(scene(folder))
    let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    view.data = data.dataSource
    let photo = try #require(view.scenePhoto(at: IndexPath(item: 1, section: 1)))
    // Item 3 over the sections shows the fourth photo: the three files cycle.
    expect(photo.name == "photo-001.jpg")
    expect(photo.pixelSize == CGSize(width: 640, height: 480) && photo.size == photo.pixelSize)
    expect(photo.aspectRatio == 640.0 / 480)
    expect(photo.image.size == CGSize(width: 640, height: 480) && photo.image.scale == 1)
    expect(view.scenePhotos(inSection: 0).map(\.name) == ["photo-001.jpg", "photo-002.jpg"])
    expect(
        view.scenePhotos(inSection: 1).map(\.name) == ["photo-003.jpg", "photo-001.jpg", "photo-002.jpg"])
    expect(view.scenePhotos(inSection: 2).isEmpty)
    var warned: [String] = []
    view.report = { warned.append($0) }
    expect(view.scenePhoto(at: IndexPath(item: 5, section: 0)) == nil)
    expect(warned.count == 1)

    let lines = LinesBox()
    let naming = ScenePhotoNaming { lines.append($0) }
    naming.host = view
    naming.use(data.dataSource.photos)
    expect(naming.image(named: "photo-002.jpg")?.scenePhoto?.name == "photo-002.jpg")
    expect(naming.image(named: "photo-003")?.scenePhoto?.source == folder + "/photos/photo-003.jpg")
    expect(naming.image(named: "photo-004.jpg") == nil)
    expect(
        lines.all.count == 1 && lines.all[0].contains("UIImage(named: \"photo-004.jpg\")"), "\(lines.all)")
}

@Test func generatedPhotosAreNamedByTheirItem() throws {
    let folder = try sceneFolder(
        """
        seed: 9
        content: {items: 4}
        layout: {type: flow}
        timeline: [{delete: {items: [[0, 1]]}}]
        """, photos: false)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let timeline = try Timeline(scene(folder))
    let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    view.data = timeline.data.dataSource
    expect(view.scenePhotos(inSection: 0).map(\.name) == ["photo-0", "photo-1", "photo-2", "photo-3"])
    let lines = LinesBox()
    let naming = ScenePhotoNaming { lines.append($0) }
    naming.host = view
    naming.use(view.data.photos)
    let two = try #require(naming.image(named: "photo-2")?.scenePhoto)
    expect(two.source == "generated:photo/9/2" && two == view.scenePhoto(at: IndexPath(item: 2, section: 0)))
    expect(naming.image(named: "photo-4") == nil && naming.image(named: "photo-02") == nil)
    expect(lines.all.count == 2)
}

private func scene(_ folder: String) throws -> Scene {
    let text = try String(contentsOfFile: folder + "/s.yaml", encoding: .utf8)
    return try Scene(document: parseDocument(text, file: "s.yaml"), folder: folder)
}

/// Lines written by a warning sink, read by the test.
final class LinesBox: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
