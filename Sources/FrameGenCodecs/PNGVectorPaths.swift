import CFrameGenPNG
import FrameGenRaster

extension PNG {
    /// The level each family of the PNG code runs at under the instruction-set ceiling now
    /// (`InstructionSet`; CFrameGenPNG's `cpng_family_level`): the highest path the family has at or
    /// below `InstructionSet.current`.
    public struct VectorPaths: Sendable, Equatable {
        /// The row filters: AVX2, and Paeth alone from RGBA rows to RGB (`fast` and `fastest`
        /// writing RGB) in AVX2 or AVX-512; else portable.
        public var filter: InstructionSet
        /// `fast` and `fastest`: `fast`'s run finder in SSE2, `fastest`'s zero blocks in AVX2
        /// and its literal blocks in AVX2 or AVX-512.
        public var deflate: InstructionSet
        /// The fast decoder's RGBA unfilter: SSE2, else portable.
        public var decode: InstructionSet
    }

    public static var vectorPaths: VectorPaths {
        func level(_ family: Int32) -> InstructionSet {
            InstructionSet(rawValue: Int(cpng_family_level(family))) ?? .portable
        }
        return VectorPaths(
            filter: level(CPNG_FAMILY_FILTER), deflate: level(CPNG_FAMILY_DEFLATE),
            decode: level(CPNG_FAMILY_DECODE))
    }
}
