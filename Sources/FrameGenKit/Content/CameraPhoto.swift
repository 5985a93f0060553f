import Codecs
import Dispatch
import Foundation
import Geometry
import Raster
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
        let sx = Double(sw) / Double(width)
        let sy = Double(sh) / Double(height)
        source.bytes.withUnsafeBufferPointer { src in
            out.bytes.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let fy = max(0, (Double(y) + 0.5) * sy - 0.5)
                    let y0 = min(Int(fy), sh - 1)
                    let y1 = min(y0 + 1, sh - 1)
                    let wy = Int((fy - Double(y0)) * 256)
                    for x in 0..<width {
                        let fx = max(0, (Double(x) + 0.5) * sx - 0.5)
                        let x0 = min(Int(fx), sw - 1)
                        let x1 = min(x0 + 1, sw - 1)
                        let wx = Int((fx - Double(x0)) * 256)
                        let noise = Int(random.next() % UInt64(2 * grain + 1)) - grain
                        let o = (y * width + x) * 4
                        for c in 0..<3 {
                            let a = Int(src[y0 * source.stride + x0 * 4 + c])
                            let b = Int(src[y0 * source.stride + x1 * 4 + c])
                            let d = Int(src[y1 * source.stride + x0 * 4 + c])
                            let e = Int(src[y1 * source.stride + x1 * 4 + c])
                            let top = a * (256 - wx) + b * wx
                            let bottom = d * (256 - wx) + e * wx
                            let v = (top * (256 - wy) + bottom * wy + 32768) >> 16
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
                    throw ImageTool.frameGenError(error, file: paths[i])
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
