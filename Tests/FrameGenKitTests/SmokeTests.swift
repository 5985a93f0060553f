import Testing

@testable import FrameGenKit
