#!/usr/bin/python3
"""Reads an app through AT-SPI2 as a screen reader would (pyatspi): finds the
application named argv[1], walks to its list (a table), reads its items, selects
one through the Selection interface, activates one through Action, and
writes what it saw (and the events it heard) as JSON to argv[2]."""
import json
import sys
import time

import pyatspi
from gi.repository import Atspi, GLib

name, out = sys.argv[1], sys.argv[2]
mode = sys.argv[3] if len(sys.argv) > 3 else "demo"
result = {"events": []}


def find_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is not None and app.name == name:
            return app
    return None


def wait_for_app(seconds=20):
    """The application, once it is on the bus; None (and the error noted) if it never comes."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        app = find_app()
        if app is not None:
            return app
        time.sleep(0.2)
    result["error"] = "no application named " + name
    return None


def manages_descendants(obj):
    """A list of a million children made on demand: walked by index and only so far, never whole."""
    return obj.getState().contains(pyatspi.STATE_MANAGES_DESCENDANTS)


def some_children(obj, limit=200):
    """`obj`'s children, or a large list's first `limit` (those on screen and more)."""
    count = min(obj.childCount, limit) if manages_descendants(obj) else obj.childCount
    return [obj[i] for i in range(count)]


def find_all(obj, role, depth=0):
    """Objects of `role` under `obj`, depth first (a frame holds panels of toolbars and lists)."""
    found = []
    for child in obj:
        if child is None:
            continue
        if child.getRole() == role:
            found.append(child)
        if depth < 4 and not manages_descendants(child):
            found += find_all(child, role, depth + 1)
    return found


def timed(calls, name, call):
    start = time.monotonic()
    value = call()
    calls.append([name, round((time.monotonic() - start) * 1000, 2)])
    return value


def states(obj):
    state = obj.getState()
    return sorted(pyatspi.stateToString(s) for s in state.getStates())


def describe(obj):
    return {"name": obj.name, "role": obj.getRoleName(), "description": obj.description, "states": states(obj),
            "attributes": dict(a.split(":", 1) for a in obj.getAttributes()), "children": obj.childCount}


def probe():
    app = wait_for_app()
    if app is None:
        return
    result["app"] = {"name": app.name, "role": app.getRoleName(), "children": app.childCount,
                     "toolkit": app.get_toolkit_name()}
    frame = app[0]
    result["frame"] = describe(frame)
    boxes = find_all(frame, pyatspi.ROLE_TABLE)
    if not boxes:
        result["error"] = "no table in the frame"
        return
    box = boxes[0]
    # In normal mode, before the Edit button: Shift and Ctrl clicks select several all the same.
    result["listStatesBefore"] = states(box)
    bars = find_all(frame, pyatspi.ROLE_TOOL_BAR)
    result["toolbar"] = describe(bars[0]) if bars else None
    result["buttons"] = [bars[0][i].name for i in range(bars[0].childCount)] if bars else []
    if bars and bars[0].childCount:
        result["editClicked"] = bars[0][0].queryAction().doAction(0)
    tab_lists = find_all(frame, pyatspi.ROLE_PAGE_TAB_LIST)
    if tab_lists:
        tabs = tab_lists[0]
        result["tabs"] = [tabs[i].name for i in range(tabs.childCount)]
        result["selectedTabs"] = [tabs[i].name for i in range(tabs.childCount)
                                  if tabs[i].getState().contains(pyatspi.STATE_SELECTED)]
    result["list"] = describe(box)
    table = box.queryTable()
    result["table"] = [table.nRows, table.nColumns]
    result["items"] = [describe(box[i]) for i in range(min(4, box.childCount))]
    extents = box[1].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    result["extents"] = [extents.x, extents.y, extents.width, extents.height]
    selection = box.querySelection()
    result["selectChild"] = selection.selectChild(2)
    result["nSelected"] = selection.nSelectedChildren
    result["selectedName"] = selection.getSelectedChild(0).name if selection.nSelectedChildren else None
    result["box"] = box
    result["activate"] = box[3].queryAction().doAction(0)
    result["actionName"] = box[3].queryAction().getName(0)


def on_event(event):
    if event.type == "object:property-change:accessible-value":
        # When each came (s, taken first: reading the value is a round trip) and the value it told:
        # how often a scroll bar speaks, and where it ends.
        heard = time.monotonic()
        try:
            value = event.source.queryValue().currentValue
        except Exception:  # noqa: BLE001 - a value gone with its object is still a change heard
            value = None
        result.setdefault("valueChanges", []).append([heard, value])
        return
    result["events"].append(event.type)


def probe_picker():
    """The picker: its filter is an entry read and set through Text and EditableText."""
    app = wait_for_app()
    if app is None:
        return
    frame = app[0]
    entries = find_all(frame, pyatspi.ROLE_ENTRY)
    boxes = find_all(frame, pyatspi.ROLE_TABLE)
    statuses = find_all(frame, pyatspi.ROLE_STATUS_BAR)
    if not entries or not boxes:
        result["error"] = "no entry or table"
        return
    entry, box = entries[0], boxes[0]
    result["entry"] = describe(entry)
    result["textBefore"] = entry.queryText().getText(0, -1)
    result["itemsBefore"] = [box[i].name for i in range(box.childCount)]
    result["set"] = entry.queryEditableText().setTextContents("an")
    result["box"] = box
    result["entryObject"] = entry
    result["status"] = statuses[0].name if statuses else None


def probe_band():
    """A band played by the script: the items' selected states follow it."""
    app = wait_for_app()
    if app is None:
        return
    boxes = find_all(app[0], pyatspi.ROLE_TABLE)
    result["box"] = boxes[0]


