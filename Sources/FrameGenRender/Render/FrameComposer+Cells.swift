import FrameGenCompositor
import FrameGenGeometry
import FrameGenLayerCompositing
import FrameGenLayout
import FrameGenRaster
import FrameGenScene

// A cell's view tree (a UIKit layout's registered cell, docs/uikit.md "Cells") as compositor
// layers: FrameGenLayerCompositing converts the tree; the scene's photos in it come from this composer's
// texture cache, as the scene's styles draw them.
extension FrameComposer {
    /// The cell's layer, placed in the view's visible bounds (`viewBounds`' origin is the content
    /// offset the cell's position is measured from) of `view`, drawn at `scale`.
    func cellLayer(
        _ snapshot: LayerSnapshot, viewBounds: Rect, scale: Double, view: ViewLayer, ticket: UInt64
    ) throws(FrameGenError) -> Layer? {
        // Flattening, not raster: `bench` times the tree's conversion apart from drawing it.
        try PhaseClock.measure(.flattening) { () throws(FrameGenError) in
            try cellLayers.layer(snapshot, viewBounds: viewBounds, scale: scale, view: view) {
                (c, source, layer, map) throws(FrameGenError) in
                try scenePhotoContents(c, source: source, in: layer, map: map, scale: scale, ticket: ticket)
            }
        }
    }

    /// A scene photo in an image view (docs/uikit.md "The scene's photos"): the texture the
    /// scene's styles draw it from (the texture cache's, with the mip levels this drawing reads,
    /// a JPEG's reduced decodes), placed by the view's content mode as a styled cell's image is.
    private func scenePhotoContents(
        _ c: LayerSnapshot.Contents, source: String, in layer: Layer, map: Homography, scale: Double,
        ticket: UInt64
    ) throws(FrameGenError) -> LayerContents? {
        let name = try ImageName(parsing: source, relativeTo: "")
        let (width, height) = try imageSize(name)
        let rect = LayerContents.imageRect(
            imageWidth: width, imageHeight: height, mode: c.contentMode, inset: 0, offset: .zero,
            in: layer.size, scale: c.usableScale ?? scale, alignment: c.alignment)
        var finest = 0
        if let m = LayerContents.deviceToTexture(
            imageWidth: width, imageHeight: height, rect: rect, localToDevice: map)
        {
            finest = Texture.finestLevelRead(width: width, height: height, deviceToTexture: m)
        }
        let texture = try PhaseClock.outsidePhases { () throws(FrameGenError) in
            try self.texture(name, finestLevel: finest, ticket: ticket)
        }
        return LayerContents(c, texture: texture)
    }

}
