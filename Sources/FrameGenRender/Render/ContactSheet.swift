import FrameGenCodecs
import FrameGenCompositor
import FrameGenScene
import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster
import FrameGenText

/// `framegen sheet`: frames of a render side by side on one PNG, each labelled with its
/// number and time, to review a whole animation at a glance. From a folder of frames it reads
/// the PNGs (one at a time); from a scene or attribute file it renders only the frames it shows,
/// in memory, straight at the thumbnail's size.
public enum ContactSheet {
    public struct Options: Sendable {
        /// Frames shown, evenly spread, the first and last included.
        public var count: Int
        /// Cells per row; nil: the count that makes the sheet closest to 16:9 with the fewest
        /// empty cells.
        public var columns: Int?
        /// Width of each frame on the sheet in pixels; nil: the frame's, at most `defaultWidth`.
        public var width: Int?
        /// Frames per second for the labels; nil: the folder's manifest or the scene's.
        public var fps: Double?
        /// The layout types a scene may name.
        public var layouts: [LayoutDescriptor]

        public static let defaultWidth = 320
        public static let maximumCount = 1000

        public init(
            count: Int = 12, columns: Int? = nil, width: Int? = nil, fps: Double? = nil,
            layouts: [LayoutDescriptor] = LayoutRegistry.builtIn
        ) {
            self.layouts = layouts
            self.count = count
            self.columns = columns
            self.width = width
            self.fps = fps
        }
    }

    /// Where the cells lie on the sheet, in pixels.
    public struct Grid: Sendable, Equatable {
        public var columns: Int
        public var rows: Int
        public var cellWidth: Int
        public var cellHeight: Int
        public var labelHeight: Int
        public static let gap = 8

        public var width: Int { Self.gap + columns * (cellWidth + Self.gap) }
        public var height: Int { Self.gap + rows * (cellHeight + labelHeight + Self.gap) }

        /// The top-left corner of cell `k`'s frame (cells fill rows left to right).
        public func origin(ofCell k: Int) -> (x: Int, y: Int) {
            (
                Self.gap + (k % columns) * (cellWidth + Self.gap),
                Self.gap + (k / columns) * (cellHeight + labelHeight + Self.gap)
            )
        }

        init(count: Int, columns: Int?, cellWidth: Int, cellHeight: Int) {
            self.cellWidth = cellWidth
            self.cellHeight = cellHeight
            labelHeight = (Self.textSize(cellWidth) * 1.8).rounded(.up).clampedInt(
                in: pixelCoordinateRange, nan: 0)
            func shape(_ c: Int) -> (Int, Int) { (c, (count + c - 1) / c) }
            var best = columns ?? 1
            if columns == nil {
                // The column count whose sheet is closest to 16:9.
                var bestError = Double.infinity
                for c in 1...count {
                    let (cols, rows) = shape(c)
                    let w = Double(Self.gap + cols * (cellWidth + Self.gap))
                    let h = Double(Self.gap + rows * (cellHeight + labelHeight + Self.gap))
                    let ratio = w / h / (16.0 / 9.0)
                    // Empty cells in the last row count against a shape.
                    let error = max(ratio, 1 / ratio) * (1 + Double(cols * rows - count) / Double(count))
                    if error < bestError - 1e-9 {
                        bestError = error
                        best = c
                    }
                }
            }
            (self.columns, rows) = shape(min(best, count))
        }

        /// The label's font size in pixels for a cell width.
        static func textSize(_ cellWidth: Int) -> Double { min(16, max(9, Double(cellWidth) * 0.07)) }
    }

    /// What a sheet shows.
    public struct Summary: Sendable {
        public var frames: [Int]
        public var grid: Grid
    }

    /// `count` of `frames` spread evenly, the first and the last included.
    static func pick(_ count: Int, of frames: [Int]) -> [Int] {
        guard count < frames.count else { return frames }
        guard count > 1 else { return [frames[0]] }
        return (0..<count).map { k in
            frames[
                (Double(k) * Double(frames.count - 1) / Double(count - 1)).rounded().clampedInt(
                    in: pixelCoordinateRange, nan: 0)]
        }
    }

    /// "12 · 0.40 s" (the time only when the frame rate is known).
    static func label(_ frame: Int, fps: Double?) -> String {
        guard let fps else { return "\(frame)" }
        let centis = (Double(frame) / fps * 100).rounded().clampedInt(in: pixelCoordinateRange, nan: 0)
        let fraction = String(centis % 100)
        return "\(frame) · \(centis / 100).\(fraction.count < 2 ? "0" + fraction : fraction) s"
    }

