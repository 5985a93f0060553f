import Foundation
import FrameGenCodecs
import FrameGenGeometry
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenRender
@testable import FrameGenScene

/// FNV-1a over the pixel bytes: a compact fingerprint to compare renders.
private func fingerprint(_ image: Image) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for b in image.bytes {
        h ^= UInt64(b)
        h = h &* 0x100_0000_01B3
    }
    return h
}

/// Per-channel variance of an opaque image's R, G and B.
private func channelVariances(_ image: Image) -> [Double] {
    (0..<3).map { c in
        var sum = 0.0
        var squares = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let v = Double(image.bytes[y * image.stride + x * 4 + c])
                sum += v
                squares += v * v
            }
        }
        let n = Double(image.width * image.height)
        return squares / n - (sum / n) * (sum / n)
    }
}

@Suite struct ContentGeneratedTests {
    let text = TextRenderer()

    @Test func sameSeedSamePixelsAndDifferentSeedsDiffer() throws {
        let a = try generatedPhoto(seed: 7, index: 3, longSide: 96, text: text)
        let b = try generatedPhoto(seed: 7, index: 3, longSide: 96, text: text)
        expect(a == b)
        expect(fingerprint(a) == fingerprint(b))
        let otherSeed = try generatedPhoto(seed: 8, index: 3, longSide: 96, text: text)
        let otherIndex = try generatedPhoto(seed: 7, index: 4, longSide: 96, text: text)
        expect(fingerprint(otherSeed) != fingerprint(a))
        expect(fingerprint(otherIndex) != fingerprint(a))
        try expect(
            fingerprint(try generatedBackgroundPattern(seed: 7, pixelSize: 64))
                == fingerprint(try generatedBackgroundPattern(seed: 7, pixelSize: 64)))
        try expect(
            fingerprint(try generatedBackgroundPattern(seed: 7, pixelSize: 64))
                != fingerprint(try generatedBackgroundPattern(seed: 9, pixelSize: 64)))
        try expect(generatedEmblem(pixelSize: 64) == generatedEmblem(pixelSize: 64))
    }

    @Test func aspectRatiosStayWithinHalfAndTwoAndVary() {
        for seed: UInt64 in [0, 7, 12345] {
            let ratios = (0..<400).map { generatedAspectRatio(seed: seed, index: $0) }
            expect(ratios.allSatisfy { $0 >= 0.5 && $0 <= 2 })
            // Portraits and landscapes alike, and many distinct shapes.
            let portraits = ratios.filter { $0 < 0.9 }.count
            let landscapes = ratios.filter { $0 > 1.1 }.count
            expect(portraits > 100 && landscapes > 100, "\(portraits) portraits, \(landscapes) landscapes")
            expect(Set(ratios).count > 150)
            // Item i's ratio does not depend on how many items were asked for.
            expect(generatedAspectRatio(seed: seed, index: 399) == ratios[399])
        }
    }

    @Test func photoSizeFollowsTheAspectRatio() throws {
        for index in 0..<12 {
            let ratio = generatedAspectRatio(seed: 7, index: index)
            let size = generatedPhotoSize(seed: 7, index: index, longSide: 80)
            expect(max(size.width, size.height) == 80)
            if ratio >= 1 {
                expect(size.height == Int((80 / ratio).rounded()))
            } else {
                expect(size.width == Int((80 * ratio).rounded()))
            }
            let photo = try generatedPhoto(seed: 7, index: index, longSide: 80, text: text)
            expect(photo.width == size.width && photo.height == size.height)
            expect(photo.isOpaque)
        }
    }

    @Test func photosAreNotFlat() throws {
        for index in 0..<10 {
            let photo = try generatedPhoto(seed: 21, index: index, longSide: 96, text: text)
            let variances = channelVariances(photo)
            // A standard deviation of at least 8 levels in every channel: gradients and shapes,
            // not a flat fill with grain.
            expect(variances.allSatisfy { $0 > 64 }, "photo \(index): \(variances)")
        }
    }

    @Test func photosShowTheirNumberInWhiteAtTheCentre() throws {
        let photo = try generatedPhoto(seed: 3, index: 42, longSide: 160, text: text)
        let relabelled = try generatedPhoto(seed: 3, index: 42, longSide: 160, label: "7", text: text)
        expect(photo != relabelled)
        // The digits are the only pure white in the badge region (the badge darkens the photo).
        let cx = photo.width / 2
        let cy = photo.height / 2
        var white = 0
        for y in cy - 12..<cy + 12 {
            for x in cx - 20..<cx + 20 where photo[x, y] == Pixel(r: 255, g: 255, b: 255, a: 255) {
                white += 1
            }
        }
        expect(white > 20)
    }

