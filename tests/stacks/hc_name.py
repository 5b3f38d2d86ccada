"""tests/stacks/hc_name.py -- how GHC's +RTS -hc names a cost-centre stack
in a .hp file (rts/ProfHeap.c, fprint_ccs), written from the rule, not
from ccm: tests/stacks/ghc_hc.py checks it against GHC's own .hp files,
tests/stacks/heap.py checks ccm's bands against it."""


def hc_name(no, names):
    """names: the stack's cost-centre labels root first; no: its number
    (the .prof `no.` column).  "MAIN" for <MAIN>; otherwise "(no)" then
    the labels most recent first joined by "/", without the MAIN the stack
    starts from; a text longer than 25 bytes (GHC's default -L25) is cut to
    its first 21 bytes and "..." (ccm cuts at a UTF-8 boundary: names here
    are ASCII)."""
    if list(names) == ["MAIN"]:
        return "MAIN"
    shown = list(reversed(names[1:] if names[0] == "MAIN" else names))
    text = "/".join(shown)
    if len(text.encode()) > 25:
        text = text.encode()[:21].decode("utf-8", "ignore") + "..."
    return f"({no}){text}"
