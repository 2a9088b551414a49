# The games, bot levels and house rules.

game-crazy-eights = Crazy Eights
game-crazy-eights-pitch = Match suit or rank; an eight changes the suit. First to empty their hand wins.
game-fool108 = 108 Fool
game-fool108-pitch = Match suit or rank; sixes, sevens, nines and aces bite. Reach 108 and you lose.
game-hundred-one = One Hundred and One
game-hundred-one-pitch = Cover by suit or rank, Queens order a suit; sixes, sevens and aces punish. Pass 101 and you lose.
game-dunno = Dunno
game-dunno-pitch = Mau-mau with Jokers: stack sevens, Kings and Jokers, pass with a 3, defend, swap hands with a Jack.
game-youglouf = Youglouf
game-youglouf-pitch = Face-down cards you half remember; swap, peek and snap to the lowest sum, then call Youglouf.

level-random = Random
level-easy = Easy
level-normal = Normal
level-hard = Hard

option-draw-two = A played 2 makes the next player…
option-draw-two-literal = draw two, then play as usual (default)
option-draw-two-skip = draw two and miss the turn
option-draw-two-stack = answer with a 2 to pass the sum on, or draw it all
option-score-limit-lowest = Match ends when a total reaches
option-score-limit-lowest-note = 0 = a single round; the lowest total wins. Default { $default }.
option-score-limit-losing = Match ends when a total reaches
option-score-limit-losing-note = Everyone at or above it loses. Default { $default }.
option-one-penalty = Points for going out without "One!"
option-one-penalty-note = Default { $default }.
option-reshuffle-penalty = Reshuffle penalty step
option-reshuffle-penalty-note = The player who causes the k-th reshuffle of a round gets k × this. Default { $default }.
option-wins-to-match = Games to win the match
option-wins-to-match-note = One deal is one game; the first to this many wins. Default { $default }.
option-allow-two = Allow a table of two
option-allow-two-note = The rules ask for 3 to 6 players; this allows 2.
option-snap-grace = Snap window (milliseconds)
option-snap-grace-note = How long everyone may snap before the next turn takes a card. Default { $default }.

suit-clubs = Clubs
suit-diamonds = Diamonds
suit-hearts = Hearts
suit-spades = Spades
