// Swift Testing declares a cross-import overlay with this name: a file that imports both Testing
// and CoreImage (or UIKit, which brings it) makes the compiler load it (on Apple platforms it
// holds attachments for Core Image's images). framegen's is empty; without it, such a file does
// not compile on Linux.
