# The table: seats, centre, hand, choices, hand-off, round and match ends.

seat-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
seat-bot = bot · { $level }
seat-known = Known:
seat-next = next
seat-total = { $points ->
    [one] { $points } point
   *[other] { $points } points
}
seat-away = away: connection lost
seat-away-held = away: back in { $time } or a bot plays
seat-bot-now = Let a bot play now
seat-turn = This seat's turn
card-face-down = a face-down card
card-hand-face-down = { $count ->
    [one] { $count } card face down
   *[other] { $count } cards face down
}

centre-stock = Stock { $count }
centre-pile = Pile { $count }
centre-to-match = to match
centre-clockwise = ↻ clockwise
centre-counterclockwise = ↺ counter-clockwise

table-your-turn = { $name }, your turn.
table-playing = { $name } is playing…
table-bot-playing = { $name } is thinking…
table-bot-waiting = { $name } moves when you press Next move.
table-own-total = Your total: { $points }
table-undo = ↶ Undo
table-undo-short = ↶
table-undo-hint = Take back your last move, before a bot answers it (Ctrl+Z)
table-undo-not-now = Nothing to take back now: only your own last move, before a bot answers it and before it shows you a hidden card.
table-nothing-to-undo = There is no move of yours to take back.
table-done = Done — hide my cards
table-next-move = Next move (Enter)
table-next-move-short = Next
table-leave-question-guest = Leave this table? The host keeps your seat: join the table again from this device to take it back. While you are away, a bot plays it after a short wait.
table-leave-question = Leave this match? It is not saved and cannot be resumed.
table-leave-question-saved = Leave this match? It is saved after every move: resume it from the start screen.
table-leave-confirm = Leave the match
table-keep-playing = Keep playing
table-one-for = "One!" — { $name }
table-snap-for = Snap — { $name }
table-cancel-snap = { $name }: no snap after all
table-waiting-for-host = Waiting for the host…
table-refused = Not allowed: { $reason }
table-not-local = Seat { $number } is not played from this device.
table-host-deals = The host deals the next round.
table-host-hands-seats = Only the host lets a bot play a seat.
table-disconnected = The host cannot be reached: { $reason }

handoff-title = Pass the device to { $name }
handoff-snap-title = { $name } wants to snap: pass the device to { $name }
handoff-look-away = Everyone else, look away.
handoff-show = I'm { $name } — show my cards

menu-title = Menu
menu-resume = Back to the game
menu-leave = Leave the match…

hand-area = Your hand
hand-refused = { $card } cannot be played now: { $reason }
hand-play-these = Play { $cards } (Enter)
hand-clear = Clear the pick
hand-draw = Draw (Space)
hand-pass = Pass (Space)
hand-no-draw = You may not draw now: you have a card to play (the raised ones).
hand-one = "One!" (O)
hand-swap = { $number }: swap hands with { $name }
hand-under-hint = Put up to two more cards under the Jack, or none.
hand-under-none = Put nothing under the Jack
hand-under = Put { $cards } under the Jack
hand-keys = Keys: ← → or 1–9 pick cards, Enter plays, Space or 0 draws.

results-round-over = Round { $round } is over
results-round-won = { $names } took the round
results-place = { $place }.
results-no-points = no points
results-total = total { $points }
results-you-won = You won!
results-you-lost = You lost this one
results-won = { $names } won the match!
results-nobody-won = Nobody won the match.
results-lost = Lost: { $names }
results-play-again = Play again
results-play-again-to = Play again (to { $limit })
results-back-to-start = Back to start
results-next-round = Deal the next round (Enter)
results-host-deals = Waiting for the host to deal the next round.
score-cards = cards
score-queen-exit = out on a Queen
score-lone-queen = lone Queen
score-one-penalty = no "One!"
score-reshuffle = reshuffle
score-declarer = declarer
score-reset = exactly 101: back to 0
score-game-won = game won

c8-why-pending = Twos are pending: answer with a 2, or draw { $cards }.
c8-why-follow = Play a { $suit } or a { $rank }, or an eight.
c8-why-eight = An eight asked for { $suit }: play a { $suit }, or an eight.
c8-follow-eight = asked for by the eight
c8-pending = +{ $cards } pending
c8-must-play = You drew a playable card: play a card.

