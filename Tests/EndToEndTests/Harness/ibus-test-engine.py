"""An IBus engine for the tests (IBusGnomeShellTests), as ibus-libpinyin would be: once the file
argv[2] exists, the focused text field is shown "ni" being composed, then 你好 is committed. What
IBus says of the field (focus, its content type, the text around the cursor) is written to argv[1]."""
import os
import sys
import time
import gi
gi.require_version('IBus', '1.0')
from gi.repository import IBus, GLib

log = open(sys.argv[1], "a", buffering=1)

class Composer(IBus.Engine):
    """One per input context; the focused one types when the test asks (argv[2] appears)."""
    focused = None
    typed = False

    def do_focus_in(self):
        log.write("focus_in\n")
        Composer.focused = self
        # IBus tells an engine the text around the cursor once it has asked for it.
        self.get_surrounding_text()

    def do_focus_out(self):
        if Composer.focused is self:
            Composer.focused = None

    def do_set_content_type(self, purpose, hints):
        log.write("content type %d %d\n" % (purpose, hints))

    def do_set_surrounding_text(self, text, cursor, anchor):
        log.write("surrounding %s %d %d\n" % (text.get_text(), cursor, anchor))

    def compose(self):
        """"ni" being composed, then 你好 committed."""
        Composer.typed = True
        self.update_preedit_text(IBus.Text.new_from_string("ni"), 2, True)
        log.write("preedit\n")
        GLib.timeout_add(300, self.commit)

    def commit(self):
        self.update_preedit_text(IBus.Text.new_from_string(""), 0, False)
        self.commit_text(IBus.Text.new_from_string("你好"))
        log.write("committed\n")
        return False


def poll():
    if not Composer.typed and Composer.focused is not None and os.path.exists(sys.argv[2]):
        Composer.focused.compose()
    return True


GLib.timeout_add(50, poll)
IBus.init()
bus = IBus.Bus()
# The shell starts ibus-daemon itself: wait for it.
for _ in range(200):
    if bus.is_connected():
        break
    time.sleep(0.05)
    bus = IBus.Bus()
if not bus.is_connected():
    log.write("no ibus\n")
    sys.exit(1)
factory = IBus.Factory.new(bus.get_connection())
factory.add_engine("sweep-test", Composer.__gtype__)
component = IBus.Component.new("org.sweep.TestEngine", "Sweep test engine", "1", "", "", "", "", "")
component.add_engine(IBus.EngineDesc.new("sweep-test", "Sweep test", "Sweep test", "zh", "", "", "", "us"))
bus.register_component(component)
def done(bus, result):
    log.write("engine %s\n" % bus.set_global_engine_async_finish(result))
bus.set_global_engine_async("sweep-test", -1, None, done)
GLib.MainLoop().run()
