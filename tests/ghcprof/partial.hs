-- tests/ghcprof/partial.hs -- functions applied partially under one SCC and
-- finished under another: a function returning a lambda (the shape of
-- scc003), and a two-argument function's partial application.
-- The same program as partial.lam, whose comment derives the stacks by hand;
-- tests/ghcprof/run.py compares GHC's profile of this file with the
-- evaluator's stacks for that one.  ccm's main is `result` here.
-- Haskell's main, the IO action printing result, has no ccm counterpart:
-- its two CAF:main nodes are left out of the comparison (run.py).
module Main where

main :: IO ()
main = print result

result :: Int
result = {-# SCC "top" #-}
  (let { p = pre 5;
         q = {-# SCC "mkpap" #-} (add 1) }
   in ({-# SCC "one" #-} (p 1)) + ({-# SCC "two" #-} (p 2)) + ({-# SCC "usepap" #-} (q 2)))

pre :: Int -> Int -> Int
pre x = {-# SCC "pre" #-} (let a = sq x in \y -> {-# SCC "post" #-} (a + y))

add :: Int -> Int -> Int
add x y = {-# SCC "add" #-} (x + y)

sq :: Int -> Int
sq n = n * n
