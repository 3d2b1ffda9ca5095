/// Playing interactions without input devices: the same calls the
/// recognizers make, for tours, demos and tests of apps. Points are in the
/// view's own coordinates (0, 0 is its top-left corner). They are outside
/// the API an app builds on: `@_spi(Automation) import SweepUI` reaches them.
extension CollectionView {
    /// Starts a sweep at `point` as two fingers would (asking the delegate
    /// first); false when none may start there.
    @_spi(Automation) @discardableResult
    public func playSweepBegin(at point: Point, input: SweepInputKind = .touch2) -> Bool {
        let (allowed, asked) = interactor.sweepShouldBegin(at: point, input: input)
        apply(asked)
        guard allowed else { return false }
        apply(interactor.startSweep(at: point, input: input))
        return true
    }

    @_spi(Automation) public func playSweepMove(to point: Point) { apply(interactor.moveSweep(to: point)) }
    @_spi(Automation) public func playSweepEnd() { apply(interactor.endSweep()) }
    @_spi(Automation) public func playSweepCancel() { apply(interactor.cancelSweep()) }

    /// Starts a band from `anchor` to `point` with the modifiers held at the press.
    @_spi(Automation) public func playBandBegin(from anchor: Point, to point: Point, modifiers: Modifiers = []) {
        apply(interactor.beginBand(anchor: anchor, modifiers: modifiers, to: point))
    }

    @_spi(Automation) public func playBandMove(to point: Point) { apply(interactor.moveBand(to: point)) }
    @_spi(Automation) public func playBandEnd() { apply(interactor.endBand()) }

    /// A tap at `point`: toggles in editing mode, else selects and activates.
    @_spi(Automation) public func playTap(at point: Point) { apply(interactor.tap(at: point)) }

    /// Selects `item` as a person's tap would, with the delegate's calls
    /// and activation in normal mode.
    @_spi(Automation) public func playSelect(_ item: ItemPath) {
        var events: [InteractionEvent] = [.selection(selection.select(item, source: .tap), provisional: false)]
        if selection.activatedItem == item { events.append(.activate(item)) }
        apply(events)
    }
}
