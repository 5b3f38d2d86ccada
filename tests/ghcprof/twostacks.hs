-- tests/ghcprof/twostacks.hs -- one function with an SCC, called under two
-- different SCCs: two stacks.
-- The same program as twostacks.lam, whose comment derives the stacks by hand;
-- tests/ghcprof/run.py compares GHC's profile of this file with the
-- evaluator's stacks for that one.  ccm's main is `result` here.
-- Haskell's main, the IO action printing result, has no ccm counterpart:
-- its two CAF:main nodes are left out of the comparison (run.py).
module Main where

main :: IO ()
main = print result

result :: Int
result = {-# SCC "top" #-}
  (({-# SCC "left" #-} (work 1 + work 2)) + ({-# SCC "right" #-} (work 3)))

work :: Int -> Int
work n = {-# SCC "work" #-} (n * 2 + 1)