    /// Reads or renders the frames of `input` (a folder of frames, a scene or an attribute file)
    /// and writes the sheet to `output`.
    public static func write(input: String, to output: String, options: Options) throws(FrameGenError)
        -> Summary
    {
        guard (1...Options.maximumCount).contains(options.count) else {
            throw .badInput(nil, "--count must be 1-\(Options.maximumCount)")
        }
        if let c = options.columns, !(1...Options.maximumCount).contains(c) {
            throw .badInput(nil, "--columns must be 1-\(Options.maximumCount)")
        }
        if let w = options.width, !(16...4096).contains(w) {
            throw .badInput(nil, "--width must be 16-4096 pixels")
        }
        if let f = options.fps, !(f.isFinite && f > 0 && f <= 1000) {
            throw .badInput(nil, "--fps must be a number over 0")
        }
        // One renderer for the sheet's labels and the frames it renders.
        let text = TextRenderer()
        let frames: FrameProvider
        if FileIO.isDirectory(input) {
            frames = try FileFrames(folder: input, fps: options.fps)
        } else if !FileIO.fileExists(input) {
            // `__Golden__/GalleryTests/albumPulls`: one assertion's references.
            frames = try FileFrames(references: input, fps: options.fps)
        } else {
            frames = try SceneFrames(
                input, fps: options.fps, width: options.width, layouts: options.layouts, text: text)
        }
        return try write(frames, named: input, to: output, options: options, text: text)
    }

    /// The sheet of `frames` (`input` names them in errors), labelled with `text`.
    static func write(
        _ frames: FrameProvider, named input: String, to output: String, options: Options, text: TextRenderer
    ) throws(FrameGenError) -> Summary {
        let picked = pick(options.count, of: frames.numbers)
        let (frameWidth, frameHeight) = frames.size
        let cellWidth = options.width ?? min(frameWidth, Options.defaultWidth)
        let cellHeight = max(
            1,
            (Double(frameHeight) * Double(cellWidth) / Double(frameWidth)).rounded().clampedInt(
                in: pixelCoordinateRange, nan: 0))
        let grid = Grid(
            count: picked.count, columns: options.columns, cellWidth: cellWidth, cellHeight: cellHeight)
        guard grid.width <= 16384, grid.height <= 16384 else {
            throw .badInput(
                input,
                "a sheet of \(picked.count) frames \(cellWidth) px wide in \(grid.columns) columns would be \(grid.width)x\(grid.height) pixels, over 16384 on a side; ask for fewer frames, columns or a smaller --width"
            )
        }
        var sheet = Image(width: grid.width, height: grid.height, fill: background)
        let textSize = Grid.textSize(cellWidth)
        for (k, number) in picked.enumerated() {
            let frame = try frames.image(number)
            let (x, y) = grid.origin(ofCell: k)
            if frame.width == cellWidth && frame.height == cellHeight {
                Painter.composite(&sheet, layer: frame, at: (x, y))
            } else {
                let sx = Double(frame.width) / Double(cellWidth)
                let sy = Double(frame.height) / Double(cellHeight)
                Painter.drawTexture(
                    &sheet, Texture(frame),
                    deviceToTexture: Homography(
                        m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0, m31: -Double(x) * sx,
                        m32: -Double(y) * sy,
                        m33: 1),
                    coverage: .full((x, y, x + cellWidth, y + cellHeight)))
            }
            let box = Rect(
                x: Double(x), y: Double(y + cellHeight), width: Double(cellWidth),
                height: Double(grid.labelHeight))
            do {
                let placed = try text.renderCentered(
                    label(number, fps: frames.fps), pixelSize: textSize, in: box)
                sheet.blend(labelColor, mask: placed.mask, x: placed.x, y: placed.y)
            } catch {
                throw .badInput(input, "cannot draw the frame labels: \(error)")
            }
        }
        do {
            try PNG.write(sheet, to: output, options: PNGEncodingOptions(channels: .rgb))
        } catch {
            throw FrameGenError(image: error, file: output)
        }
        return Summary(frames: picked, grid: grid)
    }

    static let background = Pixel(r: 0x1C, g: 0x1C, b: 0x1E, a: 255)
    static let labelColor = Pixel(r: 0xE5, g: 0xE5, b: 0xEA, a: 255)
}

/// Where a sheet's frames come from.
protocol FrameProvider {
    /// The frame numbers there are, ascending.
    var numbers: [Int] { get }
    var size: (width: Int, height: Int) { get }
    var fps: Double? { get }
    func image(_ number: Int) throws(FrameGenError) -> Image
}

/// PNG frames on disk: a render's output folder, or files in a given order.
struct FileFrames: FrameProvider {
    let numbers: [Int]
    /// The file of each frame number.
    let paths: [Int: String]
    let size: (width: Int, height: Int)
    let fps: Double?

    /// `files` as (frame number, path), ascending; the size is the first one's.
    private init(_ files: [(Int, String)], fps: Double?) throws(FrameGenError) {
        guard let first = files.first else {
            throw .badInput(nil, "a contact sheet needs at least one frame")
        }
        numbers = files.map(\.0)
        paths = Dictionary(files, uniquingKeysWith: { a, _ in a })
        self.fps = fps
        do {
            let info = try PNG.readInfo(file: first.1, validate: false)
            size = (info.width, info.height)
        } catch {
            throw FrameGenError(image: error, file: first.1)
        }
    }

