/// A value handed across a `Sendable` boundary where the code that receives it runs where the
/// app's code runs on iOS, never concurrently with it: the flow engine's delegate callbacks,
/// called synchronously inside `prepare()`; an app's closure given to Foundation's timer or to a
/// real queue, which iOS would run on the main thread.
struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
