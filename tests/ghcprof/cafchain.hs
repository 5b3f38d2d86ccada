-- tests/ghcprof/cafchain.hs -- a CAF whose value is another function, under
-- an SCC (the shape of GHC's scc004), called from the program's body and
-- from another CAF.  The same program as cafchain.lam, whose comment
-- derives the stacks by hand; tests/ghcprof/run.py compares GHC's profile
-- of this file with the evaluator's stacks for that one.  ccm's main is
-- `result` here.
-- Haskell's main, the IO action printing result, has no ccm counterpart:
-- its two CAF:main nodes are left out of the comparison (run.py).
module Main where

main :: IO ()
main = print result

result :: Int
result = {-# SCC "top" #-} (f 3 + k + k)

f :: Int -> Int
f = {-# SCC "f" #-} g

g :: Int -> Int
g x = {-# SCC "g" #-} (x + 1)

k :: Int
k = {-# SCC "k" #-} (f 2 * 3)
