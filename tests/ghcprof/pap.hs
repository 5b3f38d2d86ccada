-- tests/ghcprof/pap.hs -- a two-argument function made under an SCC (a
-- CAF), called with both arguments under one SCC and given one argument
-- under another.  GHC builds a partial application without entering the
-- function; ccm's per-application call rule enters the first lambda (see
-- pap.lam and docs/stacks.md, "Against GHC").  ccm's main is `result`.
-- Haskell's main, the IO action printing result, has no ccm counterpart:
-- its two CAF:main nodes are left out of the comparison (run.py).
module Main where

main :: IO ()
main = print result

result :: Int
result = {-# SCC "top" #-}
  (let { p = h 1 } in ({-# SCC "a" #-} (h 3 4)) + ({-# SCC "b" #-} (p 2)))

h :: Int -> Int -> Int
h = {-# SCC "h" #-} (\x y -> x + y)
