import FrameGenCodecs
import FrameGenRaster
import FrameGenScene

/// The texture of an image file, with its mip levels from `finestLevel` down (docs/design/rendering.md
/// §7, its JPEG levels). A JPEG's levels 1 to 3 are decoded at that reduction, inside libjpeg-turbo's
/// inverse DCT, instead of being reduced from the full image: a camera photo drawn as a thumbnail
/// never has its 12 megapixels decoded (a 1/8 decode costs about half a full one, mostly the
/// entropy decoding, and holds 1/64 of the pixels). Every level is the same whichever level a
/// frame asks for first (level k is always the 1/2^k decode, or always reduced from the level
/// above), so frames drawn in any order, on any thread, agree byte for byte.
enum FileTexture {
    /// The deepest level a JPEG of this size decodes straight into: a reduced decode is a level
    /// only where halving divides both sides exactly (libjpeg rounds a reduced side up, the mip
    /// chain rounds down), and libjpeg-turbo reduces by 8 at most.
    static func deepestDecodedLevel(width: Int, height: Int) -> Int {
        var k = 0
        while k < 3, width % (2 << k) == 0, height % (2 << k) == 0 { k += 1 }
        return k
    }

    static func make(_ path: String, finestLevel: Int) throws(FrameGenError) -> Texture {
        do throws(ImageFileError) {
            let bytes = try ImageFile.read(file: path)
            guard ImageFormat(magic: bytes) == .jpeg else {
                return Texture(try ImageFile.decode(bytes), finestLevel: finestLevel)
            }
            let info = try JPEG.readInfo(bytes)
            let deepest = deepestDecodedLevel(width: info.width, height: info.height)
            let first = min(max(finestLevel, 0), deepest)
            var decoded: [Image] = []
            for k in first...deepest { decoded.append(try JPEG.decode(bytes, reducedBy: 1 << k)) }
            guard
                let texture = Texture(
                    width: info.width, height: info.height, decoded: decoded, firstLevel: first,
                    finestLevel: finestLevel)
            else { throw ImageFileError(.invalidData, "invalid JPEG: a reduced decode has the wrong size") }
            return texture
        } catch {
            throw FrameGenError(image: error, file: path)
        }
    }
}
