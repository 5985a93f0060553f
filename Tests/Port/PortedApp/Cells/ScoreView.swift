import Combine
import UIKit

// A view model and its view bound with Combine, as an MVVM app writes them: `@Published`,
// `ObservableObject`, `assign(to:on:)`, `sink`, a notification's publisher and a scheduler.
final class ScoreViewModel: ObservableObject {
    static let reset = Notification.Name("ScoreViewModel.reset")

    @Published var score = 0
    @Published private(set) var title = "No score"
    private var cancellables = Set<Combine.AnyCancellable>()

    init() {
        $score.map { $0 == 0 ? "No score" : "Score: \($0)" }
            .assign(to: \.title, on: self)
            .store(in: &cancellables)
        NotificationCenter.default.publisher(for: Self.reset)
            .sink { [weak self] _ in self?.score = 0 }
            .store(in: &cancellables)
    }
}

final class ScoreView: UIView {
    let label = UILabel()
    private(set) var changes = 0
    private var cancellables = Set<AnyCancellable>()

    func bind(to model: ScoreViewModel) {
        model.$title.sink { [weak self] in self?.label.text = $0 }.store(in: &cancellables)
        model.objectWillChange.sink { [weak self] _ in self?.changes += 1 }.store(in: &cancellables)
        model.$score.map { $0 >= 10 ? UIColor.systemGreen : UIColor.systemGray }
            .assign(to: \.backgroundColor, on: self)
            .store(in: &cancellables)
    }

    /// Values delivered on the main queue, later, as a view bound to a network model takes them.
    func bindLater(to model: ScoreViewModel) {
        model.$title.receive(on: DispatchQueue.main).sink { [weak self] in self?.label.text = $0 }
            .store(in: &cancellables)
    }
}

#if canImport(Combine)
    extension ScoreViewModel {
        /// Compiled only where Combine can be imported, as it can through framegen.
        var scores: AnyPublisher<Int, Never> { $score.eraseToAnyPublisher() }
    }
#endif
