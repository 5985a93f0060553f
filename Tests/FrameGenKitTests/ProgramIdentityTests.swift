import Foundation
import TestTiers
import Testing

@testable import FrameGenRender

/// A program with layouts of its own fingerprints its output folders with its build, so that
/// frames drawn before a change to its code are rendered again (docs/decisions.md, "Output
/// folders"); the stock framegen's fingerprints do not change.
@Suite struct ProgramIdentityTests {
    @Test func theBuildIDOfAnELFNote() {
        // namesz 4, descsz 3, type 1 (another note), then namesz 4, descsz 4, type 3, "GNU\0".
        let other: [UInt8] = [4, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0] + Array("GNU\0".utf8) + [9, 9, 9, 0]
        let build: [UInt8] =
            [4, 0, 0, 0, 4, 0, 0, 0, 3, 0, 0, 0] + Array("GNU\0".utf8) + [0xde, 0xad, 0x0b, 0xef]
        expect((other + build).withUnsafeBytes { ProgramIdentity.buildIDNote(in: $0) } == "dead0bef")
        expect(other.withUnsafeBytes { ProgramIdentity.buildIDNote(in: $0) } == nil)
        // A truncated note is no note.
        expect(Array(build.dropLast()).withUnsafeBytes { ProgramIdentity.buildIDNote(in: $0) } == nil)
    }

    @Test func thisExecutableHasOne() {
        let id = ProgramIdentity.buildID
        expect(id != nil && id!.count >= 16 && id!.allSatisfy(\.isHexDigit))
    }
}
