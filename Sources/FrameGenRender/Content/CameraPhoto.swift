import Dispatch
import Foundation
import FrameGenCodecs
import FrameGenGeometry
import FrameGenRaster
import FrameGenScene
import Synchronization

/// Camera-sized JPEG photos that anyone can make again (`framegen image photos`, `framegen bench
/// --camera-photos`): what a user's thumbnails often are, 12 megapixels at quality 88 or so. A
/// generated landscape is painted at a quarter of the size, enlarged bilinearly and given
/// per-pixel sensor grain, so each file carries a camera file's fine detail and its JPEG costs
/// what a real one costs to decode (about 2 bits a pixel), at a fraction of the time painting
/// 12 megapixels would take.
public enum CameraPhotos {
    public static let defaultWidth = 4000
    public static let defaultHeight = 3000
    public static let defaultQuality = 88

    /// Photo `index` of `seed` at `width` x `height` (each 16...8192), opaque.
    public static func image(seed: UInt64, index: Int, width: Int, height: Int) throws(FrameGenError) -> Image
    {
        guard (16...8192).contains(width), (16...8192).contains(height) else {
            throw .badInput(nil, "a camera photo is 16 to 8192 px a side, not \(width) x \(height)")
        }
        var random = ContentRandom.stream(seed: seed, index: index, salt: ContentRandom.cameraSalt)
        let theme = LandscapeTheme.all[random.next(below: LandscapeTheme.all.count)]
        var painter = LandscapePainter(
            width: (width + 3) / 4, height: (height + 3) / 4, theme: theme,
            random: ContentRandom.stream(seed: seed, index: index, salt: ContentRandom.cameraSalt &+ 1))
        var small = random
        let painted = painter.paint().finished(vignette: 0.3, grain: 0, random: &small)
        return enlarged(painted, width: width, height: height, grain: 10, random: &random)
    }

    /// `source` stretched bilinearly to `width` x `height` (texel centres aligned), plus uniform
    /// monochrome grain of +-`grain` levels per pixel.
    static func enlarged(_ source: Image, width: Int, height: Int, grain: Int, random: inout SeededRandom)
        -> Image
    {
        var out = Image(width: width, height: height)
        let (sw, sh) = (source.width, source.height)
        // A destination pixel's centre in source pixels, in 1/256ths and integers only: (2i + 1)
        // * source / (2 * destination) - 1/2, at least 0.
        func position(_ i: Int, _ from: Int, _ to: Int) -> (index: Int, next: Int, weight: Int) {
            let p = max(0, ((2 * i + 1) * from * 256) / (2 * to) - 128)
            let index = min(p >> 8, from - 1)
            return (index, min(index + 1, from - 1), p & 255)
        }
        let columns = (0..<width).map { position($0, sw, width) }
        source.bytes.withUnsafeBufferPointer { src in
            out.bytes.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let (y0, y1, wy) = position(y, sh, height)
                    let (top, bottom) = (y0 * source.stride, y1 * source.stride)
                    for x in 0..<width {
                        let (x0, x1, wx) = columns[x]
                        let noise = Int(truncatingIfNeeded: random.next() % UInt64(2 * grain + 1)) - grain
                        let o = (y * width + x) * 4
                        for c in 0..<3 {
                            let upper =
                                Int(src[top + x0 * 4 + c]) * (256 - wx) + Int(src[top + x1 * 4 + c]) * wx
                            let lower =
                                Int(src[bottom + x0 * 4 + c]) * (256 - wx) + Int(src[bottom + x1 * 4 + c])
                                * wx
                            let v = (upper * (256 - wy) + lower * wy + 32768) >> 16
                            dst[o + c] = UInt8(clamping: v + noise)
                        }
                        dst[o + 3] = 255
                    }
                }
            }
        }
        return out
    }

    /// Writes `count` photos as `photo-001.jpg`... into `folder` (created if missing), two or more
    /// at a time; returns their paths. Each file appears whole or not at all.
    public static func write(
        count: Int, width: Int = defaultWidth, height: Int = defaultHeight, quality: Int = defaultQuality,
        seed: UInt64 = 1, into folder: String
    ) throws(FrameGenError) -> [String] {
        guard (1...10_000).contains(count) else {
            throw .badInput(nil, "--count must be 1-10000, not \(count)")
        }
        guard (1...100).contains(quality) else {
            throw .badInput(nil, "--quality must be 1-100, not \(quality)")
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FrameGenError(.cannotWrite, file: folder, "cannot create the folder")
        }
        let digits = max(3, String(count).count)
        let paths = (1...count).map { i in
            folder + "/photo-" + String(repeating: "0", count: max(0, digits - String(i).count)) + "\(i).jpg"
        }
        let failures = Mutex<[Int: FrameGenError]>([:])
        DispatchQueue.concurrentPerform(iterations: count) { i in
            do throws(FrameGenError) {
                let image = try CameraPhotos.image(seed: seed, index: i, width: width, height: height)
                let bytes: [UInt8]
                do throws(ImageFileError) { bytes = try JPEG.encode(image, quality: quality) } catch {
                    throw FrameGenError(image: error, file: paths[i])
                }
                do throws(FileIOError) {
                    try FileIO.writeAtomically(bytes, to: paths[i])
                } catch {
                    throw FrameGenError(.cannotWrite, file: paths[i], error.reason)
                }
            } catch {
                failures.withLock { $0[i] = error }
            }
        }
        if let first = failures.withLock({ $0.min { $0.key < $1.key }?.value }) { throw first }
        return paths
    }
}
