import FrameGenCodecs
import FrameGenComparison
import FrameGenRaster
import FrameGenScene

/// `framegen compare`: golden-image comparison for tests and CI, as pixelmatch counts it.
/// Tolerance settings given one by one (on the command line, in a scene), laid over another
/// tolerance key by key.
public struct ToleranceOverride: Sendable, Equatable {
    public var threshold: Double?
    public var includeAA: Bool?
    public var allowance: ImageComparison.Allowance?

    public init(threshold: Double? = nil, includeAA: Bool? = nil, allowance: ImageComparison.Allowance? = nil)
    {
        self.threshold = threshold
        self.includeAA = includeAA
        self.allowance = allowance
    }

    public func applied(to base: ImageComparison.Tolerance) -> ImageComparison.Tolerance {
        var t = base
        if let threshold { t.threshold = threshold }
        if let includeAA { t.includeAA = includeAA }
        if let allowance { t.allowance = allowance }
        return t
    }
}

public enum CompareTool {
    public typealias Tolerance = ImageComparison.Tolerance

    public struct Options: Sendable, Equatable {
        public var tolerance: Tolerance
        /// Where to write the picture of the differences (for a folder: a folder), if anywhere.
        /// A single comparison writes it whether or not it passes; a folder comparison only for
        /// the frames that fail.
        public var diffPath: String?
        /// Where to write expected | diff | actual side by side, as `diffPath`.
        public var sideBySidePath: String?

        public init(
            tolerance: Tolerance = Tolerance(), diffPath: String? = nil, sideBySidePath: String? = nil
        ) {
            self.tolerance = tolerance
            self.diffPath = diffPath
            self.sideBySidePath = sideBySidePath
        }

        /// The command line's spelling: at most one of the two allowances (none: 0 pixels).
        public init(
            threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int? = nil,
            maxDiffRatio: Double? = nil, diffPath: String? = nil, sideBySidePath: String? = nil
        ) {
            let allowance: ImageComparison.Allowance =
                maxDiffRatio.map { .ratio($0) } ?? .pixels(maxDiffPixels ?? 0)
            self.init(
                tolerance: Tolerance(threshold: threshold, includeAA: includeAA, allowance: allowance),
                diffPath: diffPath, sideBySidePath: sideBySidePath)
        }
    }

    /// Compares `actual` with the reference `expected`. Returns the one-line summary of a pass;
    /// throws status 1 with the summary when they differ beyond the allowance (or in size),
    /// status 2 when either file cannot be decoded, status 3 when an image cannot be written.
    public static func run(
        expected: String, actual: String, options: Options = Options(), limits: ImageLimits = .default
    ) throws(FrameGenError) -> String {
        let e = try load(expected, limits: limits)
        let a = try load(actual, limits: limits)
        let comparison = ImageComparison(expected: e, actual: a, tolerance: options.tolerance)
        var line = comparison.summary + allowed(comparison, options.tolerance)
        let written = try writeImages(
            expected: e, actual: a, tolerance: options.tolerance, diff: options.diffPath,
            sideBySide: options.sideBySidePath)
        for path in written { line += "; written \(path)" }
        if !comparison.passes(options.tolerance.allowance) {
            throw FrameGenError(.difference, file: actual, "differs from \(expected): " + line)
        }
        return "\(actual): matches \(expected): " + line
    }

    /// `run` for two files, `runFolders` for two folders, as one report.
    public static func check(expected: String, actual: String, options: Options = Options()) -> CheckReport {
        let folders = (FileIO.isDirectory(expected), FileIO.isDirectory(actual))
        if folders.0 || folders.1 {
            guard folders.0 && folders.1 else {
                let (file, folder) = folders.0 ? (actual, expected) : (expected, actual)
                return CheckReport(failures: [.badInput(file, "is not a folder, and \(folder) is")])
            }
            return runFolders(expected: expected, actual: actual, options: options)
        }
        do {
            return CheckReport(output: try run(expected: expected, actual: actual, options: options) + "\n")
        } catch {
            return CheckReport(failures: [error])
        }
    }

