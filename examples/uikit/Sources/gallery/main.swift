import FrameGenCommandLine
import GalleryLayouts

// framegen's whole command line, with this package's layouts as scenes' `layout: {type: ...}`.
// The wheel draws its items with its own cell class (`cell: wheel-cell` in scenes/wheel.yaml);
// the ports of the built-in layouts come as descriptors, with the built-ins' looks.
FrameGenCommandLine.main(
    layouts: Gallery.layouts.merging(Wheel.layouts) { a, _ in a }, cells: Wheel.cells,
    descriptors: Gallery.descriptors)
