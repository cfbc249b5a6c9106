-- Every game now runs through the one lifecycle of the game contract (issue 13), which reads
-- every row the same way. Two kinds of rows stored things their own way before:
--
-- 翻棋 games stored 'open' in games.mode (the only fitting value of the CHECK that 0008 lifted);
-- their kind has one mode, whose key is 'flip'.
UPDATE games SET mode = 'flip' WHERE variant = 'junqi-flip';

-- games.draw_offer is the set of seats that agreed to a draw, as a bit mask (bit n = seat n), as
-- games on the cross board always stored it; 2-player games and 翻棋 stored the index of the one
-- seat that offered.
UPDATE games SET draw_offer = 1 << draw_offer
 WHERE draw_offer IS NOT NULL AND variant IN ('junqi', 'junqi-flip');
