# LAN play: hosting a table, joining one, the lobby, and what can go wrong on the network.

net-start-join = Join a table on the home network
net-setup-host = Host on the home network
net-join-title = Join a table
net-your-name = Your name
net-found = Tables on this network
net-searching = Looking for tables…
net-none-found = No table found yet. If none appears within a few seconds, the network may block discovery (a firewall, or a guest Wi-Fi that keeps devices apart): join by address below, with the address, port and code shown on the host's screen.
net-discovery-off = Discovery does not work here ({ $reason }): join by address below.
net-host-line = { $name } · { $game } · { $seats ->
    [one] { $seats } open seat
   *[other] { $seats } open seats
}
net-known = known host
# Anyone on the network can announce a table under any name; proven once this device reached the host at that address.
net-playing = playing
net-join = Join
net-confirm = Does the host's screen show the code { $code }?
net-confirm-yes = Yes, join
net-confirm-no = No
net-by-address = Join by address
net-address = Address and port
net-address-hint = 192.168.1.20:47475
net-code = Join code
net-seat-code = Seat code
net-seat-code-hint = 482 913
net-seat-code-why = The seat code is on the host's screen (an invite link carries it). Without it you can still join and ask the host to let you in.
net-error-seat-code = “{ $text }” is not a seat code: it is six digits, like 482 913.
net-error-wrong-seat-code = That is not this table's seat code. Look at the host's screen and type it again, or leave it empty and ask the host to let you in.
net-lobby-needs-code = You joined without the table's seat code: Sit here asks the host to let you in.
net-refusal-needs-seat-code = You joined without the table's seat code: the host has been asked to let you in.
net-host-seat-code = Seat code { $code }
net-host-seat-code-tell = Guests type this code to sit; it is not sent over the network. Anyone without it waits for you to let them in.
net-host-let-in = Let in
net-host-let-in-hint = Let { $name } sit without the seat code
net-code-hint = K7QM-2XPA
net-connecting = Connecting to { $address }…
net-advanced = Network settings
net-interface = Interface address for discovery (0.0.0.0: automatic)
net-broadcast = Use broadcast instead of multicast
net-apply = Apply
net-error-address = “{ $text }” is not an address and port like 192.168.1.20:47475.
net-error-code = “{ $text }” is not a join code like K7QM-2XPA.
net-error-interface = “{ $text }” is not an IPv4 address like 192.168.1.20.
net-error-name = Your name cannot be empty.
net-error-code-mismatch = The table at this address does not have the code { $code }: it was probably mistyped. Check the code on the host's screen and type it again.
net-error-identity = Host identity changed: expected { $expected }, got { $got }. If the host made a new identity, check the code on its screen and join by address; otherwise another device may be answering in its place.
net-error-impostor = Another device answered for this host at { $address } (its code is { $got }): the host was not reached there, and nothing of the game was sent. Another address heard for the host was tried too; if none answered, join by the address and code on the host's screen.
net-error-version = Incompatible version: the host speaks protocol { $host }, this device protocol { $guest }. Update both to the same Cardtable.
net-error-unknown-seat = This host answered with the identity you know, but its table does not know your seat: it is another table of the same host (a copied data folder), or the table was opened again. You were not let in as someone else.
net-join-as-new = Join as a new guest
net-error-refused = The host turned you away: { $reason }
net-error-not-cardtable = { $address } is not a Cardtable host.
net-error-unreachable = No Cardtable host answered at { $address }. Check the address, the port and that both devices are on the same network; a firewall may block UDP.
net-error-other = Could not join: { $reason }
net-lobby-title = { $host }'s table: { $game }
net-house-rules = House rules
net-seat = Seat { $number }
net-seat-open = open
net-seat-guest = { $name }
net-seat-host-device = { $name } (host's device)
net-seat-bot = { $name } (bot, { $level })
net-away = away
net-away-held = away: back in { $time } or the seat opens for others
net-ready = ready
net-not-ready = not ready
net-you = you
net-sit-here = Sit here
net-watch = Watch instead
net-i-am-ready = I'm ready
net-others = Also here: { $names }
net-others-title = Also here, without a seat:
net-leave = Leave
net-host-title = Your table is open
net-host-address = Address { $address }, port { $port }
net-host-code = Join code { $code }
net-host-tell = Guests see this table on the network, or join by address with this code.
net-host-start = Start the match
net-host-close = Close the table
net-host-plan-open = Guest
net-host-plan-me = Here
net-host-plan-bot = Bot
net-bot-name = Bot { $number }
net-host-players = Seats
net-host-error = The table could not be opened: { $reason }
net-refusal-not-seated = You have no seat at this table.
net-refusal-not-your-seat = That seat is not yours.
net-refusal-not-your-turn = It is not your turn.
net-refusal-stale = The table moved on: look again and choose.
net-refusal-duplicate = That move had already arrived.
net-refusal-snap-grace = Others may still snap: wait a moment before taking a card.
net-refusal-illegal = Not allowed: { $reason }
net-refusal-no-match = No match is being played.
net-refusal-not-drawing = No seed is being drawn with this device now.
net-refusal-seat-not-free = That seat is taken.
net-refusal-no-free-seat = Every seat is taken. You are in line: the next seat that frees is yours if you came first.
net-refusal-match-running = A match is being played.
net-refusal-open-seats = { $count ->
    [one] { $count } seat is still open.
   *[other] { $count } seats are still open.
}
net-refusal-not-ready = Not ready yet: { $names }
net-refusal-setup = { $reason }
net-refusal-host-only = Only the host may do this.
net-ended-host-left = The host closed the table. Your finished rounds are kept.
net-ended-left = You left the table.
net-ended-lost = The connection to the host was lost ({ $reason }). Your finished rounds are kept; join again to take your seat back.
net-reconnecting = Reconnecting to { $host }'s table… (attempt { $attempt })
net-ended-not-back = The host could not be reached again for { $seconds } s ({ $reason }). A bot plays your seat meanwhile: join the table again to take it back. Your finished rounds are kept.
net-ended-not-back-lobby = The host could not be reached again for { $seconds } s ({ $reason }). Your seat was kept for a while, then opened for others: join the table again to sit down.
net-ended-replaced = Your seat was taken back on another connection.
net-host-remove = Remove
net-host-remove-hint = Remove { $name } from this table: they are told, and cannot come back to this table with their seat
net-ended-removed = The host removed you from this table.
net-ended-other = The host closed the connection: { $reason }
net-back-to-start = Back to the start

## Fair play: the shuffle every seated device draws, and the record checked at the end.
fair-mismatch = This match does not replay as it was played: the host's record differs at move { $at } ({ $what }).
fair-mismatch-start = This match does not replay as it was played: the host's record differs before the first deal ({ $what }).
fair-differs-shares = the shares of the shuffle do not answer the commitments made before it
fair-differs-illegal-move = it holds a move the rules refuse
fair-differs-view = the cards shown on this device
fair-differs-events = what this device was told happened
fair-differs-waiting = whose decision it was
fair-differs-round = a round's scores
fair-differs-result = the result
fair-differs-too-short = it stops before moves this device was shown
fair-differs-too-long = it is too long to check
fair-forfeited = The deal was drawn without { $names }: { $count ->
        [one] that device
       *[other] those devices
    } did not take part in the shuffle in time.
net-files-not-stored = The known hosts or the network settings could not be stored: { $error }

# Online play: hosting a table friends anywhere join by its invite, and joining by one.
net-setup-host-online = Host online
net-online-title = Your table is open online
net-online-opening = Opening the table online (reaching a relay can take a few seconds)…
net-online-tell = Send your friends this invite (Copy, then paste it in any chat), or let them scan the square with a phone; read them the code aloud so they can check it.
net-online-copy = Copy invite
net-online-qr = QR code of the invite
net-online-cut-short = opening the table was cut short
net-online-by-invite = Join a table online
net-online-invite = Invite
net-online-invite-hint = cardtable:join?key=…
net-online-code = Code the host read out
net-online-join = Join online
net-online-error-invite = That is not an invite: { $reason }
net-online-error-code = The code { $typed } is not this invite's ({ $code }): the invite was changed on its way, or the code misheard. Ask the host to send the invite again and read the code aloud.
net-online-connecting = Connecting to the table { $code }…
net-error-online-unreachable = The table { $code } could not be reached online ({ $reason }). The host may have closed it; or ask the host for a new invite.
net-paths = Connections: { $devices }
net-paths-none = Connections: measuring…
net-path-device = { $name }: { $path }, { $ms } ms
net-path-lan = home network
net-path-direct = direct
net-path-relay = via relay
