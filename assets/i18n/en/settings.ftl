# The settings screen.

settings-title = Settings
settings-language = Language
settings-four-colour = Four-colour suits (colour-blind friendly): ♦ blue, ♣ green
settings-card-size = Card size
settings-card-size-small = Small
settings-card-size-medium = Medium
settings-card-size-large = Large
settings-animation = Card movement
settings-animation-off = Off
settings-animation-fast = Fast
settings-animation-slow = Slow
settings-bot-pace = Bots' moves
settings-bot-pace-fast = Fast
settings-bot-pace-normal = Normal
settings-bot-pace-slow = Slow
settings-bot-pace-step = Step (Enter for each move)
settings-think-time = Hard bots' thinking time
settings-think-time-fast = Fast
settings-think-time-normal = Normal (half a second)
settings-think-time-long = Long (two seconds)
settings-sound = Sound
settings-sound-mute = Mute
settings-sound-volume = Volume
