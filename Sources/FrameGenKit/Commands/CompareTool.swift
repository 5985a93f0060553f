import Raster

/// `framegen compare`: golden-image comparison for tests and CI.
public enum CompareTool {
    public struct Options: Sendable, Equatable {
        /// A pixel differs when its largest channel difference (0-255) is over this.
        public var threshold: Int
        /// How many differing pixels still pass.
        public var allowance: ImageComparison.Allowance
        /// Where to write the picture of the differences (`ImageComparison.diffImage`), if
        /// anywhere. Written whether or not the comparison passes.
        public var diffPath: String?

        public init(
            threshold: Int = 0, allowance: ImageComparison.Allowance = .pixels(0), diffPath: String? = nil
        ) {
            self.threshold = threshold
            self.allowance = allowance
            self.diffPath = diffPath
        }

        /// The command line's spelling: at most one of the two allowances (none: 0 pixels).
        public init(
            threshold: Int = 0, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil,
            diffPath: String? = nil
        ) {
            let allowance: ImageComparison.Allowance =
                maxDiffRatio.map { .ratio($0) } ?? .pixels(maxDiffPixels ?? 0)
            self.init(threshold: threshold, allowance: allowance, diffPath: diffPath)
        }
    }

    /// Compares `actual` with the reference `expected`. Returns the one-line summary of a pass;
    /// throws status 1 with the summary when they differ beyond the allowance (or in size),
    /// status 2 when either file cannot be decoded, status 3 when the diff cannot be written.
    public static func run(
        expected: String, actual: String, options: Options = Options(), limits: ImageLimits = .default
    ) throws(FrameGenError) -> String {
        let e = try load(expected, limits: limits)
        let a = try load(actual, limits: limits)
        let comparison = ImageComparison(expected: e, actual: a, threshold: options.threshold)
        var line = comparison.summary
        if comparison.differingPixels > 0 && comparison.sizesMatch {
            line += "; allowed \(describe(options.allowance))"
        }
        if let diffPath = options.diffPath {
            let diff = ImageComparison.diffImage(expected: e, actual: a, threshold: options.threshold)
            do {
                try PNG.write(diff, to: diffPath, options: PNGEncodingOptions(channels: .rgb))
            } catch {
                throw ImageTool.frameGenError(error, file: diffPath)
            }
            line += "; diff written to \(diffPath)"
        }
        if !comparison.passes(options.allowance) {
            throw FrameGenError(.difference, file: actual, "differs from \(expected): " + line)
        }
        return "\(actual): matches \(expected): " + line
    }

    static func load(_ path: String, limits: ImageLimits) throws(FrameGenError) -> PNGImage {
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