    @Test func photosAreTheSameOnEveryThread() async throws {
        let serial = try (0..<6).map { try generatedPhoto(seed: 5, index: $0, longSide: 64, text: text) }
        let parallel = try await withThrowingTaskGroup(of: (Int, Image).self) { group in
            for i in 0..<6 {
                group.addTask { (i, try generatedPhoto(seed: 5, index: i, longSide: 64, text: text)) }
            }
            return try await group.reduce(into: [Int: Image]()) { $0[$1.0] = $1.1 }
        }
        for i in 0..<6 { expect(parallel[i] == serial[i]) }
    }

    @Test func emblemIsABadgeOnTransparency() throws {
        let n = 100
        let emblem = try generatedEmblem(pixelSize: n)
        expect(emblem.width == n && emblem.height == n)
        expect(emblem[0, 0].a == 0 && emblem[n - 1, 0].a == 0)
        // The badge is opaque inside, and the camera body white left of the lens.
        expect(emblem[n / 2, n / 8].a == 255)
        expect(emblem[n / 2 - 20, 54] == Pixel(r: 255, g: 255, b: 255, a: 255))
        // The lens is dark glass at the centre of the body.
        let lens = emblem[n / 2, 55]
        expect(lens.a == 255 && Int(lens.r) + Int(lens.g) + Int(lens.b) < 300)
    }

    @Test func patternTilesWithoutASeam() throws {
        let n = 96
        let tile = try generatedBackgroundPattern(seed: 11, pixelSize: n)
        expect(tile.isOpaque)
        func luma(_ x: Int, _ y: Int) -> Double { Double(tile[(x + n) % n, (y + n) % n].g) }
        // The step across the boundary before column (row) k: the mean of the 4 columns left of
        // it against the 4 right of it, per row, averaged. Band means let the smooth mottle show
        // through the per-pixel grain, so a seam in any ingredient stands out.
        let band = 4
        func columnStep(_ k: Int) -> Double {
            (0..<n).reduce(0.0) { sum, y in
                let left = (1...band).reduce(0.0) { $0 + luma(k - $1, y) }
                let right = (0..<band).reduce(0.0) { $0 + luma(k + $1, y) }
                return sum + abs(left - right) / Double(band)
            } / Double(n)
        }
        func rowStep(_ k: Int) -> Double {
            (0..<n).reduce(0.0) { sum, x in
                let above = (1...band).reduce(0.0) { $0 + luma(x, k - $1) }
                let below = (0..<band).reduce(0.0) { $0 + luma(x, k + $1) }
                return sum + abs(above - below) / Double(band)
            } / Double(n)
        }
        let insideColumns = (band..<n - band).map(columnStep)
        let insideRows = (band..<n - band).map(rowStep)
        let meanColumns = insideColumns.reduce(0, +) / Double(insideColumns.count)
        let meanRows = insideRows.reduce(0, +) / Double(insideRows.count)
        expect(columnStep(0) <= insideColumns.max()!, "\(columnStep(0)) vs \(insideColumns.max()!)")
        expect(rowStep(0) <= insideRows.max()!, "\(rowStep(0)) vs \(insideRows.max()!)")
        expect(columnStep(0) <= meanColumns * 1.5, "\(columnStep(0)) vs \(meanColumns)")
        expect(rowStep(0) <= meanRows * 1.5, "\(rowStep(0)) vs \(meanRows)")
        // Textured, but subtle: a dark grey with a few levels of variation.
        let v = channelVariances(tile)
        expect(v.allSatisfy { $0 > 2 && $0 < 200 }, "\(v)")
    }

    @Test func patternNoiseRepeatsExactlyOverItsPeriod() {
        // The pattern's smooth mottle samples this noise over exactly one period across the
        // tile; the image-level seam test above cannot see a seam as faint as the mottle.
        var random = SeededRandom(seed: 3)
        let noise = ValueNoise2D(random: &random, period: 8)
        for (x, y) in [(0.0, 0.0), (0.3, 7.9), (5.25, 2.5), (7.99, 0.01)] as [(Float, Float)] {
            let v = noise.fractal(x, y, octaves: 3)
            // Equal up to Float rounding of the shifted coordinate.
            expect(abs(noise.fractal(x + 8, y, octaves: 3) - v) < 1e-5)
            expect(abs(noise.fractal(x, y + 8, octaves: 3) - v) < 1e-5)
            expect(abs(noise.fractal(x - 8, y - 16, octaves: 3) - v) < 1e-5)
        }
        // Continuous across the wrap: the value just below the period meets the one at 0.
        expect(abs(noise.value(7.999, 3) - noise.value(0, 3)) < 0.01)
    }

    @Test func portableDecayFollowsExp() {
        // Generated content avoids libm (its last bit differs between C libraries); the
        // replacement must still be e^-x to within 0.1 % (Float rounding included).
        for i in 0...160 {
            let x = Float(i) * 0.1
            let expected = Foundation.exp(-x)
            expect(abs(decay(x) - expected) <= expected * 0.001, "x = \(x)")
        }
        expect(decay(0) == 1)
        expect(decay(1000) < 1e-6 && decay(1000) >= 0)
        expect(decay(-3) == 1)
    }

