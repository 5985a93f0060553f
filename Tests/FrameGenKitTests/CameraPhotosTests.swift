import Foundation
import FrameGenCodecs
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenRender
@testable import FrameGenScene
@testable import FrameGenTools

/// Generated camera photos (`framegen image photos`, `bench --camera-photos`): the same bytes
/// for the same options, the asked size, real JPEGs a scene can show.
@Suite struct CameraPhotosTests {
    @Test func photosAreDeterministicOpaqueAndOfTheAskedSize() throws {
        let a = try CameraPhotos.image(seed: 4, index: 2, width: 64, height: 48)
        expect(a.width == 64 && a.height == 48 && a.isOpaque)
        try expect(CameraPhotos.image(seed: 4, index: 2, width: 64, height: 48) == a)
        try expect(CameraPhotos.image(seed: 4, index: 3, width: 64, height: 48) != a)
        #expect(throws: FrameGenError.self) {
            try CameraPhotos.image(seed: 1, index: 0, width: 8, height: 48)
        }
    }

    @Test func writtenFilesAreJPEGsOfTheAskedSizeAndTheSameBytesAgain() throws {
        let folder = NSTemporaryDirectory() + "framegen-camera-test-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try CameraPhotos.write(count: 3, width: 80, height: 60, quality: 80, into: folder + "/a")
        expect(
            paths.map { ($0 as NSString).lastPathComponent } == [
                "photo-001.jpg", "photo-002.jpg", "photo-003.jpg",
            ])
        for path in paths {
            let info = try ImageFile.readInfo(file: path)
            expect(info.format == .jpeg && info.width == 80 && info.height == 60)
        }
        let again = try CameraPhotos.write(count: 3, width: 80, height: 60, quality: 80, into: folder + "/b")
        for (p, q) in zip(paths, again) {
            expect(FileManager.default.contents(atPath: p) == FileManager.default.contents(atPath: q))
        }
        #expect(throws: FrameGenError.self) {
            try CameraPhotos.write(count: 0, into: folder + "/c")
        }
        // An unwritable place is status 3, naming it.
        #expect {
            try CameraPhotos.write(count: 1, width: 16, height: 16, into: "/proc/framegen-cannot-write")
        } throws: { ($0 as? FrameGenError)?.kind == .cannotWrite }
    }

    /// The whole benchmark on small photos: every frame rendered from the JPEGs.
    @Test func theCameraPhotoBenchRendersEveryFrame() throws {
        let r = try CameraPhotosBench.run(
            jobs: 2, compression: .fast, count: 4, width: 64, height: 48, scale: 0.25)
        expect(r.photos == 4 && r.frames > 10 && r.renderSeconds > 0 && r.peakMemoryMB > 0)
        let line = CameraPhotosBench.report(r, json: false)
        expect(line.contains("4 JPEGs of 64 x 48 px") && line.contains("frames in"))
        let json = try JSONSerialization.jsonObject(with: Data(CameraPhotosBench.report(r, json: true).utf8))
        expect((json as? [String: Any])?["frames"] as? Int == r.frames)
    }
}