    /// Compares every PNG of `expected` with the one of the same name in `actual`: a frame
    /// only in `expected` is missing, one only in `actual` extra; both fail (status 1).
    public static func runFolders(
        expected: String, actual: String, options: Options = Options(), limits: ImageLimits = .default
    ) -> CheckReport {
        var report = CheckReport()
        let e: [String]
        let a: [String]
        do {
            e = try pngNames(expected)
            a = try pngNames(actual)
        } catch {
            report.failures.append(error)
            return report
        }
        let inActual = Set(a)
        let inExpected = Set(e)
        var matching = 0
        for name in e {
            let ep = expected + "/" + name
            let ap = actual + "/" + name
            guard inActual.contains(name) else {
                report.failures.append(
                    FrameGenError(.difference, file: ap, "missing (\(ep) has no counterpart)"))
                continue
            }
            do {
                let ei = try load(ep, limits: limits)
                let ai = try load(ap, limits: limits)
                let comparison = ImageComparison(expected: ei, actual: ai, tolerance: options.tolerance)
                if comparison.passes(options.tolerance.allowance) {
                    matching += 1
                    continue
                }
                let stem = String(name.dropLast(4))
                let written = try writeImages(
                    expected: ei, actual: ai, tolerance: options.tolerance,
                    diff: try options.diffPath.map { d throws(FrameGenError) in
                        try folderFile(d, stem + "-diff.png")
                    },
                    sideBySide: try options.sideBySidePath.map { d throws(FrameGenError) in
                        try folderFile(d, stem + "-side-by-side.png")
                    })
                var line = comparison.summary + allowed(comparison, options.tolerance)
                for path in written { line += "; written \(path)" }
                report.failures.append(FrameGenError(.difference, file: ap, "differs from \(ep): " + line))
            } catch {
                report.failures.append(error)
            }
        }
        for name in a where !inExpected.contains(name) {
            report.failures.append(
                FrameGenError(.difference, file: actual + "/" + name, "extra (\(expected) has no \(name))"))
        }
        let missing = e.filter { !inActual.contains($0) }.count
        let extra = a.filter { !inExpected.contains($0) }.count
        report.output = "\(actual): \(matching) of \(e.count) frames match \(expected)"
        if missing > 0 { report.output += ", \(missing) missing" }
        if extra > 0 { report.output += ", \(extra) extra" }
        report.output += "\n"
        return report
    }

    /// The PNG files of a folder, sorted (hidden files left out).
    static func pngNames(_ folder: String) throws(FrameGenError) -> [String] {
        do {
            return try FileIO.listDirectory(folder).filter { $0.hasSuffix(".png") && !$0.hasPrefix(".") }
                .sorted()
        } catch {
            throw .badInput(folder, error.reason)
        }
    }

    /// `folder/name`, making the folder first.
    static func folderFile(_ folder: String, _ name: String) throws(FrameGenError) -> String {
        do { try FileIO.makeDirectory(folder) } catch { throw .cannotWrite(folder, error.reason) }
        return folder + "/" + name
    }

    /// Writes the diff and side-by-side images that were asked for; returns their paths.
    static func writeImages(
        expected: StraightImage, actual: StraightImage, tolerance: Tolerance, diff: String?,
        sideBySide: String?
    ) throws(FrameGenError) -> [String] {
        if diff == nil && sideBySide == nil { return [] }
        let image = ImageComparison.diffImage(expected: expected, actual: actual, tolerance: tolerance)
        var written: [String] = []
        if let diff {
            try write(image, diff)
            written.append(diff)
        }
        if let sideBySide {
            try write(
                ImageComparison.labelledSideBySide(
                    expected: expected, diff: image, actual: actual),
                sideBySide)
            written.append(sideBySide)
        }
        return written
    }

    static func write(_ image: StraightImage, _ path: String) throws(FrameGenError) {
        do {
            try PNG.write(image, to: path, options: PNGEncodingOptions(channels: .rgb))
        } catch {
            throw ImageTool.frameGenError(error, file: path)
        }
    }

    /// "; allowed 3 pixels" after a summary with differences, nothing after an identical one.
    static func allowed(_ comparison: ImageComparison, _ tolerance: Tolerance) -> String {
        guard comparison.differingPixels > 0 && comparison.sizesMatch else { return "" }
        return "; allowed \(describe(tolerance.allowance))"
    }

    static func load(_ path: String, limits: ImageLimits) throws(FrameGenError) -> StraightImage {
        do {
            return try PNG.decodeStraight(file: path, limits: limits)
        } catch {
            throw ImageTool.frameGenError(error, file: path)
        }
    }

    static func describe(_ allowance: ImageComparison.Allowance) -> String {
        switch allowance {
        case .pixels(let n): return n == 1 ? "1 pixel" : "\(n) pixels"
        case .ratio(let r): return formatRatio(r)
        }
    }

    /// A ratio as a percentage with as many decimals as it needs (0.001 -> "0.1%").
    static func formatRatio(_ r: Double) -> String {
        var text = String(r * 100)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text + "%"
    }
}
