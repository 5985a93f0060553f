import Raster

/// `framegen image info` and `framegen image convert`: PNG files as the decoder sees them.
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

    /// Reads and fully validates each file (every row inflated, through IEND, one row of
    /// memory at a time), so a file that `info` accepts is one that renders. Files that fail
    /// are left out of `output` and reported in `failures` (status 2).
    public static func info(files: [String], format: InfoFormat, limits: ImageLimits = .default) -> InfoReport
    {
        var rows: [(String, PNGInfo)] = []
        var failures: [FrameGenError] = []
        for file in files {
            do {
                rows.append((file, try PNG.readInfo(file: file, validate: true, limits: limits)))
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

    /// Decodes any PNG and writes it as 8-bit RGBA with exactly libpng's straight pixels (no
    /// premultiplication on the way), atomically. Status 2 for a bad input, 3 when `output`
    /// cannot be written (nothing is left at `output` then).
    public static func convert(input: String, output: String, limits: ImageLimits = .default)
        throws(FrameGenError)
    {
        let image: PNGImage
        do {
            image = try PNG.decodeStraight(file: input, limits: limits)
        } catch {
            throw frameGenError(error, file: input)
        }
        do {
            try PNG.write(image, to: output, options: PNGEncodingOptions(channels: .rgba))
        } catch {
            throw frameGenError(error, file: output)
        }
    }

    /// A PNG problem as the command line reports it: writing problems are status 3, all the
    /// others (unreadable, corrupt, over the limits) status 2.
    public static func frameGenError(_ error: PNGError, file: String) -> FrameGenError {
        FrameGenError(error.kind == .cannotWrite ? .cannotWrite : .badInput, file: file, error.reason)
    }

    /// "alpha" (an alpha channel), "tRNS" (a transparent colour or palette alphas) or "none".
    static func transparency(_ info: PNGInfo) -> String {
        info.colorType.hasAlphaChannel ? "alpha" : info.hasTRNS ? "tRNS" : "none"
    }

    static func line(_ file: String, _ info: PNGInfo) -> String {
        "\(file): \(info.width) x \(info.height) px, \(info.colorType.name), \(info.bitDepth)-bit, "
            + (info.isInterlaced ? "Adam7" : "not interlaced") + ", transparency: \(transparency(info))"
    }

    static func table(_ rows: [(String, PNGInfo)]) -> String {
        let header = ["FILE", "WIDTH", "HEIGHT", "COLOUR", "DEPTH", "INTERLACE", "TRANSPARENCY"]
        let cells = rows.map { file, info in
            [
                file, String(info.width), String(info.height), info.colorType.name, String(info.bitDepth),
                info.isInterlaced ? "Adam7" : "none", transparency(info),
            ]
        }
        let widths = header.indices.map { c in ([header] + cells).map { $0[c].count }.max()! }
        // Numbers align right, words left, as `ls -l` and `df` do.
        let rightAligned: Set<Int> = [1, 2, 4]
        func render(_ row: [String]) -> String {
            row.indices.map { c in
                let pad = String(repeating: " ", count: widths[c] - row[c].count)
                return rightAligned.contains(c) ? pad + row[c] : row[c] + pad
            }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        return ([header] + cells).map(render).joined()
    }

    static func json(_ rows: [(String, PNGInfo)]) -> String {
        let objects = rows.map { file, info in
            "  {\"file\": \(jsonString(file)), \"width\": \(info.width), \"height\": \(info.height), "
                + "\"colorType\": \(jsonString(info.colorType.name)), \"bitDepth\": \(info.bitDepth), "
                + "\"interlaced\": \(info.isInterlaced), \"hasTransparency\": \(info.hasTransparency), "
                + "\"transparency\": \(jsonString(transparency(info)))}"
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
