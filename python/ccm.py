"""ccm -- the cost-centre abstract machine from Python, over libccm.so.

Standard library only (ctypes).  The library is found, in this order, at
$CCM_LIB, at build/libccm.so of the source tree this file sits in, and
where the dynamic linker finds "ccm" (an installed libccm.so.0).

    import ccm
    run = ccm.run_text('main = let f = scc "fun" \\\\x -> x; a = 1 in f a;')
    run.status          # "value", or the error kind ("div_zero", "steps", ...)
    run.value           # "1"  (an integer, a constructor name or "<function>")
    run.costs["fun"]    # {"A": 0, "C": 0, "V": 1, "U": 1, ..., "entries": 1, ...}

    run = ccm.run_json({"bindings": [{"name": "main", "body": {"node": "literal", "value": 1}}]})

run_json takes the program as JSON core (docs/core-json.md): a dict as
json.loads gives it, or its JSON text.  Static errors (parse, scope, ...)
raise ccm.LoadError with the "FILE:LINE:COL: message" text (for JSON core,
"FILE:/json/path: message").  Runtime and resource errors are results,
not exceptions: status names the cause, costs hold the costs so far.
"""
import ctypes
import ctypes.util
import json
import os

COUNTERS = ("A", "C", "V", "U", "H", "P", "entries", "subentries")


class LoadError(Exception):
    """The program did not load: the message is "FILE:LINE:COL: message"."""


def _find_library():
    env = os.environ.get("CCM_LIB")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    tree = os.path.join(os.path.dirname(here), "build", "libccm.so")
    if os.path.exists(tree):
        return tree
    found = ctypes.util.find_library("ccm")
    if not found:
        raise OSError("libccm.so not found: set CCM_LIB, build the tree (make) or install ccm")
    return found


def _load():
    lib = ctypes.CDLL(_find_library())
    S, c = ctypes.c_void_p, ctypes
    sigs = {
        # struct ccm_options stays opaque here: the library sizes, fills and checks it
        "ccm_options_size": (c.c_size_t, []),
        "ccm_options_default": (None, [c.c_void_p]),
        "ccm_option_json": (c.c_int, [c.c_void_p, c.c_char_p, c.c_char_p, c.c_char_p, c.c_size_t]),
        "ccm_options_table_json": (c.c_size_t, [c.c_char_p, c.c_size_t]),
        "ccm_session_from_text": (S, [c.c_char_p, c.c_char_p, c.c_size_t, c.c_void_p, c.c_char_p, c.c_size_t]),
        "ccm_session_from_json": (S, [c.c_char_p, c.c_char_p, c.c_size_t, c.c_void_p, c.c_char_p, c.c_size_t]),
        "ccm_session_free": (None, [S]),
        "ccm_session_run": (c.c_int, [S]),
        "ccm_session_steps": (c.c_uint64, [S]),
        "ccm_session_current_cc": (c.c_int32, [S]),
        "ccm_session_ncc": (c.c_int32, [S]),
        "ccm_session_cc_name": (c.c_char_p, [S, c.c_int32]),
        "ccm_session_cost": (c.c_uint64, [S, c.c_int32, c.c_int]),
        "ccm_session_nstacks": (c.c_int32, [S]),
        "ccm_session_stack_parent": (c.c_int32, [S, c.c_int32]),
        "ccm_session_stack_cc": (c.c_int32, [S, c.c_int32]),
        "ccm_session_stack_cost": (c.c_uint64, [S, c.c_int32, c.c_int]),
        "ccm_session_current_stack": (c.c_int32, [S]),
        "ccm_session_value": (c.c_char_p, [S, c.c_char_p, c.c_size_t]),
        "ccm_session_error_message": (c.c_char_p, [S, c.c_int, c.c_char_p, c.c_size_t]),
        "ccm_status_kind": (c.c_char_p, [c.c_int]),
        "ccm_exit_status": (c.c_int, [c.c_int]),
        "ccm_kernel_proven": (c.c_int, []),
    }
    for name, (res, args) in sigs.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args
    return lib


_lib = _load()


def _table():
    n = _lib.ccm_options_table_json(None, 0)
    buf = ctypes.create_string_buffer(n + 1)
    _lib.ccm_options_table_json(buf, len(buf))
    return {row["key"]: row for row in json.loads(buf.value.decode())}


# The options of a run, the library's one table (lib/options_table.h), as
# `ccm options --json` prints it: {key: {"flag", "kind", "values" or "min"
# and "max", "default", "help"}}.  Read, never written here.
OPTIONS = _table()


