// QuartzCore's API is written in Core Graphics' types (CGAffineTransform, CGColor, CGPath), and
// Apple's QuartzCore module re-exports Core Graphics; this one does too.
@_exported import FrameGenCoreGraphics
