-- tests/ghcprof/lambdarec.hs -- an SCC around a recursive lambda: let-bound
-- (the lambda's stack shares its root with the caller's) and a CAF (it
-- does not).  GHC and ccm disagree on the let-bound one: see lambdarec.lam
-- and docs/stacks.md, "Against GHC".  ccm's main is `result` here.
-- Haskell's main, the IO action printing result, has no ccm counterpart:
-- its two CAF:main nodes are left out of the comparison (run.py).
module Main where

main :: IO ()
main = print result

result :: Int
result = {-# SCC "top" #-}
  (let { lo = {-# SCC "lo" #-} (\y -> if y == 0 then {-# SCC "leaf" #-} (y + 1)
                                      else {-# SCC "inner" #-} (lo (y - 1))) }
   in lo 2 + out 2)

out :: Int -> Int
out = {-# SCC "out" #-} (\y -> if y == 0 then {-# SCC "oleaf" #-} (y + 1)
                               else {-# SCC "oinner" #-} (out (y - 1)))
