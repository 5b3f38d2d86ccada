-- tests/ghcprof/samename.hs -- one cost-centre name written in two SCC
-- annotations, where GHC and ccm cannot mean the same: GHC makes a cost
-- centre per annotation (its label, module and source span), ccm has one
-- cost centre per name.  samename.lam derives ccm's stacks and lists the
-- stacks left out of the comparison.  ccm's main is `result` here.
-- Haskell's main, the IO action printing result, has no ccm counterpart:
-- its two CAF:main nodes are left out of the comparison (run.py).
module Main where

main :: IO ()
main = print result

result :: Int
result = {-# SCC "top" #-}
  (({-# SCC "twin" #-} (sq 4)) + ({-# SCC "twin" #-} (sq 5))
   + {-# SCC "step" #-} (sq 2 + {-# SCC "other" #-} ({-# SCC "step" #-} (sq 3))))

sq :: Int -> Int
sq n = n * n