def finish_band():
    box = result.pop("box", None)
    try:
        if box is not None:
            result["selected"] = [child.name for child in some_children(box)
                                  if child.getState().contains(pyatspi.STATE_SELECTED)]
            result["nSelected"] = box.querySelection().nSelectedChildren
    except Exception as error:  # noqa: BLE001
        result["error"] = repr(error)
    pyatspi.Registry.stop()
    return False


def probe_menu():
    """A context menu open in the app: a popup menu whose items can be read and clicked."""
    app = wait_for_app()
    deadline = time.time() + 20
    menus = []
    while app is not None and not menus and time.time() < deadline:
        menus = find_all(app[0], pyatspi.ROLE_POPUP_MENU) if app.childCount else []
        if not menus:
            time.sleep(0.2)
    if not menus:
        result["error"] = "no popup menu"
        return
    menu = menus[0]
    result["menuItems"] = [[menu[i].name, menu[i].getRoleName(), menu[i].getState().contains(pyatspi.STATE_ENABLED)]
                           for i in range(menu.childCount)]
    select_all = [menu[i] for i in range(menu.childCount) if menu[i].name == "Select All"][0]
    result["clicked"] = select_all.queryAction().doAction(0)


def tree(obj, depth=0):
    """`obj` and what is under it, as a screen reader would walk it (a list's first 16 children)."""
    node = {"role": obj.getRoleName(), "name": obj.name, "states": states(obj)}
    if obj.description:
        node["description"] = obj.description
    actions = obj.queryAction() if "Action" in pyatspi.listInterfaces(obj) else None
    if actions is not None and actions.nActions:
        node["actions"] = [actions.getName(i) for i in range(actions.nActions)]
    if depth < 6 and obj.childCount:
        node["children"] = [tree(obj[i], depth + 1) for i in range(min(16, obj.childCount)) if obj[i] is not None]
    return node


