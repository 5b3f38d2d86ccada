-- tests/stacks/hc.hs -- a program whose heap profile (+RTS -hc) shows
-- stack bands of every shape tests/stacks/ghc_hc.py checks hc_name.py's
-- rule on: a short stack below a CAF (builder/top/CAF:result), one cut to
-- 25 bytes (cell/builder/top/CAF:... and mean/averageverylongn..., each
-- holding a long list while it is live), and the CAF alone (CAF:result).
module Main where

build :: Int -> [Int]
build 0 = []
build n = {-# SCC "cell" #-} (n : build (n - 1))

mean :: [Int] -> Int
mean xs = {-# SCC "mean" #-} (sum xs `div` length xs)

result :: Int
result = {-# SCC "top" #-} (let xs = {-# SCC "builder" #-} build 200000
                            in {-# SCC "averageverylongname" #-} mean xs)

main :: IO ()
main = print result
