# The start screen, rules help, "New table" and navigation.

app-title = Cardtable
app-tagline = Classic shedding card games with friends: one device passed round the table, the home network, or bots.
app-version = Cardtable { $version }
nav-back = ← Back
nav-leave = ← Leave
nav-menu = Menu
nav-settings = Settings
start-quick-play = Quick play { $game }
start-new-table = New { $game } table
start-learn = Learn { $game }
start-how-to-play = How to play { $game }
rules-title = How to play { $game }
setup-title = New table: { $game }
setup-players = Players
setup-seat = Seat { $number }
setup-person = Person
setup-profile = Profile…
setup-bot = Bot
setup-name = Name
setup-house-rules = House rules
setup-no-house-rules = This game has no house rules.
setup-start = Sit down and play
setup-problem-name = Every seat needs a name.
setup-problem-duplicate = Two seats have the same name: the log would be ambiguous.
setup-default-player = Player { $number }