    @Test func sizesOutOfRangeAreErrors() {
        #expect(throws: FrameGenError.self) { try generatedPhoto(seed: 1, index: 0, longSide: 0, text: text) }
        #expect(throws: FrameGenError.self) {
            try generatedPhoto(seed: 1, index: 0, longSide: 2049, text: text)
        }
        // The smallest size still draws every part (the badge is then wider than the photo).
        for index in 0..<24 {
            let tiny = try? generatedPhoto(seed: 1, index: index, longSide: 16, text: text)
            expect(tiny.map { max($0.width, $0.height) } == 16)
        }
        #expect(throws: FrameGenError.self) { try generatedEmblem(pixelSize: 100_000) }
        #expect(throws: FrameGenError.self) { try generatedBackgroundPattern(seed: 1, pixelSize: -1) }
    }
}

@Suite struct ContentImageSourceTests {
    let text = TextRenderer()

    /// A fresh folder under the system temporary directory, removed by the caller.
    private func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "framegen-content-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func solid(_ width: Int, _ height: Int, _ value: UInt8) -> Image {
        Image(width: width, height: height, fill: Pixel(r: value, g: 0, b: 0, a: 255))
    }

    @Test func folderIsSortedByNameAndCycled() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try PNG.write(solid(4, 2, 20), to: folder + "/b.png")
        try PNG.write(solid(2, 4, 10), to: folder + "/a.png")
        try PNG.write(solid(3, 3, 30), to: folder + "/c.PNG")
        try PNG.write(solid(3, 3, 99), to: folder + "/.hidden.png")
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        try FileManager.default.createDirectory(atPath: folder + "/d.png", withIntermediateDirectories: false)

        let images = try ContentImages(.folder(folder))
        expect(images.files == [folder + "/a.png", folder + "/b.png", folder + "/c.PNG"])
        let expected: [UInt8] = [10, 20, 30, 10, 20, 30, 10]
        for (index, red) in expected.enumerated() {
            let image = try images.image(forItem: index, text: text)
            expect(image[0, 0].r == red)
        }
        try expect(images.aspectRatio(forItem: 0) == 0.5)
        try expect(images.aspectRatio(forItem: 4) == 2)
        try expect(images.aspectRatio(forItem: 5) == 1)
    }

    @Test func relativeFolderAndFileListsUseTheBaseDirectory() throws {
        let base = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/photos", withIntermediateDirectories: false)
        try PNG.write(solid(2, 2, 50), to: base + "/photos/one.png")
        try PNG.write(solid(2, 2, 60), to: base + "/two.png")
        let folder = try ContentImages(.folder("photos/"), baseDirectory: base)
        expect(folder.files == [base + "/photos/one.png"])
        let list = try ContentImages(.files(["two.png", "photos/one.png"]), baseDirectory: base)
        try expect(list.image(forItem: 0, text: text)[0, 0].r == 60)
        try expect(list.image(forItem: 1, text: text)[0, 0].r == 50)
        try expect(list.image(forItem: 2, text: text)[0, 0].r == 60)
    }

    @Test func folderWithoutPNGsIsAnError() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/readme.txt"))
        #expect {
            try ContentImages(.folder(folder))
        } throws: { error in
            guard let error = error as? FrameGenError else { return false }
            return error.kind == .badInput && error.file == folder
                && error.message.contains("no PNG files")
        }
        #expect(throws: FrameGenError.self) { try ContentImages(.folder(folder + "/missing")) }
        #expect(throws: FrameGenError.self) { try ContentImages(.files([folder + "/missing.png"])) }
        #expect(throws: FrameGenError.self) { try ContentImages(.files([])) }
    }

    @Test func aBrokenImageFileIsAnErrorNamingIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("not a png at all".utf8).write(to: URL(fileURLWithPath: folder + "/broken.png"))
        let images = try ContentImages(.folder(folder))
        #expect {
            try images.image(forItem: 0, text: text)
        } throws: { error in
            (error as? FrameGenError)?.file == folder + "/broken.png"
        }
        #expect(throws: FrameGenError.self) { try images.aspectRatio(forItem: 0) }
    }

    @Test func generatedSourceUsesTheSeed() throws {
        let images = try ContentImages(.generated(seed: 7))
        expect(images.files.isEmpty && images.file(forItem: 3) == nil)
        try expect(images.aspectRatio(forItem: 3) == generatedAspectRatio(seed: 7, index: 3))
        try expect(
            try images.image(forItem: 3, longSide: 64, text: text)
                == generatedPhoto(seed: 7, index: 3, longSide: 64, text: text))
    }
}
