-- tests/ghcprof/lambda.hs -- an SCC outside a lambda (entered once, where
-- the function is made) against one inside (entered at each call), at top
-- level and in a let.
-- The same program as lambda.lam, whose comment derives the stacks by hand;
-- tests/ghcprof/run.py compares GHC's profile of this file with the
-- evaluator's stacks for that one.  ccm's main is `result` here.
-- Haskell's main, the IO action printing result, has no ccm counterpart:
-- its two CAF:main nodes are left out of the comparison (run.py).
module Main where

main :: IO ()
main = print result

result :: Int
result = {-# SCC "top" #-}
  (({-# SCC "a" #-} (out 1 + inside 2)) + ({-# SCC "b" #-} (out 3 + inside 4))
   + (let { lo = {-# SCC "lo" #-} (\y -> y * 2);
            li = \y -> {-# SCC "li" #-} (y * 2) }
      in {-# SCC "c" #-} (lo 1 + lo 2 + li 3 + li 4)))

out :: Int -> Int
out = {-# SCC "out" #-} (\x -> x + 1)

inside :: Int -> Int
inside x = {-# SCC "inside" #-} (x + 1)
