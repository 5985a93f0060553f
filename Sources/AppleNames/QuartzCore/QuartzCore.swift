// `import QuartzCore` in a layout file written for iOS brings framegen's version of the API (docs/uikit.md).
@_exported import FrameGenUIKit