class Result:
    """One run: status ("value" or the error kind), value (text, or None
    after an error), error (the message naming the cause, or None), steps,
    returned_cc (the cost centre a value returned in), exit_status (as
    `ccm run` would exit) and costs {cost centre: {counter: n}}.  With
    push append or ghc (docs/stacks.md) also stacks {(names, root
    first): {counter: n}}, each stack's own counts, every stack the run
    made, and returned_stack (names, or None); else both are None."""

    def __init__(self, status, value, error, steps, returned_cc, exit_status, costs, stacks=None,
                 returned_stack=None):
        self.status, self.value, self.error = status, value, error
        self.steps, self.returned_cc, self.exit_status, self.costs = steps, returned_cc, exit_status, costs
        self.stacks, self.returned_stack = stacks, returned_stack

    def __repr__(self):
        return f"<ccm.Result {self.status} value={self.value!r} steps={self.steps}>"


def _options(options):
    """The library's struct ccm_options with the given options set: the
    library checks each value (ValueError with its message), the table
    says which names exist (TypeError for any other).  None: the default."""
    opt = ctypes.create_string_buffer(_lib.ccm_options_size())
    _lib.ccm_options_default(opt)
    err = ctypes.create_string_buffer(256)
    for key, v in options.items():
        if key not in OPTIONS:
            raise TypeError(f"unknown option {key!r} (options: {', '.join(OPTIONS)})")
        if v is not None and _lib.ccm_option_json(opt, key.encode(), json.dumps(v).encode(), err, len(err)) != 0:
            raise ValueError(err.value.decode())
    return opt


def run_text(text, file="<text>", **options):
    """Load program text and run main; return a Result (LoadError if the
    program does not load).  Options: keyword arguments named by the keys
    of OPTIONS, with the command line's values and ranges (None: the default)."""
    data = text.encode() if isinstance(text, str) else bytes(text)
    return _run(_lib.ccm_session_from_text, data, file, **options)


def run_json(core, file="<json>", **options):
    """run_text for a program as JSON core: a dict (or list, ...) that is
    sent as JSON, or JSON text (str or bytes) sent as it is."""
    if isinstance(core, (str, bytes, bytearray)):
        data = core.encode() if isinstance(core, str) else bytes(core)
    else:
        data = json.dumps(core).encode()
    return _run(_lib.ccm_session_from_json, data, file, **options)


def _run(load, data, file, **options):
    opt = _options(options)
    err = ctypes.create_string_buffer(1100)
    s = load(file.encode(), data, len(data), opt, err, len(err))
    if not s:
        raise LoadError(err.value.decode(errors="replace"))
    try:
        st = _lib.ccm_session_run(s)
        buf = ctypes.create_string_buffer(512)
        value = error = returned = None
        if st == 1:      # CCM_VALUE
            value = _lib.ccm_session_value(s, buf, len(buf)).decode()
            returned = _lib.ccm_session_cc_name(s, _lib.ccm_session_current_cc(s)).decode()
        else:
            error = _lib.ccm_session_error_message(s, st, buf, len(buf)).decode(errors="replace")
        costs = {}
        for cc in range(_lib.ccm_session_ncc(s)):
            costs[_lib.ccm_session_cc_name(s, cc).decode()] = {
                k: _lib.ccm_session_cost(s, cc, i) for i, k in enumerate(COUNTERS)}
        stacks = returned_stack = None
        if options.get("push") not in (None, OPTIONS["push"]["default"]):
            names = []                   # each node's names; a parent comes before its children
            for n in range(_lib.ccm_session_nstacks(s)):
                p = _lib.ccm_session_stack_parent(s, n)
                names.append((names[p] if p >= 0 else ()) +
                             (_lib.ccm_session_cc_name(s, _lib.ccm_session_stack_cc(s, n)).decode(),))
            stacks = {names[n]: {k: _lib.ccm_session_stack_cost(s, n, i) for i, k in enumerate(COUNTERS)}
                      for n in range(len(names))}
            if st == 1:
                returned_stack = names[_lib.ccm_session_current_stack(s)]
        return Result(_lib.ccm_status_kind(st).decode(), value, error, _lib.ccm_session_steps(s),
                      returned, _lib.ccm_exit_status(st), costs, stacks, returned_stack)
    finally:
        _lib.ccm_session_free(s)


def run_file(path, **options):
    """run_text on a file's contents, named by its path in messages."""
    with open(path, "rb") as f:
        return run_text(f.read(), file=path, **options)


def kernel_proven():
    """True when the library's kernel sources are the proven ones (ccm version)."""
    return _lib.ccm_kernel_proven() == 1
