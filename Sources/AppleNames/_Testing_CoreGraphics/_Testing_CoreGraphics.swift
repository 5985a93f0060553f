// Swift Testing declares a cross-import overlay with this name: a file that imports both Testing
// and CoreGraphics makes the compiler load it (on Apple platforms it holds attachments for CoreGraphics's images).
// framegen's is empty; without it, such a file does not compile on Linux.
