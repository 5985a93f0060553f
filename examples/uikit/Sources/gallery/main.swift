import FrameGenCommandLine
import GalleryLayouts

// framegen's whole command line, with this package's layouts as scenes' `layout: {type: ...}`.
// The wheel draws its items with its own cell class (`cell: wheel-cell` in scenes/wheel.yaml).
FrameGenCommandLine.main(layouts: Gallery.layouts.merging(Wheel.layouts) { a, _ in a }, cells: Wheel.cells)
