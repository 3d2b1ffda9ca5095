import SweepGestures

/// The recognizers of a collection view (list or grid), in the order they see input, and how
/// they are arbitrated: every sweep goes before scrolling (the one-finger
/// scroll waits for the checkbox-column sweep to fail), and a click waits for
/// the band to fail, so a press that becomes a band selects nothing by itself.
@MainActor
final class CollectionGestures {
    let view: GestureView
    /// Two touches moving together (interaction.md §3).
    let twoFingerSweep = TwoFingerSweepGestureRecognizer(name: "two-finger sweep")
    /// One finger starting in the checkbox column (a list) or moving across
    /// the cells (a grid), in editing mode.
    let checkboxSweep = PanGestureRecognizer(name: "checkbox sweep", minimumTouches: 1, maximumTouches: 1)
    /// A three- or four-finger touchpad swipe.
    let swipeSweep = PanGestureRecognizer(name: "swipe sweep", minimumTouches: 3, maximumTouches: 4)
    /// Two touchpad fingers held, then scrolling.
    let holdSweep = HoldScrollSweepGestureRecognizer(name: "hold sweep")
    /// One finger scrolling the touchscreen.
    let scrollPan = PanGestureRecognizer(name: "scroll", minimumTouches: 1, maximumTouches: 1)
    let tap = TapGestureRecognizer(name: "tap")
    let longPress = LongPressGestureRecognizer(name: "long press")
    /// Two touches apart or together, or the touchpad pinch: zooms a zoomable layout (a grid).
    let pinch = PinchGestureRecognizer(name: "pinch")
    let band = BandGestureRecognizer(name: "band")
    /// A press on a selected item that moves: the selection is dragged out (the band fails there).
    let dragOut = BandGestureRecognizer(name: "drag")
    let click = ClickGestureRecognizer(name: "click")
    /// The scrollbar's strip along the right edge, over `view`: a mouse user
    /// drags its thumb or clicks its trough. It takes input only while the
    /// pointer is over it (a finger there scrolls the items, a band there
    /// never starts).
    let scrollbar: GestureView
    let scrollbarDrag = BandGestureRecognizer(name: "scrollbar drag")
    let scrollbarClick = ClickGestureRecognizer(name: "scrollbar click")

    init(view: GestureView, zooms: Bool) {
        self.view = view
        scrollbar = GestureView(name: view.name + " scrollbar", frame: .zero)
        scrollbar.isUserInteractionEnabled = false
        scrollbarDrag.hysteresis = 1
        scrollbarClick.require(toFail: scrollbarDrag)
        scrollbar.addRecognizer(scrollbarDrag)
        scrollbar.addRecognizer(scrollbarClick)
        pinch.isEnabled = zooms
        checkboxSweep.acceptsTouchpadSwipes = false
        scrollPan.acceptsTouchpadSwipes = false
        scrollPan.require(toFail: checkboxSweep)
        click.require(toFail: band)
        click.require(toFail: dragOut)
        for recognizer: GestureRecognizer in [twoFingerSweep, checkboxSweep, swipeSweep, holdSweep, scrollPan,
                                              pinch, tap, longPress, band, dragOut, click] {
            view.addRecognizer(recognizer)
        }
    }
}