def targets(obj, depth=0):
    """What a finger could press in `obj`'s window: each showing object with an action, an
    editable text or a cell's role (a tap selects it), with its role, name and extents (window coordinates); a large list's showing
    children only (it says which it shows)."""
    found = []
    children = some_children(obj, 80) if manages_descendants(obj) else [obj[i] for i in range(obj.childCount)]
    for child in children:
        if child is None or not child.getState().contains(pyatspi.STATE_SHOWING):
            continue
        interfaces = pyatspi.listInterfaces(child)
        actions = child.queryAction().nActions if "Action" in interfaces else 0
        editable = "EditableText" in interfaces
        cell = child.getRole() in (pyatspi.ROLE_TABLE_CELL, pyatspi.ROLE_LIST_ITEM, pyatspi.ROLE_TREE_ITEM)
        if (actions or editable or cell) and "Component" in interfaces:
            box = child.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            around = obj.queryComponent().getExtents(pyatspi.WINDOW_COORDS) if "Component" in pyatspi.listInterfaces(obj) else None
            found.append({"role": child.getRoleName(), "name": child.name, "extents": [box.x, box.y, box.width, box.height],
                          "parent": obj.getRoleName(), "actions": actions,
                          "parentExtents": [around.x, around.y, around.width, around.height] if around else None})
        if depth < 12:
            found += targets(child, depth + 1)
    return found


def find_named(obj, role, name, depth=0):
    """The first object of `role` named `name` under `obj`, depth first."""
    for child in obj:
        if child is None:
            continue
        if child.getRoleName() == role and child.name == name:
            return child
        if depth < 6 and manages_descendants(child):
            found = next((item for item in some_children(child) if item.getRoleName() == role and item.name == name), None)
            if found is not None:
                return found
        elif depth < 6:
            found = find_named(child, role, name, depth + 1)
            if found is not None:
                return found
    return None


def find_role(obj, role, depth=0):
    """The first object of `role` under `obj`, depth first (not into tables' cells)."""
    for child in obj:
        if child is None:
            continue
        if child.getRoleName() == role:
            return child
        if depth < 8 and not manages_descendants(child):
            found = find_role(child, role, depth + 1)
            if found is not None:
                return found
    return None


