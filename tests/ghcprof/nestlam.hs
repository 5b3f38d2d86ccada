-- tests/ghcprof/nestlam.hs -- a function returning a lambda under two
-- nested SCCs, the lambda called under two other SCCs: each call pushes
-- both names, and the stack between them is a node of the tree with no
-- entry.  The same program as nestlam.lam, whose comment derives the
-- stacks by hand; tests/ghcprof/run.py compares the two profiles.  ccm's
-- main is `result` here.
-- Haskell's main, the IO action printing result, has no ccm counterpart:
-- its two CAF:main nodes are left out of the comparison (run.py).
module Main where

main :: IO ()
main = print result

result :: Int
result = {-# SCC "top" #-}
  (let { f = mk 3 } in ({-# SCC "c" #-} (f 1)) + ({-# SCC "d" #-} (f 2)))

mk :: Int -> Int -> Int
mk n = {-# SCC "m1" #-} ({-# SCC "m2" #-} (\y -> {-# SCC "body" #-} (y + n)))
