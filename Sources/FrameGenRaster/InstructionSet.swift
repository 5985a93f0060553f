import CFrameGenISA

/// The instruction sets framegen's own vector paths use (CFrameGenISA, the one place the C kernels and
/// the PNG code ask), lowest first: a path runs when the CPU has its level and the process's
/// ceiling allows it. The ceiling is `FRAMEGEN_ISA`'s, read when the process first asks (an
/// unknown value: one warning line on stderr and no ceiling), or what `ceiling` last set
/// (`framegen bench --isa`, tests). Every level writes the same bytes, so the ceiling changes
/// speed only, and one machine can time every path below its best. The system libraries
/// framegen links (libdeflate, libjpeg-turbo, libpng) choose their own paths.
public enum InstructionSet: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    /// No hand-written vector code: the portable C and Swift loops, compiled for the x86-64
    /// baseline (which includes SSE2, and so do the compiler's vectors).
    case portable
    /// The SSE2 loops: the PNG decoder's RGBA unfilter, `fast` deflate's run finder.
    case sse2
    /// AVX2 and BMI2: the PNG filters (Paeth from RGBA rows to RGB too), `fastest`'s zero and
    /// literal blocks, FrameGenRaster's texture rows.
    case avx2
    /// AVX-512 F, BW, VL and VBMI: `fastest`'s literal blocks and Paeth from RGBA rows to RGB in
    /// 64-byte registers. A CPU with AVX-512 but not VBMI is at `avx2`.
    case avx512

    /// A level by name (`portable`, `sse2`, `avx2`, `avx512`, any case).
    public init?(_ name: String) {
        let level = cisa_parse(name)
        guard level >= 0, let set = InstructionSet(rawValue: Int(level)) else { return nil }
        self = set
    }

    public var description: String { String(cString: cisa_name(Int32(rawValue))) }

    /// "portable, sse2, avx2, avx512": for messages naming the accepted values.
    public static let names = allCases.map(\.description).joined(separator: ", ")

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The best level this CPU has.
    public static var cpu: InstructionSet { InstructionSet(rawValue: Int(cisa_cpu())) ?? .portable }

    /// The process's ceiling; nil for none. Setting it takes effect for every path chosen after,
    /// on every thread (a path already running finishes as it began): set it before drawing.
    public static var ceiling: InstructionSet? {
        get { InstructionSet(rawValue: Int(cisa_ceiling())) }
        set { cisa_set_ceiling(Int32(newValue?.rawValue ?? -1)) }
    }

    /// What the paths use now: the CPU's best level at or below the ceiling.
    public static var current: InstructionSet { InstructionSet(rawValue: Int(cisa_level())) ?? .portable }

    /// The level FrameGenRaster's texture rows (`SeparableRows`, `PerspectiveSpans`, kept drawings'
    /// compositing) run at now: AVX2 or the portable Swift loops.
    public static var rasterRows: InstructionSet { SeparableRows.hasAVX2 ? .avx2 : .portable }
}