def run_steps(steps):
    """Plays `steps` one after another on the app's frame, each after the one before:
    {"dump": label} records the tree, {"do": [role, name, action]} performs an action,
    {"select": [role, name]} selects a list's child through Selection, {"settext": [role, name, text]}
    sets an entry's text through EditableText, {"textselect": [role, name, start, end]} selects
    some of its text and {"readselection": [role, name]} reads back [count, start, end, text]
    through Text, {"readtext": [role, name]} reads its whole text, {"readvalue": [role, name]} reads
    [minimum, maximum, current, text] through Value and {"setvalue": [role, name, number]} sets
    its current value, {"wait": ms} waits, {"touch": path} writes "ready" to a file (a script's
    compositor can wait for it)."""
    app = wait_for_app()
    if app is None:
        pyatspi.Registry.stop()
        return False
    result["dumps"], result["done"] = {}, []

    def step(index):
        try:
            if index == len(steps):
                pyatspi.Registry.stop()
                return False
            current = steps[index]
            if "wait" in current:
                GLib.timeout_add(current["wait"], step, index + 1)
                return False
            if "touch" in current:
                with open(current["touch"], "w") as marker:
                    marker.write("ready")
            if "dump" in current:
                result["dumps"][current["dump"]] = tree(app[0])
            if "targets" in current:
                result.setdefault("targets", {})[current["targets"]] = [target for frame in app for target in targets(frame)]
            if "do" in current:
                role, name, action = current["do"]
                target = find_named(app[0], role, name)
                actions = target.queryAction() if target is not None else None
                names = [actions.getName(i) for i in range(actions.nActions)] if actions is not None else []
                result["done"].append(actions.doAction(names.index(action)) if action in names else "no " + action + " on " + role + " " + name)
            if "settext" in current:
                role, name, text = current["settext"]
                target = find_named(app[0], role, name)
                result["done"].append(target.queryEditableText().setTextContents(text) if target is not None else "no " + name)
            if "textselect" in current:
                role, name, start, end = current["textselect"]
                target = find_named(app[0], role, name)
                text = target.queryText() if target is not None else None
                if text is None:
                    result["done"].append("no " + name)
                elif text.getNSelections() > 0:
                    result["done"].append(text.setSelection(0, start, end))
                else:
                    result["done"].append(text.addSelection(start, end))
            if "readtext" in current:
                role, name = current["readtext"]
                target = find_named(app[0], role, name)
                text = target.queryText() if target is not None else None
                result["done"].append(text.getText(0, -1) if text is not None else "no " + name)
            if "readselection" in current:
                role, name = current["readselection"]
                target = find_named(app[0], role, name)
                text = target.queryText() if target is not None else None
                if text is None:
                    result["done"].append("no " + name)
                else:
                    count = text.getNSelections()
                    start, end = text.getSelection(0) if count > 0 else (0, 0)
                    result["done"].append([count, start, end, text.getText(start, end)])
            if "readvalue" in current:
                role, name = current["readvalue"]
                target = find_named(app[0], role, name)
                if target is None or "Value" not in pyatspi.listInterfaces(target):
                    result["done"].append("no value on " + role + " " + name)
                else:
                    value = target.queryValue()
                    text = Atspi.Value.get_text(target) if hasattr(Atspi.Value, "get_text") else ""
                    result["done"].append([value.minimumValue, value.maximumValue, value.currentValue, text])
            if "setvalue" in current:
                role, name, number = current["setvalue"]
                target = find_named(app[0], role, name)
                if target is None or "Value" not in pyatspi.listInterfaces(target):
                    result["done"].append("no value on " + role + " " + name)
                else:
                    target.queryValue().currentValue = float(number)
                    result["done"].append(True)
            if "table" in current:
                # A table's shape as a reader reads a row ({"table": [role, name, row, column]}): its rows,
                # columns, column headers, row 0's cells, the cell at (row, column) with its TableCell
                # position and header, row 0's first cell's states and every row's level.
                role, name, cell_row, cell_column = current["table"]
                target = find_named(app[0], role, name) or find_role(app[0], role)
                if target is None or "Table" not in pyatspi.listInterfaces(target):
                    result["done"].append("no table " + role + " " + name)
                else:
                    columns = Atspi.Table.get_n_columns(target)
                    headers = [getattr(Atspi.Table.get_column_header(target, c), "name", None) for c in range(columns)]
                    first_row = [Atspi.Table.get_accessible_at(target, 0, c).name for c in range(columns)]
                    entry = {"rows": Atspi.Table.get_n_rows(target), "columns": columns, "headers": headers, "row0": first_row}
                    if Atspi.Table.get_n_rows(target) > cell_row and columns > cell_column:
                        cell = Atspi.Table.get_accessible_at(target, cell_row, cell_column)
                        entry["cell"] = [cell.name, list(Atspi.TableCell.get_position(cell))[1:],
                                         [h.name for h in Atspi.TableCell.get_column_header_cells(cell)]]
                    entry["levels"] = [Atspi.Accessible.get_attributes(Atspi.Table.get_accessible_at(target, r, 0)).get("level")
                                       for r in range(min(Atspi.Table.get_n_rows(target), 12))]
                    first = Atspi.Table.get_accessible_at(target, 0, 0)
                    entry["state0"] = sorted(s.value_nick for s in Atspi.Accessible.get_state_set(first).get_states()
                                             if s.value_nick in ("expandable", "expanded", "collapsed", "selected", "editable"))
                    entry["level0"] = Atspi.Accessible.get_attributes(first).get("level")
                    result["done"].append(entry)
            if "select" in current:
                role, name = current["select"]
                target = find_named(app[0], role, name)
                box = target.parent if target is not None else None
                result["done"].append(box.querySelection().selectChild(target.getIndexInParent()) if box is not None else "no " + name)
        except Exception as error:  # noqa: BLE001 - the test reads what went wrong
            result["error"] = repr(error)
            pyatspi.Registry.stop()
            return False
        GLib.timeout_add(300, step, index + 1)
        return False

    step(0)
    return False


