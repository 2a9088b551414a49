# The table: seats, centre, hand, choices, hand-off, round and match ends.

seat-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
