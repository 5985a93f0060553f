// FrameGenKit is the library's one product for scenes and rendering: these modules, re-exported,
// so that `import FrameGenKit` names everything they make public.
@_exported import FrameGenRender  // the render pipeline and its outputs, content, in-memory rendering
@_exported import FrameGenScene  // scenes, documents, attribute files, the timeline and its planner
@_exported import FrameGenTools  // golden, bench, compare, image and attributes tools
