-- tests/ghcprof/caf.hs -- CAFs with SCCs inside, each used from two places:
-- a number, and a function with a local thunk made once (the shape of
-- scc002).
-- The same program as caf.lam, whose comment derives the stacks by hand;
-- tests/ghcprof/run.py compares GHC's profile of this file with the
-- evaluator's stacks for that one.  ccm's main is `result` here.
-- Haskell's main, the IO action printing result, has no ccm counterpart:
-- its two CAF:main nodes are left out of the comparison (run.py).
module Main where

main :: IO ()
main = print result

result :: Int
result = {-# SCC "top" #-}
  (({-# SCC "u1" #-} (table + addk 1)) + ({-# SCC "u2" #-} (table * addk 2)))

table :: Int
table = {-# SCC "table" #-} (build 5)

addk :: Int -> Int
addk = {-# SCC "addk" #-} (let k = build 3 in \x -> {-# SCC "body" #-} (x + k))

build :: Int -> Int
build n = {-# SCC "build" #-} (if n == 0 then 0 else n + build (n - 1))
