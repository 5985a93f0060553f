// `import Combine` in an app's file, ported, imports this module (docs/uikit.md "Combine"):
// OpenCombine's publishers, subjects, `@Published` and `ObservableObject`, with Foundation's
// and Dispatch's schedulers and publishers under Apple's names (`DispatchQueue.main` and
// `RunLoop.main` as schedulers, `NotificationCenter.default.publisher(for:)`,
// `Timer.publish(every:on:in:)`, `URLSession.dataTaskPublisher(for:)`, `decode(type:decoder:)`
// with JSONDecoder), which OpenCombine declares on Linux because Apple's Combine is absent.
@_exported import OpenCombine
@_exported import OpenCombineDispatch
@_exported import OpenCombineFoundation
