# The event log, with names ("Ana played 8♥"); never "you".

log-title = Log
log-close = Close
log-round-started = Round { $round }: { $name } deals.
log-starter = The starter is { $card }.
log-played = { $name } played { $card }.
log-chose-suit = { $name } chose { $suit }.
log-drew = { $name } drew { $card }.
log-drew-face-down = { $name } drew a card.
log-drew-many = { $name } drew { $count } cards.
log-drew-many-seen = { $name } drew { $count } cards: { $cards }.
log-nothing-to-draw = { $name } could draw nothing.
log-reshuffled = The pile was shuffled into a new stock ({ $cards } cards).
log-skipped = { $name } misses a turn.
log-reversed = Play changes direction.
log-passed = { $name } could not play and passes.
log-went-out = { $name } went out and wins the round.
log-last-holder = Only { $name } still holds cards: the round is over.
log-blocked = Nobody could play: the round is blocked.
log-called = { $name }'s call ends the round.
log-turn-cap = The round ran too long and ends as a draw.
log-match-over = The match is over.

c8-log-pending = { $name } must answer with a 2 or draw { $cards }.

fool-log-opening = { $name } opens with { $card } (chosen at random).
fool-log-must-draw = { $name } must draw { $cards }.
fool-log-reshuffled = { $name } caused reshuffle { $number } ({ $cards } cards): +{ $points } points.
fool-log-passed = { $name } passes.
fool-log-one = { $name }: "One!"
fool-log-one-lapsed = { $name }'s "One!" lapses.

h101-log-turned-up = { $name } turns up { $card } as the first play.
h101-log-cover-lapsed = Nothing left to draw: { $name } need not cover the 8.
h101-log-out = { $name } is out.
h101-log-out-queen = { $name } is out on a Queen.
h101-log-out-queen-spades = { $name } is out on the Queen of spades.

dunno-log-started = Game { $round }: { $name } deals.
dunno-log-stack = { $name } stacks.
dunno-log-pass-on = { $name } passes the draw on.
dunno-log-defend = { $name } defends.
dunno-log-owes = { $name } must draw { $cards } or answer.
dunno-log-under = { $name } puts { $cards } under the Jack.
dunno-log-under-none = { $name } puts nothing under the Jack.
dunno-log-swapped = { $name } swaps hands with { $other }.

yg-log-dealt = Everyone gets { $cards } cards face down.
yg-log-looked = { $name } looked at { $first } and { $second }.
yg-log-looked-hidden = { $name } looked at two cards.
yg-log-took = { $name } took { $card } from the open deck.
yg-log-replaced = { $name } put it in slot { $slot } and gave up { $card }.
yg-log-dropped = { $name } dropped { $card }.
yg-log-power-peek = { $name } may look at one of their cards.
yg-log-power-spy = { $name } may look at another player's card.
yg-log-power-exchange = { $name } must exchange a card.
yg-log-peeked = { $name } looked at slot { $slot }: { $card }.
yg-log-peeked-hidden = { $name } looked at their slot { $slot }.
yg-log-spied = { $name } looked at { $other }'s slot { $slot }: { $card }.
yg-log-spied-hidden = { $name } looked at { $other }'s slot { $slot }.
yg-log-exchanged = { $name } exchanged their slot { $slot } with { $other }'s slot { $their }.
yg-log-power-skipped = { $name } does not use the power.
yg-log-snapped = { $name } snapped { $card }.
yg-log-wrong-snap = { $name } snapped { $card }: wrong! A penalty card follows.
yg-log-penalty = { $name } gets a penalty card, face down.
yg-log-no-penalty = No card is left for { $name }'s penalty.
yg-log-declared = { $name } calls Youglouf! Everyone else has one more turn.