def run():
    try:
        if mode == "steps":
            return run_steps(json.loads(sys.argv[4]))
        if mode == "menu":
            probe_menu()
            GLib.timeout_add(500, finish)
            return False
        if mode == "band":
            probe_band()
            GLib.timeout_add(4000, finish_band)
            return False
        if mode == "picker":
            probe_picker()
            GLib.timeout_add(800, finish_picker)
            return False
        probe()
    except Exception as error:  # noqa: BLE001 - the test reads what went wrong
        result["error"] = repr(error)
    # Events arrive through the main loop: listen a moment longer (libatspi updates its cached
    # states from them), read the selected item again, then stop.
    GLib.timeout_add(1500, finish)
    return False


def more(box):
    # Out of range, negative and huge: nothing, never a crash.
    result["outOfRange"] = [box.getChildAtIndex(-1) is None, box.getChildAtIndex(1 << 30) is None,
                            box.querySelection().selectChild(-3), box.querySelection().selectChild(1 << 30), box.querySelection().deselectChild(1 << 30)]
    # Each call on a list of a million items, timed.
    calls = []
    timed(calls, "childCount", lambda: box.childCount)
    timed(calls, "getChildAtIndex", lambda: box.getChildAtIndex(5).name)
    timed(calls, "getState", lambda: box[5].getState())
    timed(calls, "getAttributes", lambda: box[5].getAttributes())
    timed(calls, "nSelectedChildren", lambda: box.querySelection().nSelectedChildren)
    timed(calls, "lastChild", lambda: box.getChildAtIndex(box.childCount - 1).name)
    timed(calls, "rowOfLast", lambda: box.queryTable().getRowAtIndex(box.childCount - 1))
    result["selectAll"] = timed(calls, "selectAll", lambda: box.querySelection().selectAll())
    result["selectedAfterAll"] = box.querySelection().nSelectedChildren
    result["selectedRowsAfterAll"] = box.queryTable().nSelectedRows
    result["clearSelection"] = timed(calls, "clearSelection", lambda: box.querySelection().clearSelection())
    result["selectedAfterClear"] = box.querySelection().nSelectedChildren
    result["calls"] = calls


def finish():
    box = result.pop("box", None)
    if box is not None:
        try:
            result["itemAfter"] = describe(box[2])
            more(box)
        except Exception as error:  # noqa: BLE001
            result["error"] = repr(error)
        # The script scrolls to the end meanwhile: the exposed children change, announced.
        result["box"] = box
        GLib.timeout_add(4000, after_scroll)
        return False
    pyatspi.Registry.stop()
    return False


def finish_picker():
    box, entry = result.pop("box", None), result.pop("entryObject", None)
    try:
        if box is not None:
            result["itemsAfter"] = [box[i].name for i in range(box.childCount)]
            result["textAfter"] = entry.queryText().getText(0, -1)
            result["characterCount"] = entry.queryText().characterCount
    except Exception as error:  # noqa: BLE001
        result["error"] = repr(error)
    pyatspi.Registry.stop()
    return False


def after_scroll():
    box = result.pop("box")
    try:
        held = box[5]
        # Reading 2,000 other rows lets row 5's object go: it answers as defunct, not as unknown.
        for index in range(100, 2100):
            box.getChildAtIndex(index)
        showing = [child.name for child in some_children(box, 30) if child.getState().contains(pyatspi.STATE_SHOWING)]
        result["afterScroll"] = {"children": box.childCount, "first": showing[0] if showing else None,
                                 "last": box[box.childCount - 1].name, "heldStates": states(held)}
    except Exception as error:  # noqa: BLE001
        result["error"] = repr(error)
    pyatspi.Registry.stop()
    return False


pyatspi.Registry.registerEventListener(on_event, "object:selection-changed", "object:state-changed:selected",
                                       "object:state-changed:checked", "object:state-changed:showing",
                                       "window:activate", "object:children-changed", "object:text-changed",
                                       "object:property-change:accessible-name",
                                       "object:property-change:accessible-value")
GLib.idle_add(run)
pyatspi.Registry.start()
with open(out, "w") as f:
    json.dump(result, f)
