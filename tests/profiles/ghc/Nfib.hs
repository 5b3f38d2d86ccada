-- tests/profiles/ghc/Nfib.hs -- a small Haskell program whose real GHC
-- profile (+RTS -P) tests/profiles/ghc_layout.py lays beside ccm's.
module Main where

nfib :: Int -> Int
nfib n = if n < 2 then 1 else nfib (n - 1) + nfib (n - 2) + 1

table :: [Int]
table = map nfib [1 .. 18]

main :: IO ()
main = do
  print ({-# SCC "top" #-} nfib 20)
  print (sum table)
