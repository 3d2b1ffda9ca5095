import SweepGeometry
import SweepSelection

/// Who hears what a collection view does: its delegate, the app's closures
/// and its controller's toolbar. It is also the selection controller's
/// delegate: it passes those calls on to the view's delegate, which names
/// the view in each call, and enters editing mode when a sweep begins where
/// multiple selection needs it.
@MainActor
final class CollectionViewEvents: @MainActor SelectionDelegate {
    unowned let view: CollectionView
    weak var delegate: CollectionViewDelegate?
    var onSelectionChange: ((SelectionEvent) -> Void)?
    var onActivate: ((ItemPath) -> Void)?
    var onStateChange: (() -> Void)?
    /// Layout problems reported while the view had no delegate.
    var unheardLayoutProblems: [String] = []

    init(view: CollectionView) { self.view = view }

    func shouldSelect(_ item: ItemPath, source: SelectionSource) -> ItemPath? {
        guard let delegate = view.delegate else { return item }
        return delegate.collectionView(view, shouldSelect: item, source: source)
    }

    func didSelect(_ item: ItemPath, source: SelectionSource) {
        view.delegate?.collectionView(view, didSelect: item, source: source)
    }

    func shouldDeselect(_ item: ItemPath, source: SelectionSource) -> Bool {
        view.delegate?.collectionView(view, shouldDeselect: item, source: source) ?? true
    }

    func didDeselect(_ item: ItemPath, source: SelectionSource) {
        view.delegate?.collectionView(view, didDeselect: item, source: source)
    }

    func shouldBeginMultipleSelectionInteraction(at item: ItemPath) -> Bool {
        guard let delegate = view.delegate else { return view.allowsMultipleSelection || view.allowsMultipleSelectionDuringEditing }
        return delegate.collectionView(view, shouldBeginMultipleSelectionInteractionAt: item)
    }

    func didBeginMultipleSelectionInteraction(at item: ItemPath) {
        view.enterEditingForMultipleSelection()
        view.delegate?.collectionView(view, didBeginMultipleSelectionInteractionAt: item)
    }

    func didEndMultipleSelectionInteraction() {
        view.delegate?.collectionViewDidEndMultipleSelectionInteraction(view)
    }
}
