/// Playing interactions without input devices: the same calls the
/// recognizers make, for tours, demos and tests of apps. Points are in the
/// view's own coordinates (0, 0 is its top-left corner).
extension CollectionView {
    /// Starts a sweep at `point` as two fingers would (asking the delegate
    /// first); false when none may start there.
    @discardableResult
    public func playSweepBegin(at point: Point, input: SweepInputKind = .touch2) -> Bool {
        let (allowed, asked) = interactor.sweepShouldBegin(at: point, input: input)
        apply(asked)
        guard allowed else { return false }
        apply(interactor.startSweep(at: point, input: input))
        return true
    }

    public func playSweepMove(to point: Point) { apply(interactor.moveSweep(to: point)) }
    public func playSweepEnd() { apply(interactor.endSweep()) }
    public func playSweepCancel() { apply(interactor.cancelSweep()) }

    /// Starts a band from `anchor` to `point` with the modifiers held at the press.
    public func playBandBegin(from anchor: Point, to point: Point, modifiers: Modifiers = []) {
        apply(interactor.beginBand(anchor: anchor, modifiers: modifiers, to: point))
    }

    public func playBandMove(to point: Point) { apply(interactor.moveBand(to: point)) }
    public func playBandEnd() { apply(interactor.endBand()) }

    /// A tap at `point`: toggles in editing mode, else selects and activates.
    public func playTap(at point: Point) { apply(interactor.tap(at: point)) }

    /// Selects `ranges` as the app (replacing the selection unless `additive`).
    public func selectRanges(_ ranges: [ItemRange], additive: Bool = false) {
        apply([.selection(selection.selectRanges(ranges, additive: additive, source: .api), provisional: false)], cause: .api)
    }

    /// Selects `item` as a person's tap would, with the delegate's calls
    /// and activation in normal mode.
    public func playSelect(_ item: ItemPath) {
        var events: [InteractionEvent] = [.selection(selection.select(item, source: .tap), provisional: false)]
        if selection.activatedItem == item { events.append(.activate(item)) }
        apply(events)
    }
}
