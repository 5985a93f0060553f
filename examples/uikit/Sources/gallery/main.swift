import FrameGenCommandLine
import GalleryLayouts

// framegen's whole command line, with this package's layouts as scenes' `layout: {type: ...}`.
FrameGenCommandLine.main(layouts: Gallery.layouts, descriptors: Gallery.descriptors)
