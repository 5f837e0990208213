#!/usr/bin/env bash
# Records the example evening into examples/stammtisch.sqlite (run from the repository root).
# Five players at a four-seat table: the dealer sits out each hand. Wirtshaus rules.
set -euo pipefail
T=examples/stammtisch.toml
rm -f examples/stammtisch.sqlite
s() { schafkopf --table "$T" add "$@" >/dev/null; }
s sauspiel --player Ben --partner Dora --augen 72 --sau eichel            # Anna deals
s wenz --player Cora --augen 95 --laufende 2                             # Ben deals
s ramsch --augen Anna=40,Ben=22,Dora=58,Emil=0 --jungfrau Emil           # Cora deals
s solo --player Anna --suit herz --augen 105 --laufende 4 --legen 1      # Dora deals
s sauspiel --player Ben --partner Cora --augen 58 --kontra               # Emil deals
s hochzeit --player Cora --partner Emil --augen 81 --laufende 3          # Anna deals
s bettel --player Dora --won                                             # Ben deals
s geier --player Emil --augen 61                                         # Cora deals
s sauspiel --player Anna --partner Ben --augen 120 --schwarz             # Dora deals
s wenz --player Ben --tout --won --laufende 2                            # Emil deals
s sauspiel --player Emil --partner Dora --augen 44 --laufende 3          # Anna deals
s farbwenz --player Anna --suit gras --augen 88 --laufende 3             # Ben deals
