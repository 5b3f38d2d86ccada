-- nfib.hs -- bench/ghc.sh's GHC side: nfib 27 written as bench/ghc/nfib.lam
-- is (the same lazy lets, one SCC around the body), so that both programs
-- allocate the same five thunks per call and count nfib's entries.
module Main (main) where

nfib :: Int -> Int
nfib n = {-# SCC "nfib" #-}
  if n < 2 then 1
  else let a = n - 1
           b = n - 2
           x = nfib a
           y = nfib b
           s = x + y
       in s + 1

main :: IO ()
main = let k = 27 in print (nfib k)
