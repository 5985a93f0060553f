import Foundation
import FrameGenCodecs
import FrameGenRender
import FrameGenScene

#if canImport(Glibc)
    import Glibc
#endif

/// `framegen bench --camera-photos`: a user's thumbnails as camera JPEGs. Generated
/// 12-megapixel photos (`CameraPhotos`, the same bytes on every machine) in a flow grid at scale
/// 3, flung once, rendered as `framegen render --jobs N` renders it (decoding, drawing, encoding
/// and writing every frame), timed as a whole with the process's peak memory. The photos and
/// frames go to a temporary folder that is removed afterwards.
public enum CameraPhotosBench {
    public struct Result: Sendable {
        public var photos: Int
        public var width: Int
        public var height: Int
        public var photoMegabytes: Double
        public var generateSeconds: Double
        public var frames: Int
        public var jobs: Int
        public var renderSeconds: Double
        /// The render's peak resident memory (the photos' generation before it does not count
        /// where Linux lets the peak be reset).
        public var peakMemoryMB: Double
        /// The CPU paths the figures hold on.
        public var isa = CPUPaths.current

        public var framesPerSecond: Double { Double(frames) / max(renderSeconds, 1e-9) }
    }

    /// The scene, with its photos in `photos/` beside it.
    public static let scene = """
        # 60 camera photos (4000 x 3000, JPEG quality 88) in a flow grid at scale 3, flung once (30 fps).
        name: camera-photos
        canvas: {width: 390, height: 844, scale: 3, background: "#000000"}
        fps: 30
        content: {items: 60, images: photos/}
        layout: {type: flow, itemSize: [128, 128], minimumLineSpacing: 3, minimumInteritemSpacing: 3}
        cell: {contentMode: aspectFill, clipsToBounds: true}
        timeline:
          - fling: {velocity: [0, 2500]}
        """

    public static func run(
        jobs: Int, compression: RenderOptions.Compression?, count: Int = 60,
        width: Int = CameraPhotos.defaultWidth, height: Int = CameraPhotos.defaultHeight, scale: Double? = nil
    ) throws(FrameGenError) -> Result {
        let root = NSTemporaryDirectory() + "framegen-camera-photos-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let t0 = BenchTool.now()
        let paths = try CameraPhotos.write(count: count, width: width, height: height, into: root + "/photos")
        let generateSeconds = BenchTool.now() - t0
        let bytes = paths.reduce(0) {
            $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0)
        }
        let scenePath = root + "/camera-photos.yaml"
        do {
            try FileIO.writeAtomically(Array(scene.utf8), to: scenePath)
        } catch {
            throw FrameGenError(.cannotWrite, file: scenePath, error.reason)
        }
        let source = try FrameSource.load(scenePath, fps: nil)
        resetPeakMemory()
        let t1 = BenchTool.now()
        let summary = try RenderPipeline.run(
            source,
            options: RenderOptions(
                directory: root + "/frames", scale: scale, jobs: jobs, compression: compression, force: true))
        let renderSeconds = BenchTool.now() - t1
        return Result(
            photos: count, width: width, height: height, photoMegabytes: Double(bytes) / 1_048_576,
            generateSeconds: generateSeconds,
            frames: summary.rendered, jobs: jobs, renderSeconds: renderSeconds, peakMemoryMB: peakMemoryMB())
    }

    public static func report(_ r: Result, json: Bool) -> String {
        if json {
            return
                "{\"scene\": \"camera-photos\", \"photos\": \(r.photos), \"photoMegabytes\": \(jsonNumber(r.photoMegabytes)), \"frames\": \(r.frames), \"jobs\": \(r.jobs), \"renderSeconds\": \(jsonNumber(r.renderSeconds)), \"framesPerSecond\": \(jsonNumber(r.framesPerSecond)), \"peakMemoryMB\": \(jsonNumber(r.peakMemoryMB.rounded())), \"generateSeconds\": \(jsonNumber(r.generateSeconds)), \"isa\": \(r.isa.json)}\n"
        }
        return """
            \(r.isa.line)
            camera-photos: \(r.photos) JPEGs of \(r.width) x \(r.height) px (\(String(format: "%.0f", r.photoMegabytes)) MB, \
            made in \(String(format: "%.1f", r.generateSeconds)) s), flow grid at scale 3, flung once
            render: \(r.frames) frames in \(String(format: "%.1f", r.renderSeconds)) s with --jobs \(r.jobs) \
            (\(String(format: "%.1f", r.framesPerSecond)) frames/s), peak \(String(format: "%.0f", r.peakMemoryMB)) MB

            """
    }

    /// Linux resets the peak resident size (VmHWM) when "5" is written to /proc/self/clear_refs.
    static func resetPeakMemory() {
        guard let f = fopen("/proc/self/clear_refs", "w") else { return }
        fputs("5", f)
        fclose(f)
    }

    /// VmHWM from /proc/self/status where there is one, else getrusage's lifetime peak.
    static func peakMemoryMB() -> Double {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kB = Double(line.split(separator: " ").dropFirst().first ?? "")
        {
            return kB / 1024
        }
        return BenchTool.peakMemoryMB()
    }
}