    /// The frames in a render's output folder, named by its manifest's pattern (frame_%04d.png
    /// without one), with their real numbers; the frame rate from the manifest.
    init(folder: String, fps: Double?) throws(FrameGenError) {
        let manifest = OutputManifest.read(in: folder)
        let pattern = manifest?.pattern ?? "frame_%04d.png"
        let names: [String]
        do {
            names = try FileIO.listDirectory(folder)
        } catch {
            throw .badInput(folder, error.reason)
        }
        var numbers = names.compactMap { OutputManifest.frameIndex($0, pattern: pattern) }.sorted()
        var chosen = pattern
        if numbers.isEmpty, manifest == nil {
            // A test's references (`__Golden__/<TestFile>/<test>.frame_0003.png`, docs/library.md):
            // the frames of the one assertion the folder holds.
            let stems = Set(names.compactMap(FileFrames.referenceStem)).sorted()
            if stems.count > 1 {
                throw .badInput(
                    folder,
                    "holds the references of \(stems.count) assertions (\(stems.prefix(3).joined(separator: ", "))\(stems.count > 3 ? ", ..." : "")); give one, e.g. \(folder)/\(stems[0])"
                )
            }
            if let stem = stems.first {
                chosen = stem + ".frame_%04d.png"
                numbers = names.compactMap { OutputManifest.frameIndex($0, pattern: chosen) }.sorted()
            }
        }
        guard !numbers.isEmpty else { throw .badInput(folder, "holds no frames named \(pattern)") }
        try self.init(
            numbers.map { ($0, folder + "/" + formatFrameName(chosen, $0)) }, fps: fps ?? manifest?.fps)
    }

    /// The frames `<stem>.frame_NNNN.png` beside `path` = `<folder>/<stem>`: one assertion's
    /// references in a test's `__Golden__` folder.
    init(references path: String, fps: Double?) throws(FrameGenError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let stem = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let names = (try? FileIO.listDirectory(folder)) ?? []
        let pattern = stem + ".frame_%04d.png"
        let numbers = names.compactMap { OutputManifest.frameIndex($0, pattern: pattern) }.sorted()
        guard !numbers.isEmpty else {
            throw .badInput(path, "no such file or folder")
        }
        try self.init(numbers.map { ($0, folder + "/" + formatFrameName(pattern, $0)) }, fps: fps)
    }

    /// `albumPulls` for `albumPulls.frame_0004.png`; nil for other names.
    static func referenceStem(_ name: String) -> String? {
        guard name.hasSuffix(".png"), let r = name.range(of: ".frame_", options: .backwards),
            OutputManifest.frameIndex(String(name[r.lowerBound...].dropFirst()), pattern: "frame_%04d.png")
                != nil
        else { return nil }
        return String(name[..<r.lowerBound])
    }

    /// PNG files in the order given, numbered from 0 (the showcase's segments, one after another).
    init(paths: [String], fps: Double?) throws(FrameGenError) {
        try self.init(Array(paths.enumerated()), fps: fps)
    }

    func image(_ number: Int) throws(FrameGenError) -> Image {
        guard let path = paths[number] else { throw .badInput(nil, "there is no frame \(number)") }
        return Image(try VideoOutput.loadFrame(path, size: size))
    }
}

/// A scene's or attribute file's frames, rendered on demand at the scale that makes them the
/// thumbnail's width (at most the canvas's own scale).
struct SceneFrames: FrameProvider {
    let source: FrameSource
    let composer: FrameComposer
    let scale: Double
    let size: (width: Int, height: Int)
    var numbers: [Int] { Array(0..<source.frameCount) }
    var fps: Double? { source.fps }

    init(_ path: String, fps: Double?, width: Int?, layouts: [LayoutDescriptor], text: TextRenderer)
        throws(FrameGenError)
    {
        source = try FrameSource.load(path, fps: fps, layouts: layouts)
        composer = try FrameComposer(
            canvas: source.canvas, style: source.style, kindStyles: source.kindStyles, text: text)
        let canvas = source.canvas
        let fullWidth = canvas.width * canvas.scale
        let target = Double(
            width
                ?? min(
                    fullWidth.rounded().clampedInt(in: pixelCoordinateRange, nan: 0),
                    ContactSheet.Options.defaultWidth))
        scale = min(canvas.scale, target / canvas.width)
        guard canvas.width * scale >= 1, canvas.height * scale >= 1 else {
            throw .badInput(path, "the frames would be less than a pixel at \(Int(target)) px wide")  // checked: an Int above
        }
        // The size the compositor gives a frame at this scale.
        size = (
            (canvas.width * scale).rounded().clampedInt(in: pixelCoordinateRange, nan: 0),
            (canvas.height * scale).rounded().clampedInt(in: pixelCoordinateRange, nan: 0)
        )
    }

    func image(_ number: Int) throws(FrameGenError) -> Image {
        try composer.render(source.frame(number), scale: scale)
    }
}
