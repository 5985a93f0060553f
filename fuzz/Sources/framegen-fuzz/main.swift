import FrameGenFuzzing
import FrameGenKit

#if canImport(Glibc)
    import Glibc
#endif

// libFuzzer's driver, called from our own main: SwiftPM gives every executable a main of its
// own, so libFuzzer's is left out and its driver is run from here.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The target named by FRAMEGEN_FUZZ_TARGET (scripts/fuzz sets it).
let name = getenv("FRAMEGEN_FUZZ_TARGET").map { String(cString: $0) } ?? ""
guard FuzzTargets.all[name] != nil else {
    let names = FuzzTargets.all.keys.sorted().joined(separator: ", ")
    FileHandleOutput.standardError.write("framegen-fuzz: set FRAMEGEN_FUZZ_TARGET to one of \(names)\n")
    exit(2)
}

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(
    LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let name = String(cString: getenv("FRAMEGEN_FUZZ_TARGET"))
        FuzzTargets.all[name]!(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    })
