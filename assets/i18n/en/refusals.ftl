# Why the rules refused a move. Each message follows "Not allowed: ", so it starts in lower case.
# The keys are the engine's rules (`refusal-<rule>`, engine/src/refusal.rs). Arguments: cards
# and suits as the table shows them (7♥, ♠), ranks as on the card (9, Q), seats by number.
# `$wild` is the rank that may always be played: Q (a Queen) or 8 (an eight).

refusal-not-your-turn = it is not your turn
refusal-no-round = no round is being played
refusal-not-between-rounds = a new round starts only after a round is over, while the match goes on
refusal-not-in-hand = you do not hold { $card }
refusal-not-offered = it is not among your choices now
refusal-wrong-game = that is a { $action_game } move, and this table plays { $table_game }

refusal-does-not-follow = { $card } does not follow: play a card of { $suit } or of rank { $rank }, or { $wild ->
    [Q] a Queen
   *[other] an eight
}
refusal-does-not-follow-named-suit = { $card } does not follow: { $wild ->
    [Q] a Queen
   *[other] an eight
} asked for { $suit }, play a { $suit } or { $wild ->
    [Q] a Queen
   *[other] an eight
}
refusal-wild-names-suit = { $wild ->
    [Q] a Queen
   *[other] an eight
} must name the suit to follow
refusal-only-wild-names-suit = only { $wild ->
    [Q] a Queen
   *[other] an eight
} names a suit
refusal-name-suit-first = name the suit for the Queen first

refusal-must-play-after-drawing = you drew a playable card and must play a card now
refusal-twos-pending = twos are pending: answer with a 2 or draw { $count ->
    [one] one card
   *[other] { $count } cards
}

refusal-suit-only-after-queen = a suit is named only after playing a Queen
refusal-one-draw-per-turn = one card may be drawn per turn: play a legal card or pass
refusal-draw-before-passing = draw a card before passing
refusal-one-already-declared = your "One!" already stands
refusal-one-needs-few-cards = "One!" is declared holding one or two cards

refusal-order-only-by-dealer = only the dealer orders a suit, for a Queen turned up at the deal
refusal-must-cover = you hold a card that covers the top card and must play it

refusal-too-many-under-jack = the Jack of diamonds takes at most two different cards under it
refusal-swap-with-another-seat = swap with another seat at the table
refusal-swap-with-empty-hand = seat { $seat } holds no card; both hands of a swap must hold cards
refusal-put-under-jack-first = you played the Jack of diamonds: put up to two cards under it first
refusal-choose-swap-first = you played a Jack: choose whom to swap hands with first
refusal-under-only-after-jack = cards go under a Jack only right after playing the Jack of diamonds
refusal-swap-only-after-jack = hands are swapped only right after playing a Jack
refusal-listed-twice = { $card } is listed twice
refusal-mixed-ranks = the cards of one play share one rank (the two Jokers go together)
refusal-jacks-alone = Jacks are played alone
refusal-kings-and-queens-name-suit = Kings and Queens name a suit; other cards do not
refusal-owes-draw = you owe { $count }: answer with attacking cards playable on { $top }, a 3 of its suit or a defending { $count } of its suit, or draw
refusal-not-playable-on-top = { $card } is not playable on { $top }{ $carrying ->
    [none] {""}
   *[other] {" "}(carrying { $carrying })
}: match its rank or suit, or play a Queen or a Joker

refusal-no-snap-window = no card has landed on the open deck since the last card was taken
refusal-empty-slot = you have no card in that place
refusal-only-declarer-snaps-last = in the last round only the declarer may snap their last card
refusal-look-first = everyone first looks at two of their cards
refusal-already-looked = you have had your one look
refusal-look-at-two-cards = look at two different cards of yours
refusal-closed-deck-empty = the closed deck is empty and cannot be refilled
refusal-open-deck-empty = the open deck is empty
refusal-name-opponent-card = name a card of an opponent
refusal-exchange-compulsory = a Queen's exchange is compulsory
refusal-draw-or-take = take a card from the closed or the open deck
refusal-replace-or-drop = replace one of your cards with the taken card, or drop it
refusal-peek-or-skip = use the power (peek at one of your cards) or skip it
refusal-spy-or-skip = use the power (spy on an opponent's card) or skip it
refusal-must-exchange = exchange one of your cards with an opponent's
refusal-end-or-declare = end your turn, or declare Youglouf
