import Foundation
import FrameGenGeometry
import FrameGenLayout

extension CGContext {
    /// Records `text` laid out in `rect` (user space) as a label of the rect's size lays it out,
    /// at the context's alpha, seen inside the clip; nothing for a rect that is not a number or
    /// is empty, or a blend mode framegen does not paint in. UIKit's string drawing
    /// (NSStringDrawing) calls this: Core Graphics' own text calls are not there.
    package func draw(_ text: LayerSnapshot.Text, in rect: CGRect) {
        let r = rect.standardized
        let opacity = min(max(state.alpha, 0), 1)
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite, r.width > 0,
            r.height > 0, !text.string.isEmpty, opacity > 0, state.blendMode.isDrawn
        else { return }
        let run = LayerSnapshot.Drawing.TextRun(
            text: text, rect: r.geometry, transform: state.ctm.geometry, alpha: Double(opacity))
        record(LayerSnapshot.Drawing.Part(text: run, clips: state.clips))
    }
}
