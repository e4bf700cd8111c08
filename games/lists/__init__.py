"""Lists of games: each game's place in its players' lists (listing), the my-turn queue
(my_turn), and pages that cost the same at any depth (paging)."""
