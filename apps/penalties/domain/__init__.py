"""The code d'arbitrage (fascicule 3, ch. 4) as pure rules, without Django."""
