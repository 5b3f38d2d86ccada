-- tests/ghcprof/hof.hs -- higher-order functions passed functions with an
-- SCC: a top-level function, a partial application, a lambda.
-- The same program as hof.lam, whose comment derives the stacks by hand;
-- tests/ghcprof/run.py compares GHC's profile of this file with the
-- evaluator's stacks for that one.  ccm's main is `result` here.
-- Haskell's main, the IO action printing result, has no ccm counterpart:
-- its two CAF:main nodes are left out of the comparison (run.py).
module Main where

main :: IO ()
main = print result

result :: Int
result = {-# SCC "top" #-}
  (apply inc 1 + twice inc 2 + twice (apply inc) 5
   + ({-# SCC "lit" #-} (apply (\n -> {-# SCC "lam" #-} (n * 3)) 4)))

apply :: (Int -> Int) -> Int -> Int
apply h x = {-# SCC "apply" #-} (h x)

twice :: (Int -> Int) -> Int -> Int
twice h x = {-# SCC "twice" #-} (h (h x))

inc :: Int -> Int
inc n = {-# SCC "inc" #-} (n + 1)
