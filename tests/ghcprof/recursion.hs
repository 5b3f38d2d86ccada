-- tests/ghcprof/recursion.hs -- recursion under an SCC: GHC's push keeps one
-- stack for a self-recursive function and cuts a mutual recursion back.
-- The same program as recursion.lam, whose comment derives the stacks by hand;
-- tests/ghcprof/run.py compares GHC's profile of this file with the
-- evaluator's stacks for that one.  ccm's main is `result` here.
-- Haskell's main, the IO action printing result, has no ccm counterpart:
-- its two CAF:main nodes are left out of the comparison (run.py).
module Main where

main :: IO ()
main = print result

result :: Int
result = {-# SCC "top" #-} (count 4 + ping 5)

count :: Int -> Int
count n = {-# SCC "count" #-} (if n == 0 then 0 else 1 + count (n - 1))

ping :: Int -> Int
ping n = {-# SCC "ping" #-} (if n == 0 then 0 else pong (n - 1) + 1)

pong :: Int -> Int
pong n = {-# SCC "pong" #-} (if n == 0 then 0 else ping (n - 1) + 1)
