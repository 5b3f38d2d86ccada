-- tests/ghcprof/nested.hs -- SCCs nested in the program's body, and a
-- thunk built under one SCC and forced under another.  The same program as
-- nested.lam, whose comment derives the stacks; compared with GHC's
-- profile by tests/ghcprof/run.py.  ccm's main is `result` here.
-- Haskell's main, the IO action printing result, has no ccm counterpart:
-- its two CAF:main nodes are left out of the comparison (run.py).
module Main where

main :: IO ()
main = print result

result :: Int
result = {-# SCC "top" #-}
  (let t = {-# SCC "thunk" #-} (sq 7)
   in {-# SCC "use" #-} (t + t + {-# SCC "deep" #-} (t * {-# SCC "deeper" #-} (sq 2))))

sq :: Int -> Int
sq n = n * n
