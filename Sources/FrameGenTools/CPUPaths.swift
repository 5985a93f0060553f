import FrameGenCodecs
import FrameGenRaster
import FrameGenScene

/// Which CPU paths a speed figure holds on, and the ceiling that chooses them (FrameGenRaster's
/// `InstructionSet`: `FRAMEGEN_ISA`, `framegen bench --isa`), by name for the command line, which
/// imports no pixel module. `bench` prints it as its first line and under `"isa"` in its JSON.
public struct CPUPaths: Sendable, Equatable {
    /// The level the paths ran at: the CPU's best at or below the ceiling.
    public var level: String
    /// The CPU's best level.
    public var cpu: String
    /// The ceiling, when one was set (`--isa`, `FRAMEGEN_ISA`); above `cpu` where the CPU lacks it.
    public var ceiling: String?
    /// Each family's path at `level`: the PNG row filters, deflate (`fast`, `fastest`), the fast
    /// PNG decoder, FrameGenRaster's texture rows.
    public var pngFilter: String
    public var deflate: String
    public var decode: String
    public var rasterRows: String
    /// The ceiling asked for a level this CPU lacks.
    public var ceilingAboveCPU: Bool

    /// The paths chosen now.
    public static var current: CPUPaths {
        let png = PNG.vectorPaths
        let ceiling = InstructionSet.ceiling
        return CPUPaths(
            level: InstructionSet.current.description, cpu: InstructionSet.cpu.description,
            ceiling: ceiling?.description, pngFilter: png.filter.description,
            deflate: png.deflate.description,
            decode: png.decode.description, rasterRows: InstructionSet.rasterRows.description,
            ceilingAboveCPU: ceiling.map { $0 > InstructionSet.cpu } ?? false)
    }

    /// "portable, sse2, avx2, avx512", the accepted names.
    public static var names: String { InstructionSet.names }

    public static func isKnown(_ name: String) -> Bool { InstructionSet(name) != nil }

    /// `bench`: the ceiling from `--isa` when given, else from `FRAMEGEN_ISA` (unset or empty:
    /// none), to be set before anything is drawn. An unknown name in either is bad input naming
    /// the accepted ones; a level the CPU lacks is not (its best below is used, and the report
    /// says so).
    public static func setCeiling(isa: String?, environment: (String) -> String?) throws(FrameGenError) {
        let variable = environment("FRAMEGEN_ISA").flatMap { $0.isEmpty ? nil : $0 }
        guard let name = isa ?? variable else {
            InstructionSet.ceiling = nil
            return
        }
        guard let level = InstructionSet(name) else {
            throw .badInput(nil, "\(isa == nil ? "FRAMEGEN_ISA=" : "--isa ")\(name) is none of \(names)")
        }
        InstructionSet.ceiling = level
    }

    /// Any other command: reads `FRAMEGEN_ISA` now, so that the one warning an unknown value
    /// gives (the CPU's best is then used) comes before the command's own output.
    public static func readEnvironment() { _ = InstructionSet.ceiling }

    /// `isa: avx2 (cpu: avx2; png filter avx2, deflate avx2, decode sse2, raster rows avx2)`;
    /// `(avx512 asked, which this CPU lacks; cpu: avx2; ...)` where the ceiling is above the CPU.
    public var line: String {
        let asked = ceilingAboveCPU ? "\(ceiling ?? "") asked, which this CPU lacks; " : ""
        return
            "isa: \(level) (\(asked)cpu: \(cpu); png filter \(pngFilter), deflate \(deflate), decode \(decode), raster rows \(rasterRows))"
    }

    /// The JSON object under `"isa"`.
    public var json: String {
        "{\"level\": \(jsonString(level)), \"cpu\": \(jsonString(cpu)), \"ceiling\": \(ceiling.map(jsonString) ?? "null"), \"pngFilter\": \(jsonString(pngFilter)), \"deflate\": \(jsonString(deflate)), \"decode\": \(jsonString(decode)), \"rasterRows\": \(jsonString(rasterRows))}"
    }
}