fool-why-follow = Play a { $suit } or a { $rank }, or a Queen.
fool-why-queen = A Queen asked for { $suit }: play a { $suit }, or a Queen.
fool-choosing-suit = the Queen's player names a suit
fool-follow-queen = asked for by the Queen
fool-reshuffles = Reshuffles this round: { $count }
fool-drawn = You drew: play a card, or pass.
fool-note-one = "One!"
fool-note-reshuffle = reshuffle +{ $points }

h101-why-follow = Cover with a { $suit }, a { $rank }, or a Queen.
h101-why-queen = A Queen ordered { $suit }: cover with a { $suit }, or a Queen.
h101-ordering = the dealer orders a suit
h101-follow-queen = ordered by the Queen
h101-to-cover = to cover
h101-cover-eight = The 8 must be covered by its own player.
h101-note-out = out
h101-note-out-queen = out on a Queen (−20)
h101-note-out-queen-spades = out on the Queen of spades (−40)

dunno-why-owes = Cards are owed ({ $cards }): stack, pass on with a 3, defend, or draw.
dunno-why-jack = First finish the Jack.
dunno-why-follow = Play a { $rank } or a { $suit }, a Queen or a Joker.
dunno-why-any = Anything may be played on a Joker.
dunno-suit-chosen = the suit named
dunno-joker-top = A Joker is on top: anything goes.
dunno-draw-value = Draw value: { $value }
dunno-jack-under = Jack of diamonds: put up to two cards under it.
dunno-jack-swap = Jack: choose whom to swap hands with.

yg-note-declarer = called Youglouf
yg-note-looking = looking at two cards
yg-step-looking = Everyone looks at two of their cards, once.
yg-step-draw = { $name } takes a card from the closed or the open deck.
yg-step-holding = { $name } holds { $card }: replace a card with it, or drop it.
yg-step-holding-hidden = { $name } holds a card from the closed deck.
yg-step-peek = { $name } may look at one of their own cards.
yg-step-spy = { $name } may look at one card of another player.
yg-step-exchange = { $name } must exchange a card with another player's, unseen.
yg-step-finishing = { $name } ends the turn, or calls Youglouf.
yg-held = held
yg-snap-open = Snap now: a card of the same rank goes on it.
yg-last-round = Last round: everyone else has one more turn.
yg-your-cards = Your cards
yg-draw = Closed deck (Space)
yg-draw-short = Closed
yg-take = Open deck
yg-take-short = Open
yg-grace = others may snap: { $seconds } s
yg-drop = Drop it (Space)
yg-skip = Skip the power
yg-skip-short = Skip
yg-end = End the turn (Enter)
yg-end-short = End turn
yg-call = Call Youglouf!
yg-call-confirm = Call Youglouf? Everyone else plays one more turn, then the round is scored.
yg-call-yes = Yes, call Youglouf (Y)
yg-call-yes-short = Yes, call!
yg-call-no = Not yet
yg-snap = Snap…
yg-snap-cancel = Cancel the snap
yg-snap-cancel-short = Cancel
yg-hint-look = Pick two of your cards to look at.
yg-hint-replace = Click one of your cards to replace it with the card you hold, or drop it.
yg-hint-peek = Click one of your cards to look at it.
yg-hint-spy = Click another player's card to look at it.
yg-hint-exchange-own = Pick one of your cards to exchange.
yg-hint-exchange-theirs = Now pick another player's card to exchange it with.
yg-hint-snap = Click the card you snap.
yg-closed-deck = Closed deck { $count }
yg-open-deck = Open deck { $count }
yg-slot-down = { $name }, slot { $number }: face down
yg-slot-known = { $name }, slot { $number }: { $card }
yg-keys = Keys: Space closed deck or drop, T open deck, 1–9 your cards, Enter ends the turn, Y Youglouf, X skips a power, Z snaps; another player's card: their seat number, then the card's.

table-last-played = played by { $name }

## Banners on the seat a move hits, for a moment.
badge-skipped = Skipped
badge-reversed = Reversed
badge-draws = Draws { $cards }
badge-suit = { $suit }
badge-passed = Passed
badge-one = One!
badge-went-out = Out!
badge-swapped = Hands swapped
badge-snap = Snap!
badge-wrong-snap = Wrong snap
badge-penalty = Penalty card
badge-youglouf = Youglouf!
