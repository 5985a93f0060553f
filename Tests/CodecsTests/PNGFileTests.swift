import Foundation
import TestTiers
import Testing

@testable import FrameGenCodecs
@testable import FrameGenRaster

@Test func writeThenReadAFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let image = randomStraight(width: 9, height: 4, seed: 5)
    let path = folder.path + "/out.png"
    try PNG.write(image, to: path)
    try expect(PNG.decodeStraight(file: path) == image)
    try expect(PNG.readInfo(file: path).width == 9)
    // Overwriting replaces the file whole; no temporary file is left beside it.
    let other = randomStraight(width: 3, height: 3, seed: 6)
    try PNG.write(Image(other), to: path, durable: true)
    try expect(PNG.decodeStraight(file: path) == StraightImage(Image(other)))
    expect(folder.contents() == ["out.png"])
    // Written with the umask's permissions, not a temporary file's 0600.
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! Int
    expect(mode & 0o044 != 0 || umaskValue() & 0o044 == 0o044)
}

func umaskValue() -> Int {
    let old = umask(0)
    umask(old)
    return Int(old)
}

@Test func aMissingFolderIsCannotWriteAndLeavesNothing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/missing/out.png"
    let error = try #require(throws: ImageFileError.self) {
        try PNG.write(randomStraight(width: 2, height: 2, seed: 1), to: path)
    }
    expect(error.kind == .cannotWrite)
    expect(error.description.hasPrefix(path + ": "))
    expect(error.reason.contains("does not exist"))
    expect(folder.contents().isEmpty)
}

@Test func anUnwritableTargetIsCannotWriteAndKeepsTheOldFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // A folder where the file should go: the rename fails after the temporary file was
    // written; the temporary file must be removed.
    try FileManager.default.createDirectory(
        atPath: folder.path + "/taken.png", withIntermediateDirectories: false)
    let error = try #require(throws: ImageFileError.self) {
        try PNG.write(randomStraight(width: 2, height: 2, seed: 1), to: folder.path + "/taken.png")
    }
    expect(error.kind == .cannotWrite)
    expect(folder.contents() == ["taken.png"])
    if getuid() != 0 {  // root writes anywhere; the permission case only means something for users
        let locked = folder.path + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        chmod(locked, 0o555)
        defer { chmod(locked, 0o755) }
        let denied = try #require(throws: ImageFileError.self) {
            try PNG.write(randomStraight(width: 2, height: 2, seed: 1), to: locked + "/x.png")
        }
        expect(denied.kind == .cannotWrite)
    }
}

@Test func missingAndFolderInputsAreCannotRead() throws {
    let missing = try #require(throws: ImageFileError.self) { try PNG.decode(file: "/nonexistent/x.png") }
    expect(missing.kind == .cannotRead)
    expect(missing.description == "/nonexistent/x.png: no such file or folder")
    let folder = try #require(throws: ImageFileError.self) { try PNG.decode(file: Fixtures.root) }
    expect(folder.kind == .cannotRead)
}

@Test func concurrentWritersToOneFolderNeverSeeEachOthersBytes() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path
    try await withThrowingTaskGroup(of: Void.self) { group in
        for i in 0..<16 {
            group.addTask {
                let image = randomStraight(width: 20 + i, height: 10, seed: UInt64(i))
                try PNG.write(image, to: "\(path)/frame_\(i).png")
                try expect(PNG.decodeStraight(file: "\(path)/frame_\(i).png") == image)
            }
        }
        try await group.waitForAll()
    }
    expect(folder.contents().count == 16)
}

@Test func boundedReadsAcceptTheLimitAndRefuseOneByteMore() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
    try FileIO.writeAtomically(bytes, to: folder.path + "/data")
    try expect(FileIO.read(folder.path + "/data", maxBytes: bytes.count) == bytes)
    try expect(FileIO.read(folder.path + "/data", maxBytes: .max) == bytes)
    let over = try #require(throws: FileIOError.self) {
        try FileIO.read(folder.path + "/data", maxBytes: bytes.count - 1)
    }
    expect(over.kind == .tooLarge && over.reason == "file is 200000 bytes, over the limit of 199999 bytes")
    try FileIO.writeAtomically([UInt8](), to: folder.path + "/empty")
    try expect(FileIO.read(folder.path + "/empty", maxBytes: 10) == [])
    // A pipe has no size up front: read by growing, up to the limit.
    var fds: [Int32] = [0, 0]
    expect(pipe(&fds) == 0)
    let writeEnd = fds[1]
    let writer = Thread {
        bytes.withUnsafeBytes { buf in
            var off = 0
            while off < buf.count {
                let n = write(writeEnd, buf.baseAddress! + off, buf.count - off)
                if n <= 0 { break }
                off += n
            }
        }
        close(writeEnd)
    }
    writer.start()
    try expect(FileIO.read("/proc/self/fd/\(fds[0])", maxBytes: 300_000) == bytes)
    close(fds[0])
}

/// `image info` tells an animated PNG by its acTL chunk: the frame count; a still PNG has none.
@Test func anAPNGsFrameCountIsInItsInfo() throws {
    let frame = try PNG.encode(Image(width: 3, height: 2, fill: Color.white.premultiplied))
    let animation = try PNGAnimation.assemble([frame, frame, frame], delay: (1, 10))
    try expect(PNG.readInfo(animation).animationFrames == 3)
    try expect(PNG.readInfo(frame).animationFrames == nil)
    expect(PNG.animationFrames(Array(animation.prefix(40))) == nil)
}
