import TestTiers
import Testing

@testable import FrameGenCodecs
@testable import FrameGenRaster

@Test func defaultLimitsAreTheDocumentedOnes() {
    expect(ImageLimits.default.maxWidth == 16384)
    expect(ImageLimits.default.maxHeight == 16384)
    expect(ImageLimits.default.maxPixels == 256 * 1024 * 1024)
    expect(ImageLimits.default.maxFileBytes == 1 << 30)
    expect(ImageLimits.default.allows(width: 16384, height: 16384))
    expect(!ImageLimits.default.allows(width: 16385, height: 1))
    expect(!ImageLimits.default.allows(width: Int.max, height: Int.max))
    // Limits raised to the maximum still never let the byte count overflow.
    let unlimited = ImageLimits(maxWidth: .max, maxHeight: .max, maxPixels: .max, maxFileBytes: .max)
    expect(!unlimited.allows(width: 1 << 31, height: 1 << 31))
    expect(unlimited.refusal(width: 1 << 40, height: 1 << 40)?.contains("too many pixels") == true)
    expect(ImageLimits.default.refusal(width: 16384, height: 16384) == nil)
    expect(ImageLimits.default.refusal(width: 0, height: 5) == "image size 0 x 5 px is empty")
}

@Test func aHugeHeaderIsRefusedBeforeAnyPixelAllocation() throws {
    // 100000 x 100000 px would be 40 GB of RGBA: decoding it at all would fail or take minutes.
    let bytes = try Fixtures.bytes("corrupt", "huge-100000x100000.png")
    let info = try PNG.readInfo(bytes)
    expect(info.width == 100000 && info.height == 100000)
    let error = try #require(throws: ImageFileError.self) { try PNG.decodeStraight(bytes) }
    expect(error.kind == .exceedsLimits)
    expect(error.reason.contains("100000 x 100000") && error.reason.contains("16384"))
    let validate = try #require(throws: ImageFileError.self) { try PNG.validate(bytes) }
    expect(validate.kind == .exceedsLimits)
}

@Test func configuredLimitsRefuseEachDimensionAndTheArea() throws {
    let bytes = try Fixtures.bytes("decode", "rgb8-13x11.png")  // 13 x 11 = 143 px
    let base = ImageLimits.default
    var narrow = base
    narrow.maxWidth = 12
    var short = base
    short.maxHeight = 10
    var small = base
    small.maxPixels = 142
    for limits in [narrow, short, small] {
        let error = try #require(throws: ImageFileError.self) {
            try PNG.decodeStraight(bytes, limits: limits)
        }
        expect(error.kind == .exceedsLimits)
        expect(error.reason.contains("13 x 11"))
    }
    var exact = base
    (exact.maxWidth, exact.maxHeight, exact.maxPixels) = (13, 11, 143)
    try expect(PNG.decodeStraight(bytes, limits: exact).width == 13)
}

@Test func theFileSizeLimitIsCheckedBeforeReading() throws {
    var limits = ImageLimits.default
    limits.maxFileBytes = 100
    let path = Fixtures.path("decode", "rgba16-13x11.png")
    let error = try #require(throws: ImageFileError.self) { try PNG.decode(file: path, limits: limits) }
    expect(error.kind == .exceedsLimits)
    expect(error.description.hasPrefix(path))
    expect(error.reason.contains("over the limit of 100 bytes"))
}

@Test func aDeviceThatNeverEndsIsReadOnlyUpToTheLimit() throws {
    // /dev/zero has no size to check up front: the read must stop one byte past the limit.
    let error = try #require(throws: FileIOError.self) { try FileIO.read("/dev/zero", maxBytes: 1 << 20) }
    expect(error.kind == .tooLarge)
}
