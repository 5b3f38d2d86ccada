-- tests/ghcprof/fib.hs -- a doubly recursive function under an SCC, reached
-- through two other SCCs (the shape of the user's guide's fib example).
-- The same program as fib.lam, whose comment derives the stacks by hand;
-- tests/ghcprof/run.py compares GHC's profile of this file with the
-- evaluator's stacks for that one.  ccm's main is `result` here.
-- Haskell's main, the IO action printing result, has no ccm counterpart:
-- its two CAF:main nodes are left out of the comparison (run.py).
module Main where

main :: IO ()
main = print result

result :: Int
result = {-# SCC "top" #-} (f 12 + g 12)

f :: Int -> Int
f n = {-# SCC "f" #-} fib n

g :: Int -> Int
g n = {-# SCC "g" #-} fib (n `div` 2)

fib :: Int -> Int
fib n = {-# SCC "fib" #-} (if n < 2 then 1 else fib (n - 1) + fib (n - 2))
