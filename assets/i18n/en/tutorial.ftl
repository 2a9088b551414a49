# Tutorials: one scripted deal per game (assets/tutorials/). Each note says what the card does
# and which move to try; the teacher's moves are scripted too.

tutorial-teacher = Teacher
tutorial-lesson = Lesson { $lesson } of { $lessons }
tutorial-not-now = Not this one yet: the note above the table says which move to try.
tutorial-play-real = Play { $game } for real

tutorial-c8-match = Match the top card by suit or by rank. Your 5♠ matches the 5♥ by rank: play it.
tutorial-c8-queen = A Queen makes the next player miss a turn. Play the Q♠ (it follows the Teacher's K♠ by suit) and you go again.
tutorial-c8-two = A 2 makes the next player draw two cards. Play the 2♠.
tutorial-c8-eight = An eight goes on anything, and you name the suit to follow. Play the 8♦ and name ♥: you hold the A♥.
tutorial-c8-last = The Teacher had no heart, so they drew until one came and had to play it. Play your last card, the A♥ (an Ace reverses the direction), and empty your hand.
tutorial-c8-done = You won the round! The others score the cards left in hand (an eight 50, a picture card 10, an Ace 1). When a total reaches 100, the lowest total wins. Deal on against the Teacher, or play a real game.

tutorial-fool-open = In 108 Fool the round opens with a card from the first player's hand, played for them: your 8♥. Cards follow by suit or by rank. The Teacher plays now.
tutorial-fool-six = A six makes the next player draw two and miss their turn (a seven: draw one). Play the 6♥.
tutorial-fool-ace = An Ace makes the next player miss their turn: play the A♥ and you go again.
tutorial-fool-one = With one or two cards left, say "One!" (any time, even in others' turns). Going out without it costs 10 points. Press One!
tutorial-fool-queen = A Queen goes on anything and you choose the suit. Play the Q♣ and choose ♣: your last card is the 7♣.
tutorial-fool-last = The Teacher had no club: they drew one card (anyone may draw instead of playing) and passed. Play the 7♣ to go out; a last six or seven makes nobody draw.
tutorial-fool-done = You went out with "One!" said: 0 points (going out on a Queen: −20). The others score their cards (an Ace 11, a ten 10, a nine 0). Whoever reaches 108 loses. Deal on, or play a real game.

tutorial-hundred-cover = The Teacher dealt and turned up the 9♠ as their first play. Cover it with a card of its suit or its rank, or with any Queen: play the 9♥.
tutorial-hundred-eight = An eight must be covered by the player who played it, at once. Play the 8♥…
tutorial-hundred-queen = …and cover it with the Q♦: a Queen covers anything and orders the suit to follow. Order ♦.
tutorial-hundred-seven = A seven makes the next player draw one and miss a turn, a six draw two, the K♠ five. The Teacher's 7♦ hits you now.
tutorial-hundred-ace = You drew the A♦. An Ace makes the next player miss a turn: play it, and you go again.
tutorial-hundred-six = Your last card, the 6♦: the Teacher draws two even though you go out. Play it.
tutorial-hundred-done = You are out: 0 points (going out on a Queen: −20). The others score their cards; a total of exactly 101 goes back to 0, and passing 101 loses. Deal on, or play a real game.

tutorial-dunno-several = Play several cards of one rank at once: the first must match the top card, the last becomes the new top. Pick the 5♠ and the 5♣ and play them together.
tutorial-dunno-stack = The Teacher's 7 means you owe 2 cards. Answer with another 7 (attacking cards stack): now the Teacher owes 4.
tutorial-dunno-defend = A 3 of the top card's suit passed the debt back: you owe 4. A defending card of the top suit whose rank equals the debt cancels it: play the 4♥.
tutorial-dunno-king = A King adds 3 to the debt and names a suit. Play the K♥ and name ♠: it is your last card.
tutorial-dunno-done = The Teacher could not answer and drew 3. Your turn begins with no cards and nothing owed: you win! Queens name a suit and reverse the direction, Jacks swap hands, Aces skip the next player.

tutorial-youglouf-look = Four cards lie face down before you; the lowest sum wins. Look at two of them, once, and remember them: the first two.
tutorial-youglouf-draw = On your turn, take the top card of the closed deck (only you see it) or of the open deck. Draw from the closed deck.
tutorial-youglouf-power = A 10! Dropped straight from the closed deck, a 9 or a 10 lets you look at one of your own cards. Drop it…
tutorial-youglouf-peek = …and peek at your last card.
tutorial-youglouf-end = A 5. End your turn.
tutorial-youglouf-watch = The Teacher takes a card. Watch what lands face up.
tutorial-youglouf-snap = The 5♦ landed face up, and your last card is a 5: snap it onto the open deck now, out of turn! A wrong snap costs a penalty card.
tutorial-youglouf-again = One card fewer. Draw again.
tutorial-youglouf-replace = An Ace counts 1: put it in place of your third card, the one you never saw.
tutorial-youglouf-call = Your cards: the K♥ (a red King counts 0), the 2♣ and the A♣, 3 in all. Call Youglouf: everyone else has one more turn, then the round is scored.
tutorial-youglouf-last = The Teacher takes their last turn.
tutorial-youglouf-done = Your 3 is strictly the lowest sum: you score −10. A Jack lets you look at another player's card, a Queen swaps one of yours with theirs, unseen.
