/// A picture (GTK's `GtkPicture`, UIKit's `UIImageView`): a bitmap shown
/// whole, centred, its shape kept, scaled down to fit its frame and never
/// up beyond one pixel of the picture to a logical pixel (a small picture
/// stays sharp). Its natural size is the picture's; at a width, its natural
/// height keeps the shape (`naturalHeight(forWidth:)`), so in a column of a
/// `ScrollView` a tall picture scrolls. A screen reader hears an image
/// named by `accessibleLabel`.
@MainActor
public final class ImageView: Component {
    /// The picture; nil shows nothing (the background).
    public var image: Bitmap? {
        didSet {
            guard image != oldValue else { return }
            invalidate()
            // Another shape: a column or a scroll view above it lays out again.
            if image?.width != oldValue?.width || image?.height != oldValue?.height { host?.setNeedsLayout() }
        }
    }
    /// What a screen reader calls the picture (its file's name, what it shows).
    public var accessibleLabel = "" {
        didSet { if accessibleLabel != oldValue, let object = accessibleObject { accessibility?.nameChanged(object) } }
    }
    public private(set) var frame: Rect = .zero
    public var isVisible = true
    private weak var host: ComponentHost?
    private var themes = ThemeSource()

    public init(image: Bitmap? = nil, accessibleLabel: String = "") {
        self.image = image
        self.accessibleLabel = accessibleLabel
    }

    public func attach(to host: ComponentHost) { self.host = host }

    public func setFrame(_ newFrame: Rect) {
        invalidate()
        frame = newFrame
        invalidate()
    }

    private func invalidate() { host?.invalidate(Region(frame)) }

    public func inheritedThemeDidChange(to theme: Theme) { if themes.inherit(theme) { invalidate() } }

    public var sizeNeeds: SizeNeeds {
        guard let image else { return .none }
        return SizeNeeds(minimum: .zero, natural: Size(width: Double(image.width), height: Double(image.height)))
    }

    public func naturalHeight(forWidth width: Double) -> Double {
        guard let image, image.width > 0, width.isFinite else { return 0 }
        return (min(max(0, width), Double(image.width)) * Double(image.height) / Double(image.width)).rounded(.up)
    }

    /// Where the picture is drawn: fitted in the frame, centred, at most its own size.
    public var pictureRect: Rect? {
        guard let image, image.width > 0, image.height > 0, frame.width > 0, frame.height > 0 else { return nil }
        let fit = min(1, frame.width / Double(image.width), frame.height / Double(image.height))
        let width = (Double(image.width) * fit).rounded(), height = (Double(image.height) * fit).rounded()
        return Rect(x: (frame.midX - width / 2).rounded(), y: (frame.midY - height / 2).rounded(), width: width, height: height)
    }

    public func draw(in canvas: Canvas, damage: Region) {
        guard damage.intersects(frame) else { return }
        canvas.fill(frame, color: themes.current.background)
        if let image, let rect = pictureRect { canvas.drawBitmap(image, in: rect) }
    }

    private var accessibility: AccessibilityBridge? { (host as? AppWindow)?.application.accessibility }

    public private(set) lazy var accessibleObject: AccessibleObject? = {
        let object = AccessibleObject(role: .image)
        object.name = { [unowned self] in accessibleLabel }
        object.extents = { [unowned self] in pictureRect ?? frame }
        object.states = { [unowned self] in isVisible ? .usable : [] }
        return object
    }()
}
