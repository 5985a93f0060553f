import FrameGenKit
import TestTiers
import Testing

/// `import FrameGenKit` alone names what FrameGenScene, FrameGenRender and FrameGenTools make
/// public: the umbrella module re-exports them (this file imports no other framegen module).
@Test func frameGenKitReExportsTheSceneRenderAndToolsModules() {
    let scene: Any.Type = FrameGenError.self
    let render: Any.Type = RenderPipeline.self
    let tools: Any.Type = GoldenTool.self
    let pixels: Any.Type = StraightImage.self
    expect([scene, render, tools, pixels].count == 4)
}
