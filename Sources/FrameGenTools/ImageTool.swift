import FrameGenCodecs
import FrameGenRaster
import FrameGenScene

/// `framegen image info` and `framegen image convert`: PNG and JPEG files as the decoders see
/// them (the format told by the file's first bytes, not its name).
public enum ImageTool {
    /// How `info` prints: an aligned table (for a terminal), one plain line per file, or JSON.
    public enum InfoFormat: Sendable {
        case table
        case lines
        case json
    }

    /// What `info` found: the text for stdout and one error per file that could not be read.
    public struct InfoReport: Sendable {
        public var output: String
        public var failures: [FrameGenError]
    }

    /// Reads and fully validates each file (a PNG's every row inflated through IEND, a JPEG's
    /// every scan decoded through EOI, one row of memory at a time), so a file that `info`
    /// accepts is one that renders. Files that fail are left out of `output` and reported in
    /// `failures` (status 2).
    public static func info(files: [String], format: InfoFormat, limits: ImageLimits = .default) -> InfoReport
    {
        var rows: [(String, ImageInfo)] = []
        var failures: [FrameGenError] = []
        for file in files {
            do {
                rows.append((file, try ImageFile.readInfo(file: file, validate: true, limits: limits)))
            } catch {
                failures.append(frameGenError(error, file: file))
            }
        }
        let output: String
        switch format {
        case .table: output = rows.isEmpty ? "" : table(rows)
        case .lines: output = rows.map { line($0.0, $0.1) + "\n" }.joined()
        case .json: output = json(rows)
        }
        return InfoReport(output: output, failures: failures)
    }

    /// Decodes a PNG or JPEG and writes it as 8-bit RGBA PNG: a PNG's straight pixels exactly
    /// as libpng gives them (no premultiplication on the way), a JPEG's as libjpeg-turbo gives
    /// them, turned by its EXIF orientation. Written atomically. Status 2 for a bad input, 3
    /// when `output` cannot be written (nothing is left at `output` then).
    public static func convert(input: String, output: String, limits: ImageLimits = .default)
        throws(FrameGenError)
    {
        let image: StraightImage
        do {
            image = try ImageFile.decodeStraight(file: input, limits: limits)
        } catch {
            throw frameGenError(error, file: input)
        }
        do {
            try PNG.write(image, to: output, options: PNGEncodingOptions(channels: .rgba))
        } catch {
            throw frameGenError(error, file: output)
        }
    }

    /// An image problem as the command line reports it: writing problems are status 3, all the
    /// others (unreadable, corrupt, unsupported, over the limits) status 2.
    public static func frameGenError(_ error: ImageFileError, file: String) -> FrameGenError {
        FrameGenError(image: error, file: file)
    }

    /// The columns every format fills, in the table's order: colour, bit depth, interlace
    /// (PNG's Adam7, JPEG's progressive scans), transparency, orientation.
    struct Fields {
        var colour: String
        var depth: Int
        var interlace: String?
        var transparency: String
        var orientation: ImageOrientation?
        /// "PNG", "APNG" or "JPEG".
        var format: String

        init(_ info: ImageInfo) {
            format = info.format.rawValue
            switch info {
            case .png(let p):
                if p.animationFrames != nil { format = "APNG" }
                colour = p.colorType.name
                depth = p.bitDepth
                interlace = p.isInterlaced ? "Adam7" : nil
                // "alpha" (an alpha channel), "tRNS" (a transparent colour or palette alphas).
                transparency = p.colorType.hasAlphaChannel ? "alpha" : p.hasTRNS ? "tRNS" : "none"
                orientation = nil
            case .jpeg(let j):
                colour = j.colorSpace.name
                depth = 8
                interlace = j.isProgressive ? "progressive" : nil
                transparency = "none"
                orientation = j.orientation
            }
        }
    }

    static func line(_ file: String, _ info: ImageInfo) -> String {
        let f = Fields(info)
        var text =
            "\(file): \(info.width) x \(info.height) px, \(info.format.rawValue), \(f.colour), \(f.depth)-bit, "
        switch info {
        case .png(let p):
            text += (f.interlace ?? "not interlaced") + ", transparency: \(f.transparency)"
            if let n = p.animationFrames { text += ", APNG: \(n) frames" }
        case .jpeg(let j):
            text +=
                (f.interlace ?? "baseline")
                + ", orientation: \(j.orientation.rawValue) (\(j.orientation.name))"
            if j.orientation.swapsAxes { text += ", stored \(j.storedWidth) x \(j.storedHeight) px" }
        }
        return text
    }

    static func table(_ rows: [(String, ImageInfo)]) -> String {
        let header = [
            "FILE", "FORMAT", "WIDTH", "HEIGHT", "COLOUR", "DEPTH", "INTERLACE", "TRANSPARENCY",
            "ORIENTATION",
        ]
        let cells = rows.map { file, info in
            let f = Fields(info)
            return [
                file, f.format, String(info.width), String(info.height), f.colour,
                String(f.depth),
                f.interlace ?? "none", f.transparency,
                f.orientation.map { "\($0.rawValue) \($0.name)" } ?? "-",
            ]
        }
        let widths = header.indices.map { c in ([header] + cells).map { $0[c].count }.max()! }
        // Numbers align right, words left, as `ls -l` and `df` do.
        let rightAligned: Set<Int> = [2, 3, 5]
        func render(_ row: [String]) -> String {
            row.indices.map { c in
                let pad = String(repeating: " ", count: widths[c] - row[c].count)
                return rightAligned.contains(c) ? pad + row[c] : row[c] + pad
            }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        return ([header] + cells).map(render).joined()
    }

    static func json(_ rows: [(String, ImageInfo)]) -> String {
        let objects = rows.map { file, info in
            let f = Fields(info)
            var object =
                "  {\"file\": \(jsonString(file)), \"format\": \(jsonString(info.format.rawValue)), "
                + "\"width\": \(info.width), \"height\": \(info.height), "
                + "\"colorType\": \(jsonString(f.colour)), \"bitDepth\": \(f.depth), "
                + "\"interlaced\": \(f.interlace != nil), \"hasTransparency\": \(f.transparency != "none"), "
                + "\"transparency\": \(jsonString(f.transparency))"
            if case .png(let p) = info, let n = p.animationFrames {
                object += ", \"animationFrames\": \(n)"
            }
            if case .jpeg(let j) = info {
                object +=
                    ", \"progressive\": \(j.isProgressive), \"orientation\": \(j.orientation.rawValue), "
                    + "\"storedWidth\": \(j.storedWidth), \"storedHeight\": \(j.storedHeight)"
            }
            return object + "}"
        }
        return objects.isEmpty ? "[]\n" : "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
