import Testing

@testable import FrameGenCompositor
