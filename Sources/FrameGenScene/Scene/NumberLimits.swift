/// The ranges a scene's numbers are read within (docs/scene.md lists them with each key).
/// Numbers past them are refused when the file is read, each with its key path (exit 2), so
/// that no drawing step ever meets a coordinate it cannot turn into a pixel (issue 24). What a
/// layout computes from them, or an attribute file gives for its elements, is not refused: the
/// frame composer skips an element whose drawn extent passes `drawnExtent` (one warning).
public enum NumberLimits {
    /// Style lengths in points: cornerRadius, border width, imageInset and each coordinate of a
    /// shadow's offset. Six times the largest canvas (16384 points): a longer one cannot look
    /// different on any canvas.
    public static let styleLength = 100_000.0
    /// A view's frame origin, contentInset and contentOffset, and a timeline's positions,
    /// distances and velocities: a hundred thousand items of 10,000 points still fit.
    public static let position = 1e9
    /// A view's frame size: at most this many points wide and high.
    public static let viewSize = 100_000.0
    /// Every number of a layout's parameters (itemSize, spacing, insets...).
    public static let layoutParameter = 1e6
    /// An element is not drawn when its position in the view, its size, its transform's
    /// translation, or its size times its transform's largest scale factor passes this many
    /// points: such an extent lies far outside any canvas, and the arithmetic that would place
    /// it in pixels loses every digit.
    public static let drawnExtent = 1e7
}
