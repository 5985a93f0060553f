import FrameGenCodecs
import FrameGenRaster
import FrameGenScene
import FrameGenText

// Decoding and generating an item's pixels, apart from ImageSource.swift: the scene resolves
// its content (files, aspect ratios, sizes) without drawing anything; the renderer draws.
extension ContentImages {
    /// Item `index`'s image, decoded (premultiplied) or generated with `longSide` pixels (its
    /// badge drawn with `text`).
    public func image(forItem index: Int, longSide: Int = 512, text: TextRenderer) throws(FrameGenError)
        -> Image
    {
        guard let file = file(forItem: index) else {
            guard case .generated(let seed) = source else {
                throw FrameGenError.badInput(nil, "no images to show")
            }
            return try generatedPhoto(seed: seed, index: index, longSide: longSide, text: text)
        }
        return try decodeImage(file)
    }

    /// The one place content decodes a file, so every image error reads the same.
    func decodeImage(_ path: String) throws(FrameGenError) -> Image {
        do {
            return try ImageFile.decode(file: path)
        } catch {
            throw FrameGenError.badInput(path, error.reason)
        }
    }
}
